-- Every change to a board's records or column definitions advances this sequence (lock-free,
-- outside transactions); the API keeps a filtered view's totals and groups only while it stands
-- still (board.summary.ts). Statements that change no row do not move it: the /projects board
-- refreshes its synced cells on every read, and most reads change nothing.
CREATE SEQUENCE IF NOT EXISTS board_data_version;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION board_data_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM nextval('board_data_version');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION board_columns_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('board_data_version');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER board_data_inserted AFTER INSERT ON board_records
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION board_data_changed();
--> statement-breakpoint
CREATE TRIGGER board_data_updated AFTER UPDATE ON board_records
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION board_data_changed();
--> statement-breakpoint
CREATE TRIGGER board_data_deleted AFTER DELETE ON board_records
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION board_data_changed();
--> statement-breakpoint
CREATE TRIGGER board_data_truncated AFTER TRUNCATE ON board_records
  FOR EACH STATEMENT EXECUTE FUNCTION board_columns_changed();
--> statement-breakpoint
CREATE TRIGGER board_columns_changed AFTER INSERT OR UPDATE OR DELETE ON board_properties
  FOR EACH STATEMENT EXECUTE FUNCTION board_columns_changed();
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON SEQUENCE board_data_version TO solar_app;
--> statement-breakpoint
-- The sort and group keys of a board view, as functions for the views' expression indexes
-- (board.view-index.ts). Under row-level security PostgreSQL uses a condition as an index
-- condition only when every function in it is LEAKPROOF (it cannot reveal a row through an error);
-- these cannot raise an error for any input (no casts that can fail, no division), so they are
-- declared so, which lets a page of a grouped view seek to its group instead of walking to it.
-- Declaring LEAKPROOF needs a superuser: without one they are made without it, and the indexes
-- still serve the order (docs/decisions/0006-board-view-indexes.md). plpgsql, so the planner does
-- not inline them (an inlined body loses the marking). Calls between them name the schema: index
-- builds run with only pg_catalog on the search path.
DO $migration$
DECLARE
  leak text := CASE WHEN (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN 'LEAKPROOF' ELSE '' END;
  fns text[] := ARRAY[
    -- The group a record falls in: the cell's value as text, null when empty (groupSql).
    $f$board_cell_text(p jsonb, k text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s AS $b$
    DECLARE c jsonb := p -> k -> 'value';
    BEGIN
      RETURN nullif(CASE jsonb_typeof(c)
        WHEN 'string' THEN c #>> '{}'
        WHEN 'object' THEN c ->> 'value'
        WHEN 'number' THEN c #>> '{}'
        WHEN 'boolean' THEN c #>> '{}'
        WHEN 'array' THEN CASE WHEN jsonb_typeof(c -> 0) = 'object' THEN c -> 0 ->> 'value' ELSE c ->> 0 END
        ELSE NULL END, '');
    END $b$$f$,
    -- The group's place among the column's options.
    $f$board_group_rank(p jsonb, k text, options text[]) RETURNS int LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s AS $b$
    BEGIN RETURN array_position(options, public.board_cell_text(p, k)); END $b$$f$,
    -- The group's first 100 characters (an index entry stays small whatever is typed).
    $f$board_group_prefix(p jsonb, k text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s AS $b$
    BEGIN RETURN left(public.board_cell_text(p, k), 100); END $b$$f$,
    -- A select/status cell's place among the options (sortKeys).
    $f$board_sort_option(p jsonb, k text, options text[]) RETURNS int LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s AS $b$
    BEGIN RETURN array_position(options, p -> k -> 'value' #>> '{}'); END $b$$f$,
    -- A number cell's value (JSONB numbers are numerics: the cast cannot fail).
    $f$board_sort_number(p jsonb, k text) RETURNS numeric LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s AS $b$
    DECLARE c jsonb := p -> k -> 'value';
    BEGIN RETURN CASE WHEN jsonb_typeof(c) = 'number' THEN (c #>> '{}')::numeric END; END $b$$f$,
    -- A cell's text for sorting: lower-cased, its first 100 characters, null when empty.
    $f$board_sort_text(p jsonb, k text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s AS $b$
    DECLARE c jsonb := p -> k -> 'value';
    BEGIN
      RETURN left(nullif(lower(CASE jsonb_typeof(c)
        WHEN 'string' THEN c #>> '{}'
        WHEN 'object' THEN c ->> 'value'
        WHEN 'array' THEN CASE WHEN jsonb_typeof(c -> 0) = 'object' THEN c -> 0 ->> 'label' ELSE c ->> 0 END
        WHEN 'boolean' THEN c #>> '{}'
        ELSE NULL END), ''), 100);
    END $b$$f$,
    -- The record's name: its sort text, its group and the group's first 100 characters.
    $f$board_title_sort(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s AS $b$
    BEGIN RETURN left(nullif(lower(t), ''), 100); END $b$$f$,
    $f$board_title_group(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s AS $b$
    BEGIN RETURN nullif(t, ''); END $b$$f$,
    $f$board_title_prefix(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s AS $b$
    BEGIN RETURN left(nullif(t, ''), 100); END $b$$f$
  ];
  fn text;
BEGIN
  FOREACH fn IN ARRAY fns LOOP
    EXECUTE 'CREATE OR REPLACE FUNCTION ' || format(fn, leak);
  END LOOP;
END $migration$;
--> statement-breakpoint
-- A project's stage and responsible user now move quote_data_version too: saved-project searches
-- filter by them and keep their totals while the version stands still (projects.service.ts).
DROP TRIGGER IF EXISTS quote_data_projects ON projects;
--> statement-breakpoint
CREATE TRIGGER quote_data_projects AFTER INSERT OR DELETE
  OR UPDATE OF is_deleted, company_id, quote_id, stage, responsible_user_id ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION quote_data_changed();
