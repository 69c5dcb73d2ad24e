ALTER TABLE "quote_areas" ADD COLUMN "in_area" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_areas" ADD COLUMN "has_project" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- quote_areas now holds every quote a company sees: its area (in_area) and its projects
-- (has_project), so an installer's search is one index range (docs/decisions/0005).
CREATE OR REPLACE FUNCTION quote_areas_refresh_company(company uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  c record;
  dlat double precision;
  dlng double precision;
BEGIN
  DELETE FROM quote_areas WHERE company_id = company;
  SELECT latitude, longitude, service_radius_km INTO c FROM companies WHERE id = company;
  IF FOUND AND c.latitude IS NOT NULL AND c.longitude IS NOT NULL THEN
    dlat := c.service_radius_km / 111.32;
    dlng := c.service_radius_km / (111.32 * greatest(cos(radians(c.latitude)), 0.01));
    INSERT INTO quote_areas (company_id, quote_id, rating, in_area, has_project)
    SELECT company, q.id, q.rating, true, false FROM quotes q
    WHERE q.latitude BETWEEN c.latitude - dlat AND c.latitude + dlat
      AND q.longitude BETWEEN c.longitude - dlng AND c.longitude + dlng
      AND quote_area_distance_km(c.latitude, c.longitude, q.latitude, q.longitude) <= c.service_radius_km;
  END IF;
  INSERT INTO quote_areas (company_id, quote_id, rating, in_area, has_project)
  SELECT company, q.id, q.rating, false, true FROM projects p JOIN quotes q ON q.id = p.quote_id
  WHERE p.company_id = company AND NOT p.is_deleted
  ON CONFLICT (company_id, quote_id) DO UPDATE SET has_project = true;
END $$;
--> statement-breakpoint
-- A moved quote leaves the areas it left (kept where a project holds it) and joins the new ones.
CREATE OR REPLACE FUNCTION quote_areas_on_quote_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.latitude IS NOT DISTINCT FROM OLD.latitude AND NEW.longitude IS NOT DISTINCT FROM OLD.longitude THEN
    UPDATE quote_areas SET rating = NEW.rating WHERE quote_id = NEW.id;
    RETURN NULL;
  END IF;
  DELETE FROM quote_areas WHERE quote_id = NEW.id AND NOT has_project;
  UPDATE quote_areas SET in_area = false, rating = NEW.rating WHERE quote_id = NEW.id;
  INSERT INTO quote_areas (company_id, quote_id, rating, in_area, has_project)
  SELECT c.id, NEW.id, NEW.rating, true, false FROM companies c
  WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL
    AND quote_area_distance_km(c.latitude, c.longitude, NEW.latitude, NEW.longitude) <= c.service_radius_km
  ON CONFLICT (company_id, quote_id) DO UPDATE SET in_area = true;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A project that appears, disappears, is deleted softly or restored.
CREATE OR REPLACE FUNCTION quote_areas_on_project() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_deleted THEN
    UPDATE quote_areas SET has_project = false WHERE company_id = OLD.company_id AND quote_id = OLD.quote_id;
    DELETE FROM quote_areas WHERE company_id = OLD.company_id AND quote_id = OLD.quote_id AND NOT in_area;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_deleted THEN
    INSERT INTO quote_areas (company_id, quote_id, rating, in_area, has_project)
    SELECT NEW.company_id, q.id, q.rating, false, true FROM quotes q WHERE q.id = NEW.quote_id
    ON CONFLICT (company_id, quote_id) DO UPDATE SET has_project = true;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_areas_project AFTER INSERT OR DELETE OR UPDATE OF is_deleted, company_id, quote_id ON projects
  FOR EACH ROW EXECUTE FUNCTION quote_areas_on_project();
--> statement-breakpoint
UPDATE quote_areas a SET has_project = true FROM projects p
  WHERE p.company_id = a.company_id AND p.quote_id = a.quote_id AND NOT p.is_deleted;
--> statement-breakpoint
INSERT INTO quote_areas (company_id, quote_id, rating, in_area, has_project)
SELECT p.company_id, q.id, q.rating, false, true FROM projects p JOIN quotes q ON q.id = p.quote_id
WHERE NOT p.is_deleted
ON CONFLICT (company_id, quote_id) DO NOTHING;
