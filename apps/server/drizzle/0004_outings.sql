CREATE TABLE "outing_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_outing" uuid NOT NULL,
	"id_user" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_place" uuid NOT NULL,
	"id_guide" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"meeting_point" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"spots" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'abierta' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outings_spots_check" CHECK ("outings"."spots" >= 1),
	CONSTRAINT "outings_taken_check" CHECK ("outings"."taken" >= 0 and "outings"."taken" <= "outings"."spots"),
	CONSTRAINT "outings_status_check" CHECK ("outings"."status" in ('abierta', 'cancelada'))
);
--> statement-breakpoint
ALTER TABLE "outing_participants" ADD CONSTRAINT "outing_participants_id_outing_outings_id_fk" FOREIGN KEY ("id_outing") REFERENCES "public"."outings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outing_participants" ADD CONSTRAINT "outing_participants_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outings" ADD CONSTRAINT "outings_id_place_places_id_fk" FOREIGN KEY ("id_place") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outings" ADD CONSTRAINT "outings_id_guide_users_id_fk" FOREIGN KEY ("id_guide") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outing_participants_outing_user_idx" ON "outing_participants" USING btree ("id_outing","id_user");--> statement-breakpoint
CREATE INDEX "outing_participants_user_idx" ON "outing_participants" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "outings_place_starts_idx" ON "outings" USING btree ("id_place","starts_at");--> statement-breakpoint
CREATE INDEX "outings_guide_starts_idx" ON "outings" USING btree ("id_guide","starts_at");