import { and, sql, type SQL } from 'drizzle-orm';
import { normalize, SUGGEST_MAX_EDITS, SUGGEST_MIN_LENGTH, SUGGEST_MIN_SIMILARITY } from '@sendero/contract';
import { places, placeWords } from '@/db/schema.js';
import { rowsOf } from '@/db/raw.js';
import type { Tx } from '@/db/types.js';

const PLAIN_WORD = /^[a-z0-9]+$/;

/**
 * The contract's suggestQuery (docs/product.md#did-you-mean) in SQL over `place_words` (the words of
 * verified place names, drizzle/0009_place_words.sql), one statement per typed word that could be
 * replaced, inside the search's transaction (its statement timeout bounds them). Candidates come
 * through the trigram index (`%` at SUGGEST_MIN_SIMILARITY), then at most SUGGEST_MAX_EDITS edits,
 * most trigrams in common, more places, first alphabetically. The same table of cases as the browser
 * (packages/contract/src/suggest-cases.ts) checks it (test/place-suggestion.test.ts).
 */
export async function suggestName(tx: Tx, name: string | undefined): Promise<string | null> {
  const typed = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!typed.some((t) => isCandidate(normalize(t)))) return null;
  await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${SUGGEST_MIN_SIMILARITY}`));
  let changed = false;
  const out: string[] = [];
  for (const t of typed) {
    const word = normalize(t);
    const replacement = isCandidate(word) ? await replacementOf(tx, word) : null;
    if (replacement !== null) changed = true;
    out.push(replacement ?? t);
  }
  return changed ? out.join(' ') : null;
}

function isCandidate(word: string): boolean {
  return word.length >= SUGGEST_MIN_LENGTH && PLAIN_WORD.test(word);
}

/** The spelling of the word that replaces `word` ([a-z0-9] only), or null when a name has it or none is close. */
async function replacementOf(tx: Tx, word: string): Promise<string | null> {
  const rows = await rowsOf<{ display: string | null }>(tx, sql`
    select case when exists (select 1 from ${placeWords} k where k.word like ${`${word}%`}) then null else (
      select c.display from ${placeWords} c
      where c.word % ${word} and levenshtein_less_equal(c.word, ${word}, ${SUGGEST_MAX_EDITS}) <= ${SUGGEST_MAX_EDITS}
      order by cardinality(array(select unnest(show_trgm(c.word)) intersect select unnest(show_trgm(${word})))) desc,
        c.places desc, c.word collate "C"
      limit 1
    ) end as display`);
  return rows[0]?.display ?? null;
}

/** Whether the search with `conditions` finds any place (a suggestion is offered only then). */
export async function findsAny(tx: Tx, conditions: SQL[]): Promise<boolean> {
  const found = await tx.select({ one: sql`1` }).from(places).where(and(...conditions)).limit(1);
  return found.length > 0;
}
