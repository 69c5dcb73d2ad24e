-- A change of a board's columns (a new, renamed, retyped or deleted property, options, order,
-- widths) is announced to the company's open boards like a change of its records (0022,
-- docs/decisions/0032-live-events.md); who made it is not known here, so the user part is empty.
CREATE OR REPLACE FUNCTION announce_board_columns() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('solar_changes', 'board:' || s.company_id::text || ':')
    FROM (SELECT DISTINCT company_id FROM changed_rows) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER board_columns_announced AFTER UPDATE ON board_properties
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_board_columns();
