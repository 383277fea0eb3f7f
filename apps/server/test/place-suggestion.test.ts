import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, MSG, type Place, type PlaceSearchResponse, SUGGEST_CASE_PLACES, SUGGEST_CASES, SUGGEST_MIN_SIMILARITY, suggestionWords } from '@sendero/contract';
import { rowsOf } from '@/db/raw.js';
import type { Tx } from '@/db/types.js';
import { searchPlaces, SEARCH_STATEMENT_TIMEOUT_MS } from '@/services/place-search.js';
import { placeWords, places } from '@/db/schema.js';
import { useTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { insertPlaces } from './helpers/place-rows.js';
import { createPlace } from './helpers/upload-fixtures.js';

/** GET /api/place/search?name=… as a visitor (no token), expecting 200. */
async function search(t: TestApp, filters: { name?: string; city?: string; difficulty?: string }) {
  const res = await api(t).get<PlaceSearchResponse>(API.placeSearch(filters));
  expect(res.status, JSON.stringify(filters)).toBe(200);
  return res.body;
}

/** The word table equals the contract's words of the verified places' names, recomputed from scratch. */
async function expectWordTableConsistent(t: TestApp) {
  const rows = await t.db.select().from(placeWords);
  const names = (await t.db.select({ name: places.name, verified: places.verified }).from(places)).filter((p) => p.verified).map((p) => p.name);
  const expected = suggestionWords(names).map(({ word, places: n }) => ({ word, places: n }));
  const byWord = (a: { word: string }, b: { word: string }) => (a.word < b.word ? -1 : 1);
  expect(rows.map(({ word, places: n }) => ({ word, places: n })).sort(byWord)).toEqual(expected.sort(byWord));
}

describe('did you mean on GET /api/place/search (docs/product.md#did-you-mean)', () => {
  const t = useTestApp();
  let owner: TestUser;

  beforeAll(async () => {
    owner = await t.createUser();
    // Written straight to the table, in one statement (as a seed or an operator would): the triggers keep the words.
    await insertPlaces(t, owner, SUGGEST_CASE_PLACES);
  });

  it('follows the same table of cases as the browser', async () => {
    for (const { filters, suggestion } of SUGGEST_CASES) {
      const body = await search(t, filters);
      expect(body.suggestion, JSON.stringify(filters)).toBe(suggestion);
      if (suggestion !== null) {
        expect(body.total).toBe(0);
        // The suggestion finds places.
        expect((await search(t, { ...filters, name: suggestion })).total, suggestion).toBeGreaterThan(0);
      }
    }
    await expectWordTableConsistent(t);
  });

  it('is null whenever something is found', async () => {
    expect(await search(t, { name: 'nevado' })).toMatchObject({ total: 3, suggestion: null });
  });

  it('runs in one transaction bounded by the statement timeout, with the trigram threshold of the rule', async () => {
    // What the search's transaction has set once its statements ran (set_config(..., true) is SET LOCAL).
    let settings: Record<string, unknown> | undefined;
    const transaction = t.db.transaction.bind(t.db);
    const spy = vi.spyOn(t.db, 'transaction').mockImplementation(((run: (tx: Tx) => Promise<unknown>) =>
      transaction(async (tx) => {
        const result = await run(tx);
        [settings] = await rowsOf(tx, sql`select current_setting('statement_timeout') as timeout, current_setting('pg_trgm.similarity_threshold')::float8 as threshold`);
        return result;
      })) as typeof t.db.transaction);
    try {
      expect(await searchPlaces(t.db, { name: 'salcantay' })).toMatchObject({ total: 0, suggestion: 'Salkantay' });
    } finally {
      spy.mockRestore();
    }
    expect(settings).toEqual({ timeout: `${SEARCH_STATEMENT_TIMEOUT_MS / 1000}s`, threshold: SUGGEST_MIN_SIMILARITY });
    // Outside it, nothing stays set.
    const [after] = await rowsOf(t.db, sql`select current_setting('statement_timeout') as timeout`);
    expect(after?.timeout).not.toBe(`${SEARCH_STATEMENT_TIMEOUT_MS / 1000}s`);
  });

  it('its indexes keep the name index without a long pending list and the words index with long signatures (drizzle/0013_suggest_indexes.sql)', async () => {
    // docs/decisions/041-did-you-mean-rule.md: at 100,000 places the defaults made every search read a
    // 4 MB pending list and every word lookup the whole words index.
    const rows = await rowsOf<{ name: string; options: string[] | null; definition: string }>(
      t.db,
      sql`select c.relname as name, c.reloptions as options, pg_get_indexdef(c.oid) as definition from pg_class c
          where c.relname in ('places_name_search_trgm_idx', 'place_words_word_trgm_idx') order by c.relname`,
    );
    expect(rows.map((r) => r.name)).toEqual(['place_words_word_trgm_idx', 'places_name_search_trgm_idx']);
    expect(rows[0]!.definition).toMatch(/USING gist \(word gist_trgm_ops \(siglen='?256'?\)\)/);
    expect(rows[1]!.options).toContain('gin_pending_list_limit=64');
  });

  it('bad input: 1 and 200 characters, punctuation, emoji, SQL-looking text, NUL: a Spanish 400 or no suggestion, never a 500', async () => {
    const tooLong = await api(t).get<ErrorBody>(API.placeSearch({ name: 'salcantay'.repeat(23).slice(0, 200) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(MSG.searchTooLong);
    for (const name of ['x', '.,;:!?¡¿()[]{}', '\u{1F600}\u{1F3D4}\u{FE0F} salcantay\u{1F600}', '\u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600}', "salcantay' or '1'='1", "'; drop table place_words; --", 'salcantay\\', 'salcantay%', 'salcantay_']) {
      const body = await search(t, { name });
      expect(body, name).toMatchObject({ total: 0, suggestion: null });
    }
    // The longest accepted text, made of words that each need the index.
    const longest = await search(t, { name: Array.from({ length: 10 }, () => 'salcantay').join(' ').slice(0, 100) });
    expect(longest).toMatchObject({ total: 0, suggestion: null });
    const nul = await api(t).get<ErrorBody>(`${API.placeSearch({})}?name=${encodeURIComponent('salcan\u0000tay')}`);
    expect([200, 400], nul.text).toContain(nul.status);
    if (nul.status === 200) expect(nul.body).toMatchObject({ total: 0, suggestion: null });
  });
});

describe('the word table follows every write of a name or of a place’s visibility', () => {
  const t = useTestApp();
  let admin: TestUser;
  let ana: TestUser;

  beforeAll(async () => {
    [admin, ana] = await Promise.all([t.createAdmin(), t.createUser()]);
  });

  it('a proposed place’s words are never suggested to a visitor until it is verified, and no longer once unverified', async () => {
    const place = await createPlace(t, ana.token, { name: 'Nevado Pumasillo' });
    expect((await search(t, { name: 'pumasilo' })).suggestion).toBeNull();
    await expectWordTableConsistent(t);
    expect((await api(t, admin.token).put<Place>(API.placeVerified(place._id))).status).toBe(200);
    expect((await search(t, { name: 'pumasilo' })).suggestion).toBe('Pumasillo');
    await expectWordTableConsistent(t);
    expect((await api(t, admin.token).put<Place>(API.placeVerified(place._id))).status).toBe(200);
    expect((await search(t, { name: 'pumasilo' })).suggestion).toBeNull();
    await expectWordTableConsistent(t);
  });

  it('a renamed place offers its new name and never its old one; a deleted place offers nothing', async () => {
    const place = await createPlace(t, ana.token, { name: 'Laguna Churup' }, { verifyWith: admin.token });
    await createPlace(t, ana.token, { name: 'Laguna Parón' }, { verifyWith: admin.token });
    expect((await search(t, { name: 'churupp' })).suggestion).toBe('Churup');
    const renamed = await api(t, admin.token).put<Place>(API.placeUpdate(place._id), { name: 'Laguna Wilcacocha' });
    expect(renamed.status).toBe(200);
    expect((await search(t, { name: 'churupp' })).suggestion).toBeNull();
    expect((await search(t, { name: 'wilcacoha' })).suggestion).toBe('Wilcacocha');
    // 'laguna' is still in the other place's name.
    expect((await search(t, { name: 'lagna paron' })).suggestion).toBe('Laguna paron');
    await expectWordTableConsistent(t);
    expect((await api(t, admin.token).delete(API.placeDelete(place._id))).status).toBe(200);
    expect((await search(t, { name: 'wilcacoha' })).suggestion).toBeNull();
    await expectWordTableConsistent(t);
  });
});
