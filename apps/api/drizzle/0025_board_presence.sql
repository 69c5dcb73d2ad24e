CREATE TABLE "board_presence" (
	"user_id" uuid NOT NULL,
	"tab_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"board" text NOT NULL,
	"record_id" uuid,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_presence_company_id_user_id_tab_id_pk" PRIMARY KEY("company_id","user_id","tab_id")
);
--> statement-breakpoint
ALTER TABLE "board_presence" ADD CONSTRAINT "board_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_presence" ADD CONSTRAINT "board_presence_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_presence" ADD CONSTRAINT "board_presence_record_id_board_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."board_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_presence_company_idx" ON "board_presence" USING btree ("company_id","board","seen_at");--> statement-breakpoint
ALTER TABLE "board_presence" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "board_presence" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "board_presence" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "board_presence" TO solar_app;
