ALTER TABLE "places" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The running sum starts from the reviews already stored; `comments` and `rating` are recomputed
-- alongside so the three agree from here on.
UPDATE "places" SET
  "rating_sum" = coalesce(r.total, 0),
  "comments" = coalesce(r.n, 0),
  "rating" = CASE WHEN coalesce(r.n, 0) = 0 THEN 0 ELSE round(r.total::numeric / r.n, 1) END
FROM (SELECT "places"."id" AS place_id, sum("ratings"."rating")::int AS total, count("ratings"."id")::int AS n
      FROM "places" LEFT JOIN "ratings" ON "ratings"."id_place" = "places"."id" GROUP BY "places"."id") r
WHERE "places"."id" = r.place_id;
