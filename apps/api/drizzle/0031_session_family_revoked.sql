-- An access token belongs to the refresh-token family of its login (its `sid` claim), and is refused
-- once that family has ended (auth-hook.ts). A logout, a detected reuse or the end of every session
-- revokes the family; the purge deletes its rows. Either is announced as `family:<family id>` on the
-- change feed (0014), so each API process drops what it keeps of the family at once.
CREATE OR REPLACE FUNCTION announce_family_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('solar_changes', 'family:*');
  ELSE
    PERFORM pg_notify('solar_changes', 'family:' || OLD.family_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER family_revoked_refresh_tokens AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION announce_family_change();
--> statement-breakpoint
CREATE TRIGGER family_deleted_refresh_tokens AFTER DELETE ON refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION announce_family_change();
--> statement-breakpoint
CREATE TRIGGER family_truncated_refresh_tokens AFTER TRUNCATE ON refresh_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION announce_family_change();
