CREATE TABLE "board_record_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_record_events" ADD CONSTRAINT "board_record_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_record_events" ADD CONSTRAINT "board_record_events_record_id_board_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."board_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_record_events" ADD CONSTRAINT "board_record_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_record_events_record_idx" ON "board_record_events" USING btree ("company_id","record_id","id");--> statement-breakpoint
ALTER TABLE "board_record_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "board_record_events" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "board_record_events" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "board_record_events" TO solar_app;--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE board_record_events_id_seq TO solar_app;--> statement-breakpoint
-- A record's history is written once and kept: the API never changes an entry.
REVOKE UPDATE, TRUNCATE ON "board_record_events" FROM solar_app;
