-- Live events (docs/decisions/0032-live-events.md): the database announces, on the change feed's
-- channel, whose notifications changed and which company's board a person changed, so every API
-- process can tell the browsers it holds open streams for. Triggers, as the change feed's others
-- (0014): a write by any process, the worker or an operator is announced alike, and only at commit.
CREATE OR REPLACE FUNCTION announce_notifications() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('solar_changes', 'notification:' || s.user_id::text)
    FROM (SELECT DISTINCT user_id FROM changed_rows) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_announced_inserted AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_notifications();
--> statement-breakpoint
CREATE TRIGGER notifications_announced_updated AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_notifications();
--> statement-breakpoint
CREATE TRIGGER notifications_announced_deleted AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_notifications();
--> statement-breakpoint
-- Every board write records its events (board.history.ts): who changed which company's board.
CREATE OR REPLACE FUNCTION announce_board_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('solar_changes', 'board:' || s.company_id::text || ':' || s.user_id::text)
    FROM (SELECT DISTINCT company_id, user_id FROM changed_rows WHERE user_id IS NOT NULL) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER board_events_announced AFTER INSERT ON board_record_events
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_board_events();
