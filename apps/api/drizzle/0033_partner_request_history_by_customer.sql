-- A project made by a household's request through the company's partner link starts with a stage
-- history row "created in acquisition" that no user wrote: the customer did, so the project view says
-- "by the customer" rather than "by unknown" (public/partner-request.ts writes new ones so). Marks the
-- rows written before: the first row of such a project, written in the request's own transaction (the
-- quote's very time; a project saved later by a user is not one of them).
UPDATE stage_history h SET by_customer = true
FROM projects p JOIN quotes q ON q.id = p.quote_id AND q.requested_company_id = p.company_id
WHERE h.project_id = p.id AND h.from_stage IS NULL AND h.user_id IS NULL AND NOT h.by_customer
  AND h.created_at = q.created_at;
