CREATE TABLE "board_retypes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"board" text NOT NULL,
	"property_key" text NOT NULL,
	"from_type" text NOT NULL,
	"to_type" text NOT NULL,
	"user_id" uuid,
	"cells" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_retypes" ADD CONSTRAINT "board_retypes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_retypes" ADD CONSTRAINT "board_retypes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_retypes_company_idx" ON "board_retypes" USING btree ("company_id","at");--> statement-breakpoint
ALTER TABLE "board_retypes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "board_retypes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "board_retypes" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "board_retypes" TO solar_app;
