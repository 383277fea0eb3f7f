import { and, sql, type SQL } from 'drizzle-orm';
import { normalize, SUGGEST_MAX_EDITS, SUGGEST_MIN_LENGTH } from '@sendero/contract';
import { places, placeWords } from '@/db/schema.js';
import { rowsOf } from '@/db/raw.js';
import type { Tx } from '@/db/types.js';

const PLAIN_WORD = /^[a-z0-9]+$/;

/** `%`, `_` and `\` typed by a user match themselves in LIKE. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The contract's suggestQuery (docs/product.md#did-you-mean) in SQL over `place_words` (the words of
 * verified place names, drizzle/0009_place_words.sql), as ONE statement inside the search's transaction
 * (its statement timeout bounds it, and `pg_trgm.similarity_threshold` is set to SUGGEST_MIN_SIMILARITY
 * there, docs/decisions/041-did-you-mean-rule.md): every typed word that could be replaced looks up its
 * replacement in a LATERAL join (a word some name starts with is kept, by a range on the prefix btree;
 * candidates through the trigram GiST index (`%`), then at most SUGGEST_MAX_EDITS edits, most trigrams in
 * common, more places, first alphabetically), and the same statement checks that the corrected name
 * finds a place with the search's other filters (`otherConditions`). The same table of cases as the
 * browser (packages/contract/src/suggest-cases.ts) checks it (test/place-suggestion.test.ts).
 *
 * Returns the corrected name, or null when no word changed or the corrected search finds nothing.
 */
export async function suggestName(tx: Tx, name: string | undefined, otherConditions: SQL[]): Promise<string | null> {
  const typed = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const words = typed.map((t) => {
    const word = normalize(t);
    // `piece`: the word as the name search matches it when it stays as typed (escaped for LIKE).
    return { word, piece: likeEscape(word), candidate: isCandidate(word) };
  });
  if (!words.some((w) => w.candidate)) return null;
  const rows = await rowsOf<{ displays: (string | null)[] | null; finds: boolean | null }>(tx, sql`
    with typed as materialized (
      select t.ord, t.word, t.piece, t.candidate
      from jsonb_to_recordset(${JSON.stringify(words.map((w, ord) => ({ ...w, ord })))}::jsonb) as t(ord int, word text, piece text, candidate boolean)
    ), fixed as materialized (
      select typed.ord, typed.piece, r.word as replacement, r.display
      from typed left join lateral (
        select c.word, c.display from ${placeWords} c
        where typed.candidate
          -- 'No place name contains it': no word starts with it. Words are [a-z0-9] and '{' sorts after
          -- them, so [word, word || '{') is exactly the words starting with it, read from the prefix btree.
          and not exists (select 1 from ${placeWords} k where k.word ~>=~ typed.word and k.word ~<~ (typed.word || '{'))
          and c.word % typed.word
          and levenshtein_less_equal(c.word, typed.word, ${SUGGEST_MAX_EDITS}) <= ${SUGGEST_MAX_EDITS}
        order by cardinality(array(select unnest(show_trgm(c.word)) intersect select unnest(show_trgm(typed.word)))) desc,
          c.places desc, c.word collate "C"
        limit 1
      ) r on true
    ), suggested as materialized (
      select '% ' || string_agg(coalesce(fixed.replacement, fixed.piece), ' ' order by fixed.ord) || '%' as pattern,
        bool_or(fixed.replacement is not null) as changed
      from fixed
    ), found as materialized (
      -- Materialized: planned for all its rows, the planner takes the name's trigram index; planned for
      -- the first row only (LIMIT 1, EXISTS) it read every place when the corrected name finds none.
      select 1 from ${places} where ${and(...otherConditions)} and (' ' || ${places.nameSearch}) like (select pattern from suggested)
    )
    select (select array_agg(fixed.display order by fixed.ord) from fixed) as displays,
      case when (select changed from suggested) then exists (select 1 from found) else false end as finds`);
  const [row] = rows;
  if (!row?.finds || !row.displays) return null;
  const displays = row.displays;
  return typed.map((t, i) => displays[i] ?? t).join(' ');
}

function isCandidate(word: string): boolean {
  return word.length >= SUGGEST_MIN_LENGTH && PLAIN_WORD.test(word);
}
