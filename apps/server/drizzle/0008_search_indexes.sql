-- Server search at 100,000 places (docs/decisions/029-search-indexes.md): the name's word prefix
-- (' ' || name_search LIKE '% text%') through a trigram GIN index, the city prefix (with the
-- difficulty, so a count reads the index only) through a btree; verified places only, as searched.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it
-- from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_name_search_trgm_idx" ON "places" USING gin ((' ' || "name_search") gin_trgm_ops) WHERE "verified";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_city_search_idx" ON "places" ("city_search" text_pattern_ops, "difficulty") WHERE "verified";
