-- The change feed (docs/decisions/0007-change-feed.md): every change that ends or alters a session,
-- renames a company or moves a data version is announced on the channel `solar_changes`, so each
-- API process can keep sessions, company names and data versions in memory and drop them the
-- moment they change, in every process, instead of asking the database on every request.
-- A notification is sent at commit (a rolled-back change announces nothing), once per distinct
-- payload in a transaction.
-- Announces `<topic>:<id of the changed row>` (`<topic>:*` for a TRUNCATE); the topic is the
-- trigger's argument.
CREATE OR REPLACE FUNCTION announce_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('solar_changes', TG_ARGV[0] || ':*');
  ELSE
    PERFORM pg_notify('solar_changes', TG_ARGV[0] || ':' || OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the auth hook reads of a user (auth-hook.ts): a change to any of it reaches every process.
CREATE TRIGGER session_changed_users AFTER DELETE
  OR UPDATE OF role, company_id, city, is_disabled, session_version ON users
  FOR EACH ROW EXECUTE FUNCTION announce_change('session');
--> statement-breakpoint
CREATE TRIGGER session_truncated_users AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('session');
--> statement-breakpoint
CREATE TRIGGER company_changed_companies AFTER DELETE OR UPDATE OF name ON companies
  FOR EACH ROW EXECUTE FUNCTION announce_change('company');
--> statement-breakpoint
CREATE TRIGGER company_truncated_companies AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('company');
--> statement-breakpoint
-- The data versions of 0011 and 0013 announce themselves as they move.
CREATE OR REPLACE FUNCTION quote_data_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('quote_data_version');
  PERFORM pg_notify('solar_changes', 'version:quote_data_version');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION board_data_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM nextval('board_data_version');
    PERFORM pg_notify('solar_changes', 'version:board_data_version');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION board_columns_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('board_data_version');
  PERFORM pg_notify('solar_changes', 'version:board_data_version');
  RETURN NULL;
END $$;
