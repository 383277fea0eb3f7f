CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_admin" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_user" uuid NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"difficulty" text NOT NULL,
	"capacity" integer NOT NULL,
	"time_min" real NOT NULL,
	"time_max" real NOT NULL,
	"time_city" real NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text NOT NULL,
	"how_to_get" text NOT NULL,
	"tips" text NOT NULL,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_difficulty_check" CHECK ("places"."difficulty" in ('Fácil', 'Media', 'Exigente', 'Difícil')),
	CONSTRAINT "places_time_check" CHECK ("places"."time_min" >= 0 and "places"."time_min" <= "places"."time_max")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_user" uuid NOT NULL,
	"id_place" uuid NOT NULL,
	"photo_url" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_rating_check" CHECK ("ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_user" uuid,
	"preset" text NOT NULL,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"status" text DEFAULT 'none' NOT NULL,
	"instagram" text DEFAULT '' NOT NULL,
	"facebook" text DEFAULT '' NOT NULL,
	"linkedin" text DEFAULT '' NOT NULL,
	"other1" text DEFAULT '' NOT NULL,
	"other2" text DEFAULT '' NOT NULL,
	"other3" text DEFAULT '' NOT NULL,
	"about_you" text DEFAULT '' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'guide', 'admin')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('none', 'Enviado', 'Aprobado', 'Rechazado'))
);
--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_id_admin_users_id_fk" FOREIGN KEY ("id_admin") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_id_place_places_id_fk" FOREIGN KEY ("id_place") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_target_idx" ON "admin_actions" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "places_verified_created_idx" ON "places" USING btree ("verified","created_at");--> statement-breakpoint
CREATE INDEX "places_id_user_idx" ON "places" USING btree ("id_user");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_user_place_idx" ON "ratings" USING btree ("id_user","id_place");--> statement-breakpoint
CREATE INDEX "ratings_place_created_idx" ON "ratings" USING btree ("id_place","created_at");--> statement-breakpoint
CREATE INDEX "uploads_url_idx" ON "uploads" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");