-- Route tracks (docs/product.md#tracks, docs/decisions/044-route-tracks.md): one per place, deleted with
-- it; the normalised points packed 12 bytes a point (no times, names or extensions), the server's summary,
-- and the map's line and the profile as the JSON text the API sends. Existing places have none.
CREATE TABLE "place_tracks" (
	"id_place" uuid PRIMARY KEY NOT NULL,
	"segment_lengths" integer[] NOT NULL,
	"points" bytea NOT NULL,
	"point_count" integer NOT NULL,
	"distance_m" integer NOT NULL,
	"ascent_m" integer,
	"descent_m" integer,
	"min_ele_m" integer,
	"max_ele_m" integer,
	"duration_min" integer NOT NULL,
	"line_json" text NOT NULL,
	"profile_json" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "place_tracks_points_check" CHECK ("place_tracks"."point_count" >= 2 and "place_tracks"."point_count" <= 200000 and octet_length("place_tracks"."points") = 12 * "place_tracks"."point_count")
);
--> statement-breakpoint
ALTER TABLE "place_tracks" ADD CONSTRAINT "place_tracks_id_place_places_id_fk" FOREIGN KEY ("id_place") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Packed coordinates barely compress: stored out of line without trying (no pglz pass on every write).
ALTER TABLE "place_tracks" ALTER COLUMN "points" SET STORAGE EXTERNAL;
