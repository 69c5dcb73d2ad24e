-- A formula's comparisons now round both numbers to 12 significant digits (docs/board.md), so
-- `3 * 1.1 == 3.3` is true. Results stored before may say otherwise until their record is touched:
-- queue the job that works out every stored formula and rollup cell again (board.recompute-job.ts)
-- for each company with a formula that compares. It runs on the default queue (JOB_QUEUE) once the
-- API or the worker starts; a company's records are written only where a cell changes.
INSERT INTO jobs (queue, kind, payload)
SELECT DISTINCT 'default', 'board-recompute', jsonb_build_object('companyId', bp.company_id)
FROM board_properties bp, jsonb_each(bp.properties) AS c(key, col)
WHERE c.col->>'dataType' = 'formula' AND c.col->>'formula' ~ '==|!=|<|>';
