CREATE TABLE "quote_areas" (
	"company_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"rating" double precision NOT NULL,
	CONSTRAINT "quote_areas_pkey" PRIMARY KEY("company_id","quote_id")
);
--> statement-breakpoint
DROP INDEX "quotes_rating_idx";--> statement-breakpoint
ALTER TABLE "quote_areas" ADD CONSTRAINT "quote_areas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_areas" ADD CONSTRAINT "quote_areas_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_areas_company_rating_idx" ON "quote_areas" USING btree ("company_id","rating","quote_id");--> statement-breakpoint
CREATE INDEX "quote_areas_quote_idx" ON "quote_areas" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_rating_id_idx" ON "quotes" USING btree ("rating","id");--> statement-breakpoint
CREATE INDEX "quotes_city_rating_idx" ON "quotes" USING btree ("city","rating","id");--> statement-breakpoint
-- quote_areas holds, per company, the quotes inside its service area (docs/decisions/0005). The
-- distance is the great-circle formula the scope used inline before (quotes.scope.ts).
CREATE OR REPLACE FUNCTION quote_area_distance_km(lat1 double precision, lng1 double precision,
  lat2 double precision, lng2 double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 6371 * 2 * asin(sqrt(power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)))
$$;
--> statement-breakpoint
-- A company's area anew: its rows dropped, the quotes within its radius found through the
-- (latitude, longitude) index and the exact distance.
CREATE OR REPLACE FUNCTION quote_areas_refresh_company(company uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  c record;
  dlat double precision;
  dlng double precision;
BEGIN
  DELETE FROM quote_areas WHERE company_id = company;
  SELECT latitude, longitude, service_radius_km INTO c FROM companies WHERE id = company;
  IF NOT FOUND OR c.latitude IS NULL OR c.longitude IS NULL THEN
    RETURN;
  END IF;
  dlat := c.service_radius_km / 111.32;
  dlng := c.service_radius_km / (111.32 * greatest(cos(radians(c.latitude)), 0.01));
  INSERT INTO quote_areas (company_id, quote_id, rating)
  SELECT company, q.id, q.rating FROM quotes q
  WHERE q.latitude BETWEEN c.latitude - dlat AND c.latitude + dlat
    AND q.longitude BETWEEN c.longitude - dlng AND c.longitude + dlng
    AND quote_area_distance_km(c.latitude, c.longitude, q.latitude, q.longitude) <= c.service_radius_km;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quote_areas_on_company() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM quote_areas_refresh_company(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_areas_company_insert AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION quote_areas_on_company();
--> statement-breakpoint
CREATE TRIGGER quote_areas_company_update AFTER UPDATE OF latitude, longitude, service_radius_km ON companies
  FOR EACH ROW
  WHEN (OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude
    OR OLD.service_radius_km IS DISTINCT FROM NEW.service_radius_km)
  EXECUTE FUNCTION quote_areas_on_company();
--> statement-breakpoint
-- New quotes, once per statement (a bulk load joins its rows with the companies in one pass).
CREATE OR REPLACE FUNCTION quote_areas_on_quotes_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO quote_areas (company_id, quote_id, rating)
  SELECT c.id, n.id, n.rating FROM new_quotes n
  JOIN companies c ON c.latitude IS NOT NULL AND c.longitude IS NOT NULL
    AND n.latitude BETWEEN c.latitude - c.service_radius_km / 111.32 AND c.latitude + c.service_radius_km / 111.32
    AND quote_area_distance_km(c.latitude, c.longitude, n.latitude, n.longitude) <= c.service_radius_km;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_areas_quotes_insert AFTER INSERT ON quotes
  REFERENCING NEW TABLE AS new_quotes FOR EACH STATEMENT EXECUTE FUNCTION quote_areas_on_quotes_insert();
--> statement-breakpoint
-- A moved quote is placed anew; a new rating is copied.
CREATE OR REPLACE FUNCTION quote_areas_on_quote_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.latitude IS NOT DISTINCT FROM OLD.latitude AND NEW.longitude IS NOT DISTINCT FROM OLD.longitude THEN
    UPDATE quote_areas SET rating = NEW.rating WHERE quote_id = NEW.id;
    RETURN NULL;
  END IF;
  DELETE FROM quote_areas WHERE quote_id = NEW.id;
  INSERT INTO quote_areas (company_id, quote_id, rating)
  SELECT c.id, NEW.id, NEW.rating FROM companies c
  WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL
    AND quote_area_distance_km(c.latitude, c.longitude, NEW.latitude, NEW.longitude) <= c.service_radius_km;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_areas_quote_update AFTER UPDATE OF latitude, longitude, rating ON quotes
  FOR EACH ROW
  WHEN (OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude
    OR OLD.rating IS DISTINCT FROM NEW.rating)
  EXECUTE FUNCTION quote_areas_on_quote_update();
--> statement-breakpoint
SELECT quote_areas_refresh_company(id) FROM companies;
--> statement-breakpoint
-- Every change that can move a search's totals advances this sequence (lock-free, outside
-- transactions); the API keeps totals only while it stands still (quotes.search.ts).
CREATE SEQUENCE IF NOT EXISTS quote_data_version;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quote_data_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('quote_data_version');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_data_quotes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quotes
  FOR EACH STATEMENT EXECUTE FUNCTION quote_data_changed();
--> statement-breakpoint
CREATE TRIGGER quote_data_projects AFTER INSERT OR DELETE OR UPDATE OF is_deleted, company_id, quote_id ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION quote_data_changed();
--> statement-breakpoint
CREATE TRIGGER quote_data_areas AFTER INSERT OR UPDATE OR DELETE ON quote_areas
  FOR EACH STATEMENT EXECUTE FUNCTION quote_data_changed();
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON SEQUENCE quote_data_version TO solar_app;
--> statement-breakpoint
-- Under row-level security for the API's role (docs/security.md): a company reads and writes only
-- its own area. Not FORCE'd: the triggers above run as the owner (SECURITY DEFINER) because a new
-- quote or company changes other companies' areas, whoever's transaction it is in. Nobody else may
-- call them directly.
ALTER TABLE "quote_areas" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION quote_areas_refresh_company(uuid) FROM PUBLIC;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "quote_areas" USING (app_tenant_visible(company_id)) WITH CHECK (app_tenant_visible(company_id));
