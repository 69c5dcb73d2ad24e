ALTER TABLE "quote_areas" ADD COLUMN "building_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_areas" ADD COLUMN "status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_areas" ADD COLUMN "verification" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_areas" ADD COLUMN "total_cost" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The copies of a quote's building type, status, verification and total cost in each company's row
-- of quote_areas (docs/decisions/0005, "Revised 2026-11-26"): an installer's filtered page walks
-- its area in rating order and checked each row's quote, about 14 rows read for each one shown.
-- A row gets the copies when it is made, whichever trigger makes it, and keeps them with its quote.
CREATE OR REPLACE FUNCTION quote_areas_copy_quote() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  SELECT q.building_type, q.status, q.verification, q.total_cost
    INTO NEW.building_type, NEW.status, NEW.verification, NEW.total_cost
    FROM quotes q WHERE q.id = NEW.quote_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_areas_copy BEFORE INSERT ON quote_areas
  FOR EACH ROW EXECUTE FUNCTION quote_areas_copy_quote();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quote_areas_on_quote_filters() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE quote_areas SET building_type = NEW.building_type, status = NEW.status,
    verification = NEW.verification, total_cost = NEW.total_cost
  WHERE quote_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_areas_quote_filters AFTER UPDATE OF building_type, status, verification, total_cost ON quotes
  FOR EACH ROW
  WHEN (OLD.building_type IS DISTINCT FROM NEW.building_type OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.verification IS DISTINCT FROM NEW.verification OR OLD.total_cost IS DISTINCT FROM NEW.total_cost)
  EXECUTE FUNCTION quote_areas_on_quote_filters();
--> statement-breakpoint
UPDATE quote_areas a SET building_type = q.building_type, status = q.status,
  verification = q.verification, total_cost = q.total_cost
FROM quotes q WHERE q.id = a.quote_id;
--> statement-breakpoint
-- The rating index carries the copies, so the page reads its area from the index alone.
DROP INDEX "quote_areas_company_rating_idx";
--> statement-breakpoint
CREATE INDEX "quote_areas_company_rating_idx" ON "quote_areas" USING btree ("company_id","rating","quote_id")
  INCLUDE ("building_type", "status", "verification", "total_cost");
