import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ACCESS_WITHOUT_AGENCY, DIFFICULTIES, limaDate, MSG, normalize, SEARCH_COUNT_CAP, SEARCH_PAGE_DEFAULT, SUGGEST_MIN_SIMILARITY, type PlaceSearchQuery, type PlaceSearchResponse } from '@sendero/contract';
import { places, placeWords } from '@/db/schema.js';
import { rowsOf } from '@/db/raw.js';
import type { Db } from '@/db/types.js';
import { badRequest } from '@/errors.js';
import { indexColumns, toIndexEntry } from './place-index.js';
import { likeEscape, suggestName } from './place-suggestion.js';

/** Every search statement is cut off after this long (docs/product.md#catalogue). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2000;

/**
 * The cursor is the last item's (created_at, id), opaque to clients and checked here. created_at is
 * kept as the database's text (microseconds): a millisecond Date would skip rows within the same ms.
 */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const valid = rest.length === 0 && at && id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) && /^\d{4}-\d\d-\d\d[ T][\d:.]+([+-]\d\d(:?\d\d)?|Z)?$/.test(at);
  // The shape is right and it is a real date (PostgreSQL would refuse 2026-13-45 with an error).
  if (!valid || Number.isNaN(Date.parse(at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')))) throw badRequest(MSG.searchCursorInvalid, { cursor: MSG.searchCursorInvalid });
  return { at, id };
}

/**
 * The filters of docs/product.md#search in SQL, with the contract's matching rules: the name has a word
 * that starts with the typed text (which may span words), the city starts with it, the difficulty
 * contains the chosen value; accents and case do not matter (the `*_search` columns hold the
 * contract's `normalize` of name and city; difficulties are matched here with `normalize` itself).
 */
export function searchConditions(query: Pick<PlaceSearchQuery, 'name' | 'city' | 'difficulty' | 'open' | 'free' | 'no_agency'>, today: string = limaDate()): SQL[] {
  const conditions: SQL[] = [eq(places.verified, true)];
  const name = normalize(query.name ?? '');
  const city = normalize(query.city ?? '');
  const difficulty = normalize(query.difficulty ?? '');
  if (name) conditions.push(sql`(' ' || ${places.nameSearch}) like ${`% ${likeEscape(name)}%`}`);
  if (city) conditions.push(sql`${places.citySearch} like ${`${likeEscape(city)}%`}`);
  if (difficulty) {
    const matching = DIFFICULTIES.filter((d) => normalize(d).includes(difficulty));
    conditions.push(matching.length ? sql`${places.difficulty} in ${matching}` : sql`false`);
  }
  // docs/product.md#access-facts, with the contract's factsPredicates: 'Abierto en' keeps unknown months
  // and drops a place closed that month or temporarily closed today; 'Entrada libre' a known fee of 0;
  // 'Sin agencia' drops the agency, guide and permit kinds (an unknown access is kept).
  if (query.open !== undefined) {
    conditions.push(sql`not (${query.open}::smallint = any(${places.closedMonths}))`);
    conditions.push(sql`(${places.closureNote} is null or (${places.closedUntil} is not null and ${places.closedUntil} < ${today}::date))`);
  }
  if (query.free) conditions.push(sql`${places.feePen} = 0`);
  if (query.no_agency) conditions.push(sql`(${places.access} is null or ${places.access} in ${[...ACCESS_WITHOUT_AGENCY]})`);
  return conditions;
}

const PLAIN_WORD = /^[a-z0-9]+$/;

/**
 * SQL that is false only when the name search cannot match: a typed word of letters and digits that no
 * word of a verified place's name starts with. The name search wants each typed word at the start of a
 * word of the name (after a space), and the words of `place_words` are cut from the names at every
 * character `name_search` does not turn into a letter or digit (drizzle/0009_place_words.sql), so such a
 * word is in the table whenever a verified name has it (docs/decisions/041-did-you-mean-rule.md).
 * Words with other characters are not checked. Words are [a-z0-9] and '{' sorts after them, so
 * [word, word || '{') is exactly the words that start with it.
 */
function namePossible(name: string | undefined): SQL {
  const words = [...new Set(normalize(name ?? '').split(/\s+/).filter((w) => PLAIN_WORD.test(w)))];
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map((w) => sql`exists (select 1 from ${placeWords} k where k.word ~>=~ ${w} and k.word ~<~ ${`${w}{`})`),
    sql` and `,
  );
}

/**
 * GET /api/place/search: one page, newest first, with the total of matches counted up to `countCap`
 * (more: `total` is the cap and `totalCapped` is true), and when nothing matches, a suggestion
 * (docs/product.md#did-you-mean). Tests pass a small cap.
 */
export async function searchPlaces(db: Db, query: PlaceSearchQuery, countCap = SEARCH_COUNT_CAP): Promise<PlaceSearchResponse> {
  const limit = query.limit ?? SEARCH_PAGE_DEFAULT;
  const conditions = searchConditions(query);
  const page = [...conditions];
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    page.push(sql`(${places.createdAt}, ${places.id}) < (${at}::timestamptz, ${id}::uuid)`);
  }
  return db.transaction(async (tx) => {
    // One round trip for both settings of this transaction: the time bound, and the trigram similarity
    // the suggestion's `%` uses (docs/decisions/041-did-you-mean-rule.md), as SET LOCAL would.
    await tx.execute(
      sql`select set_config('statement_timeout', ${String(SEARCH_STATEMENT_TIMEOUT_MS)}, true), set_config('pg_trgm.similarity_threshold', ${String(SUGGEST_MIN_SIMILARITY)}, true)`,
    );
    // The count first, through the filter indexes (drizzle/0008_search_indexes.sql), stopping after
    // countCap + 1 matches: counting every match of a common filter costs more than the page
    // (docs/decisions/029-search-indexes.md).
    // First, in the same statement, whether every plain typed word starts a word of some verified name
    // (`place_words`, by a range on its prefix btree): when one does not, nothing can match and the name's
    // trigram index is not read. A misspelt name, the search a suggestion follows, costs no count then.
    const matches = tx.select({ one: sql`1`.as('one') }).from(places).where(and(...conditions)).limit(countCap + 1).as('matches');
    const count = tx.select({ counted: sql<number>`count(*)::int` }).from(matches);
    const [{ counted }] = await rowsOf<{ counted: number }>(tx, sql`select case when ${namePossible(query.name)} then (${count}) else 0 end as counted`) as [{ counted: number }];
    const totalCapped = counted > countCap;
    const total = Math.min(counted, countCap);
    if (total === 0) {
      // docs/product.md#did-you-mean: the name with its misspelt words corrected, if that finds places.
      // One statement: each misspelt word's replacement, and whether the corrected name finds places with the other filters.
      const suggestion = await suggestName(tx, query.name, searchConditions({ ...query, name: undefined }));
      return { items: [], next: null, total, totalCapped, suggestion };
    }
    // Few matches: fetch them through the filter indexes and sort them (ordering by an expression keeps
    // the planner from walking every place newest first looking for rare matches, docs/decisions/029-search-indexes.md).
    // Many: walking newest first finds a page of matches after a few rows.
    const newestFirst = !totalCapped ? [desc(sql`${places.createdAt} + interval '0 seconds'`), desc(places.id)] : [desc(places.createdAt), desc(places.id)];
    const rows = await tx
      .select({ ...indexColumns, createdAtText: sql<string>`${places.createdAt}::text` })
      .from(places)
      .where(and(...page))
      .orderBy(...newestFirst)
      .limit(limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(toIndexEntry),
      next: rows.length > limit && last ? encodeCursor(last.createdAtText, last.id) : null,
      total,
      totalCapped,
      suggestion: null,
    };
  });
}
