CREATE TABLE "offer_declines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"offer_version" integer NOT NULL,
	"reason" text,
	"ip" text DEFAULT '' NOT NULL,
	"declined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_declines" ADD CONSTRAINT "offer_declines_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_declines" ADD CONSTRAINT "offer_declines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_declines_offer_key" ON "offer_declines" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_declines_project_idx" ON "offer_declines" USING btree ("project_id");