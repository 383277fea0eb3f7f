-- Did you mean on a large catalogue (docs/decisions/041-did-you-mean-rule.md, figures there).
-- 1. The name's trigram GIN index with a pending list of 64 kB (the least allowed) instead of 4 MB: new
--    entries wait in that unsorted list, which every search reads in full, until it is full or a vacuum
--    empties it. PGlite never autovacuums; after 100,000 places inserted by one statement the list held
--    321 pages, and "% salkantay%" read 352 pages of the index (13 ms) where the sorted index alone reads
--    33. A full list is merged by the write that fills it: inserting 100,000 names took 2.9 s against
--    1.1 s with 4 MB and 14.8 s with no list at all (fastupdate off).
ALTER INDEX "places_name_search_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
SELECT gin_clean_pending_list('places_name_search_trgm_idx'::regclass);--> statement-breakpoint
-- 2. The words' GiST trigram index with 256-byte signatures instead of 12: with 31,000 short words
--    the default signatures of the inner pages had nearly every bit set, so `word % typed` read the
--    whole index (277 pages) for any word; with 256 bytes "salcantay" reads 105, "choquekirao" 42,
--    a word like no other 7.
DROP INDEX IF EXISTS "place_words_word_trgm_idx";--> statement-breakpoint
CREATE INDEX "place_words_word_trgm_idx" ON "place_words" USING gist ("word" gist_trgm_ops (siglen = 256));
