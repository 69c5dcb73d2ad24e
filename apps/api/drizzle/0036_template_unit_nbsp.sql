-- The built-in e-mail templates now join a placeholder and the unit after it by a no-break space
-- (U+00A0, chr(160)): '{{yearlyProduction}} kWh' with an ordinary space let a wrapped line leave
-- 'kWh' alone on the next. Companies' stored templates (many copied from the built-in ones) get the
-- same fix in subject and body, and only in that exact pattern: a `{{placeholder}}`, one ordinary
-- space, a unit that no letter or digit follows (any non-ASCII character counts as a letter, as the
-- database's locale may not know which are). Raw SQL: drizzle-kit generates no data migrations.
-- updated_at stays, since the text is the user's but for the space. Word (.docx) files in storage
-- are not touched.
WITH fix AS (
  SELECT
    '(\{\{\s*[A-Za-z]+\s*\}\}) (kWh|kWp|kW|W|km|m²|%|€)(?![[:alnum:]_]|[^\x01-\x7f])'::text AS pattern,
    '\1' || chr(160) || '\2' AS replacement
)
UPDATE email_templates
SET
  subject = regexp_replace(subject, fix.pattern, fix.replacement, 'g'),
  body = regexp_replace(body, fix.pattern, fix.replacement, 'g')
FROM fix
WHERE subject ~ fix.pattern OR body ~ fix.pattern;
