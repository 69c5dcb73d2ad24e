-- A board record's own fields as the JSON members of its page answer, written when the record is
-- written instead of on every read (docs/decisions/0026). A page of the board (`cells=values`) is
-- 50 records each written by PostgreSQL as JSON; about a third of that work was these fields (text,
-- uuids and dates joined with `||`), the same on every read of an unchanged record. A trigger keeps
-- `head` for every insert and update, whatever writes the row (the API, CSV imports, COPY); the
-- page statement adds the company's name and the values in the order the page asks for.
ALTER TABLE board_records ADD COLUMN head text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION board_record_head() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.head := '"_id":"' || NEW.id || '","board":' || to_json(NEW.board)::text
    || ',"projectId":' || coalesce('"' || NEW.project_id || '"', 'null')
    || ',"viewId":' || coalesce('"' || NEW.view_id || '"', 'null')
    || ',"taskName":' || to_json(NEW.task_name)::text
    || ',"userId":' || coalesce('"' || NEW.user_id || '"', 'null')
    || ',"isFrontendVisible":' || NEW.is_frontend_visible::text
    || ',"isBlank":' || NEW.is_blank::text
    || ',"isDeleted":' || NEW.is_deleted::text
    || ',"fromRecord":' || coalesce('"' || NEW.from_record || '"', 'null')
    || ',"position":' || NEW.position::text
    || ',"seq":' || NEW.seq::text
    || ',"notes":' || to_json(NEW.notes)::text
    || ',"createdAt":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updatedAt":"' || to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER board_record_head BEFORE INSERT OR UPDATE ON board_records
  FOR EACH ROW EXECUTE FUNCTION board_record_head();
--> statement-breakpoint
-- The records written before: the update runs the trigger.
UPDATE board_records SET head = NULL;
--> statement-breakpoint
ALTER TABLE board_records ALTER COLUMN head SET NOT NULL;
