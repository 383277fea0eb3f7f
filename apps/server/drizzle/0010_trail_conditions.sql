-- Trail conditions (docs/product.md#trail-conditions): what a review says of the path (the day walked,
-- its state, up to five hazards) and a place's temporary closure. Existing reviews say nothing: null,
-- null and no hazards.
ALTER TABLE "places" ADD COLUMN "closed_until" date;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "closure_note" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "walked_on" date;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hazards" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "ratings_alarming_created_idx" ON "ratings" USING btree ("created_at") WHERE "ratings"."condition" in ('peligroso', 'cerrado');--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_condition_check" CHECK ("ratings"."condition" is null or "ratings"."condition" in ('despejado', 'obstaculos', 'peligroso', 'cerrado'));