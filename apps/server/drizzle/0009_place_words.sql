-- Did you mean (docs/product.md#did-you-mean, docs/decisions/041-did-you-mean-rule.md): the distinct
-- words of verified places' names, with a spelling as written and how many verified places have each,
-- kept by statement triggers on places whoever writes (a service, a seed, an operator's SQL), in the
-- write's own transaction. A word is cut as the contract's placeNameWords cuts it: a run of the letters
-- name_search translates (drizzle/0005_place_search.sql), normalised to [a-z0-9].
-- fuzzystrmatch (levenshtein_less_equal) is a trusted extension like pg_trgm; PGlite loads it from
-- @electric-sql/pglite/contrib/fuzzystrmatch.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TABLE "place_words" (
	"word" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL,
	"places" integer NOT NULL
);--> statement-breakpoint
-- Candidates by trigrams (word % typed): GiST, as the planner does not pick a GIN index for `%` on a
-- table of short words and reads them all (31,000 words at 100,000 places: ~200 ms by a scan, ~40 ms
-- through GIN, ~12 ms through GiST on the loaded bench machine). "Does a name have a word starting
-- with it" by prefix.
CREATE INDEX IF NOT EXISTS "place_words_word_trgm_idx" ON "place_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "place_words_word_prefix_idx" ON "place_words" ("word" text_pattern_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_name_words(name text) RETURNS TABLE (word text, display text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.word, (array_agg(w.piece ORDER BY w.n))[1]
  FROM (
    SELECT lower(translate(p.piece, 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy')) AS word, p.piece, p.n
    FROM regexp_split_to_table(name, '[^0-9A-Za-zÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ]+') WITH ORDINALITY AS p(piece, n)
    WHERE p.piece <> ''
  ) w
  GROUP BY w.word
$$;--> statement-breakpoint
-- Names that stop counting (removed) and start counting (added); words that reach 0 places go.
CREATE OR REPLACE FUNCTION place_words_change(removed text[], added text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  emptied text[];
BEGIN
  IF removed IS NULL AND added IS NULL THEN
    RETURN;
  END IF;
  WITH names AS (
    SELECT r.name, -1 AS sign FROM unnest(removed) AS r(name)
    UNION ALL
    SELECT a.name, 1 FROM unnest(added) AS a(name)
  ), delta AS (
    SELECT w.word, min(w.display) AS display, sum(names.sign)::int AS change
    FROM names CROSS JOIN LATERAL place_name_words(names.name) w
    GROUP BY w.word
    HAVING sum(names.sign) <> 0
  ), written AS (
    INSERT INTO place_words AS p (word, display, places)
    SELECT d.word, d.display, d.change FROM delta d ORDER BY d.word
    ON CONFLICT (word) DO UPDATE SET places = p.places + excluded.places
    RETURNING p.word, p.places
  )
  SELECT array_agg(written.word) INTO emptied FROM written WHERE written.places <= 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM place_words WHERE word = ANY (emptied) AND places <= 0;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_words_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM place_words_change(NULL, (SELECT array_agg(n.name) FROM new_places n WHERE n.verified));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_words_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM place_words_change(
    (SELECT array_agg(o.name) FROM old_places o JOIN new_places n ON n.id = o.id WHERE o.verified AND (NOT n.verified OR n.name <> o.name)),
    (SELECT array_agg(n.name) FROM old_places o JOIN new_places n ON n.id = o.id WHERE n.verified AND (NOT o.verified OR n.name <> o.name))
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_words_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM place_words_change((SELECT array_agg(o.name) FROM old_places o WHERE o.verified), NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_words_after_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM place_words;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER place_words_insert AFTER INSERT ON places REFERENCING NEW TABLE AS new_places FOR EACH STATEMENT EXECUTE FUNCTION place_words_after_insert();--> statement-breakpoint
CREATE TRIGGER place_words_update AFTER UPDATE ON places REFERENCING OLD TABLE AS old_places NEW TABLE AS new_places FOR EACH STATEMENT EXECUTE FUNCTION place_words_after_update();--> statement-breakpoint
CREATE TRIGGER place_words_delete AFTER DELETE ON places REFERENCING OLD TABLE AS old_places FOR EACH STATEMENT EXECUTE FUNCTION place_words_after_delete();--> statement-breakpoint
CREATE TRIGGER place_words_truncate AFTER TRUNCATE ON places FOR EACH STATEMENT EXECUTE FUNCTION place_words_after_truncate();--> statement-breakpoint
-- The words of the places already verified.
SELECT place_words_change(NULL, (SELECT array_agg(name) FROM places WHERE verified));
