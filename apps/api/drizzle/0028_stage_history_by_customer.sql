ALTER TABLE "stage_history" ADD COLUMN "by_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Moves the customer made before: an acceptance's own move and the closing of the other companies'
-- entries for the same quote were written in the acceptance's transaction, so at its very time.
UPDATE "stage_history" AS sh SET "by_customer" = true
WHERE sh."user_id" IS NULL
  AND sh."to_stage" IN ('INSTALLER_SIGNED', 'OFFER_NOT_ACCEPTED')
  AND EXISTS (
    SELECT 1 FROM "offer_acceptances" a
    JOIN "projects" pa ON pa."id" = a."project_id"
    JOIN "projects" ps ON ps."id" = sh."project_id"
    WHERE pa."quote_id" = ps."quote_id" AND a."accepted_at" = sh."created_at"
  );
