DROP INDEX "jobs_pending_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "queue" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("queue","status","run_at");