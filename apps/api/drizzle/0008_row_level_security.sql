-- Row-level security on the company-owned tables (issue 8, docs/security.md "Row-level security").
-- The API connects as the owner for migrations, then works as solar_app: not the owner, no BYPASSRLS,
-- so FORCE'd policies hold. Each transaction names its company (or the platform scope) with
-- set_config(..., true); without it a company table shows no rows and takes no writes.
DO $$ BEGIN
  CREATE ROLE solar_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO solar_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public TO solar_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO solar_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON TABLES TO solar_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO solar_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_tenant_visible(company uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.scope', true), '') = 'platform'
      OR company = nullif(current_setting('app.company_id', true), '')::uuid
$$;
--> statement-breakpoint
ALTER TABLE "projects" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "projects" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "projects" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "change_requests" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "change_requests" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "change_requests" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "offers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "offers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "offers" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "email_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "email_templates" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "email_templates" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "installer_products" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "installer_products" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "installer_products" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "pricing_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "pricing_settings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "pricing_settings" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "subscriptions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "subscriptions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "subscriptions" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "local_checkout_sessions" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "downloads" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "downloads" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "downloads" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "board_records" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "board_records" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "board_records" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "board_counters" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "board_counters" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "board_counters" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "board_properties" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "board_properties" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "board_properties" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "board_views" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "board_views" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "board_views" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
--> statement-breakpoint
ALTER TABLE "task_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "task_templates" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "task_templates" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
