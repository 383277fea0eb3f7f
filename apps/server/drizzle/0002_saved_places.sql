CREATE TABLE "saved_places" (
	"id_user" uuid NOT NULL,
	"id_place" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_places_pkey" PRIMARY KEY("id_user","id_place")
);
--> statement-breakpoint
ALTER TABLE "saved_places" ADD CONSTRAINT "saved_places_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_places" ADD CONSTRAINT "saved_places_id_place_places_id_fk" FOREIGN KEY ("id_place") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_places_user_created_idx" ON "saved_places" USING btree ("id_user","created_at");--> statement-breakpoint
CREATE INDEX "saved_places_place_idx" ON "saved_places" USING btree ("id_place");