-- A household's request through a company's partner link (`quotes.requested_company_id`, the
-- /request?partner= page, which tells the household 'Your request goes straight to <company>') is
-- that company's alone: it is in no other company's service area, so no other installer sees it in
-- the nearby requests, on the map, as a single quote or in the daily leads, nor can save it (and so
-- read the customer's contact details). The partner has it as its project (has_project). A request
-- whose partner is gone (the company deleted: ON DELETE SET NULL) is an ordinary one again, in the
-- areas around it. docs/pipeline.md "Who sees what".
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
      AND quote_area_distance_km(c.latitude, c.longitude, q.latitude, q.longitude) <= c.service_radius_km
      AND (q.requested_company_id IS NULL OR q.requested_company_id = company);
  END IF;
  INSERT INTO quote_areas (company_id, quote_id, rating, in_area, has_project)
  SELECT company, q.id, q.rating, false, true FROM projects p JOIN quotes q ON q.id = p.quote_id
  WHERE p.company_id = company AND NOT p.is_deleted
  ON CONFLICT (company_id, quote_id) DO UPDATE SET has_project = true;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quote_areas_on_quotes_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO quote_areas (company_id, quote_id, rating)
  SELECT c.id, n.id, n.rating FROM new_quotes n
  JOIN companies c ON c.latitude IS NOT NULL AND c.longitude IS NOT NULL
    AND n.latitude BETWEEN c.latitude - c.service_radius_km / 111.32 AND c.latitude + c.service_radius_km / 111.32
    AND quote_area_distance_km(c.latitude, c.longitude, n.latitude, n.longitude) <= c.service_radius_km
    AND (n.requested_company_id IS NULL OR n.requested_company_id = c.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A moved quote, or one whose partner changed, leaves the areas it left (kept where a project holds
-- it) and joins the new ones; a new rating alone is copied.
CREATE OR REPLACE FUNCTION quote_areas_on_quote_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.latitude IS NOT DISTINCT FROM OLD.latitude AND NEW.longitude IS NOT DISTINCT FROM OLD.longitude
    AND NEW.requested_company_id IS NOT DISTINCT FROM OLD.requested_company_id THEN
    UPDATE quote_areas SET rating = NEW.rating WHERE quote_id = NEW.id;
    RETURN NULL;
  END IF;
  DELETE FROM quote_areas WHERE quote_id = NEW.id AND NOT has_project;
  UPDATE quote_areas SET in_area = false, rating = NEW.rating WHERE quote_id = NEW.id;
  INSERT INTO quote_areas (company_id, quote_id, rating, in_area, has_project)
  SELECT c.id, NEW.id, NEW.rating, true, false FROM companies c
  WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL
    AND quote_area_distance_km(c.latitude, c.longitude, NEW.latitude, NEW.longitude) <= c.service_radius_km
    AND (NEW.requested_company_id IS NULL OR NEW.requested_company_id = c.id)
  ON CONFLICT (company_id, quote_id) DO UPDATE SET in_area = true;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER quote_areas_quote_update ON quotes;
--> statement-breakpoint
CREATE TRIGGER quote_areas_quote_update AFTER UPDATE OF latitude, longitude, rating, requested_company_id ON quotes
  FOR EACH ROW
  WHEN (OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude
    OR OLD.rating IS DISTINCT FROM NEW.rating OR OLD.requested_company_id IS DISTINCT FROM NEW.requested_company_id)
  EXECUTE FUNCTION quote_areas_on_quote_update();
--> statement-breakpoint
-- The partner requests other companies' areas already hold: gone, except where such a company saved
-- one as its project before (its project stays, outside its area).
DELETE FROM quote_areas a USING quotes q
WHERE q.id = a.quote_id AND q.requested_company_id IS NOT NULL AND a.company_id <> q.requested_company_id
  AND NOT a.has_project;
--> statement-breakpoint
UPDATE quote_areas a SET in_area = false FROM quotes q
WHERE q.id = a.quote_id AND q.requested_company_id IS NOT NULL AND a.company_id <> q.requested_company_id
  AND a.in_area;
