import { and, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, coverUrl, decodePlaceIndex, encodePlaceIndex, MSG, type Place, PLACE_INDEX_MAX, PlaceIndexEntrySchema, type PlaceIndexWire, PlaceIndexWireSchema, type PlaceSearchResponse, type RatingListItem, SEARCH_CASE_PLACES, SEARCH_CASES, SEARCH_COUNT_CAP } from '@sendero/contract';
import { PlaceIndex, placeIndexFor } from '@/services/place-index.js';
import { placesDropped } from '@/services/place-changes-hub.js';
import { searchConditions, searchPlaces } from '@/services/place-search.js';
import { listVerifiedPlaces } from '@/services/places.js';
import { useTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { insertPlaces } from './helpers/place-rows.js';
import { createPlace, uploadedUrl } from './helpers/upload-fixtures.js';


/** GET /api/place/index decoded as the web app decodes it (docs/decisions/028-compact-place-index.md). */
async function getIndex(t: TestApp, token?: string, limit?: number) {
  const res = await api(t, token).get<PlaceIndexWire>(API.placeIndex(limit));
  expect(res.status).toBe(200);
  return { ...res, wire: res.body, body: decodePlaceIndex(PlaceIndexWireSchema.parse(res.body)) };
}

describe('GET /api/place/index (docs/product.md#catalogue)', () => {
  const t = useTestApp();
  let admin: TestUser;
  let ana: TestUser;
  let verified: Place;
  let pending: Place;

  beforeAll(async () => {
    [admin, ana] = await Promise.all([t.createAdmin(), t.createUser()]);
    verified = await createPlace(t, ana.token, { name: 'Laguna Verde', lat: -12.1, lon: -76.9 }, { verifyWith: admin.token });
    pending = await createPlace(t, ana.token, { name: 'Propuesta de Ana' });
  });

  it('gives anyone the verified places with only the card, filter and sort fields, one array per field, and an ETag that revalidates', async () => {
    const res = await getIndex(t);
    // Nothing is closed and no access fact is known: the closure and facts arrays are left out
    // (docs/product.md#trail-conditions, docs/product.md#access-facts).
    expect(Object.keys(res.wire)).toEqual(Object.keys(PlaceIndexWireSchema.shape).filter((k) => !k.startsWith('closed') && k !== 'facts'));
    expect(res.body).toHaveLength(1);
    const [entry] = res.body;
    const hash = verified.photos[0]!.slice('/uploads/'.length, -'.webp'.length);
    expect(res.wire.photo).toEqual([hash.slice(0, 4)]);
    expect(PlaceIndexEntrySchema.parse(entry)).toEqual({
      _id: verified._id,
      name: 'Laguna Verde',
      city: verified.city,
      difficulty: verified.difficulty,
      time: verified.time,
      time_city: verified.time_city,
      photo: coverUrl(verified._id, hash.slice(0, 4)),
      rating: 0,
      comments: 0,
      // Whole seconds on the wire.
      created_at: new Date(Math.floor(Date.parse(verified.created_at) / 1000) * 1000).toISOString(),
      lat: -12.1,
      lon: -76.9,
    });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await api(t).get(API.placeIndex(), { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const br = await api(t).get(API.placeIndex(), { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('the cover URL of an entry serves the first photo and its variants, immutable while the tag is the photo\'s', async () => {
    const [entry] = (await getIndex(t)).body;
    const base = verified.photos[0]!.slice(0, -'.webp'.length);
    const coverBase = entry!.photo!.slice(0, -'.webp'.length);
    for (const suffix of ['', '-400', '-800']) {
      const cover = await api(t).get(`${coverBase}${suffix}.webp`);
      const file = await api(t).get(`${base}${suffix}.webp`);
      expect(cover.status, suffix).toBe(200);
      expect(cover.headers['content-type']).toBe('image/webp');
      expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(cover.raw.rawPayload.equals(file.raw.rawPayload)).toBe(true);
    }
    // A stale tag still shows the current photo, cached briefly; an unknown place or a junk key is a 404.
    const tag = verified.photos[0]!.slice('/uploads/'.length, '/uploads/'.length + 4);
    const stale = await api(t).get(coverUrl(verified._id, tag === '0000' ? '1111' : '0000'));
    expect(stale.status).toBe(200);
    expect(stale.headers['cache-control']).toBe('public, max-age=60');
    expect((await api(t).get(coverUrl('00000000-0000-4000-8000-000000000000', '0000'))).status).toBe(404);
    expect((await api(t).get('/uploads/cover-zz-0000.webp')).status).toBe(404);
  });

  it('gives an administrator every place, privately; the creator of a pending place does not see it in the index', async () => {
    const all = await getIndex(t, admin.token);
    expect(all.body.map((e) => e._id).sort()).toEqual([verified._id, pending._id].sort());
    expect(all.headers['cache-control']).toBe('private, no-cache');
    const mine = await getIndex(t, ana.token);
    expect(mine.body.map((e) => e._id)).toEqual([verified._id]);
  });

  it('updates the one entry after a review, a verification, an edit and a delete (new ETag each time)', async () => {
    const seen = new Set<string>();
    const etag = async () => {
      const res = await getIndex(t);
      seen.add(res.headers.etag as string);
      return res.body;
    };
    await etag();
    const photo = await uploadedUrl(t, ana.token, 'rating');
    expect((await api(t, ana.token).post(API.ratingCreate, { id_place: verified._id, photo_url: photo, rating: 4, comment: 'Muy bonito.' })).status).toBe(201);
    expect((await etag()).find((e) => e._id === verified._id)).toMatchObject({ rating: 4, comments: 1 });
    expect((await api(t, admin.token).put(API.placeVerified(pending._id))).status).toBe(200);
    expect((await etag()).map((e) => e._id)).toEqual([pending._id, verified._id]);
    expect((await api(t, ana.token).put(API.placeUpdate(pending._id), { name: 'Propuesta aprobada' })).status).toBe(200);
    expect((await etag())[0]).toMatchObject({ _id: pending._id, name: 'Propuesta aprobada' });
    expect((await api(t, admin.token).delete(API.placeDelete(pending._id))).status).toBe(200);
    expect((await etag()).map((e) => e._id)).toEqual([verified._id]);
    // Five states, the last equal to the one after the review: four ETags (the tag is a hash of the bytes).
    expect(seen.size).toBe(4);
  });

  it('?limit=N gives the N newest; a bad limit is a Spanish 400', async () => {
    await insertPlaces(t, ana, Array.from({ length: 15 }, (_, i) => ({ name: `Extra ${i}`, city: 'Lima', difficulty: 'Media' })));
    const first = await getIndex(t, undefined, 12);
    const whole = await getIndex(t);
    expect(first.body).toEqual(whole.body.slice(0, 12));
    for (const bad of ['0', '101', 'abc', '1.5']) {
      const res = await api(t).get<ErrorBody>(`/api/place/index?limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.message).toBe(MSG.indexLimitInvalid);
    }
  });

  it('concurrent writes applied one entry at a time leave the index and the list equal to a full rebuild', async () => {
    const ids = await insertPlaces(t, ana, Array.from({ length: 40 }, (_, i) => ({ name: `Concurrido ${i}`, city: 'Cusco', difficulty: 'Fácil' })), false);
    await api(t).get(API.placeIndex()); // loaded before the writes
    await api(t).get(API.places);
    const reviewers = await Promise.all(Array.from({ length: 6 }, () => t.createUser()));
    const photos = await Promise.all(reviewers.map((r) => uploadedUrl(t, r.token, 'rating')));
    const writes: Promise<{ status: number }>[] = [];
    ids.forEach((id, i) => {
      if (i % 2 === 0) writes.push(api(t, admin.token).put(API.placeVerified(id)));
      if (i % 5 === 0) writes.push(api(t, admin.token).delete(API.placeDelete(id)));
      if (i % 3 === 0) writes.push(api(t, ana.token).put(API.placeUpdate(id), { name: `Renombrado ${i}` }));
    });
    // Reviews need verified places: review the ones verified at the start of the test.
    writes.push(...reviewers.map((r, i) => api(t, r.token).post(API.ratingCreate, { id_place: verified._id, photo_url: photos[i], rating: 1 + (i % 5), comment: 'A la vez.' })));
    // Reads in between, so entries are applied while writes still arrive.
    const reads = Array.from({ length: 10 }, (_, i) => api(t).get(i % 2 ? API.places : API.placeIndex()));
    await Promise.all([...writes, ...reads]);

    const kept = placeIndexFor(t.db);
    const rebuilt = new PlaceIndex(t.db, 0);
    expect(await kept.entries('all')).toEqual(await rebuilt.entries('all'));
    expect(await kept.entries('verified')).toEqual(await rebuilt.entries('verified'));
    const served = await getIndex(t);
    expect(served.body).toEqual(decodePlaceIndex(encodePlaceIndex(await rebuilt.entries('verified'))));
    // The kept entries' joined columns are byte for byte the contract's encoding of a full rebuild (same ETag for clients' 304s).
    expect((await kept.body('all')).etag).toBe((await rebuilt.body('all')).etag);
    expect((await kept.body('verified')).body.toString()).toBe(JSON.stringify(encodePlaceIndex(await rebuilt.entries('verified'))));
    expect((await kept.body('all', 7)).body.toString()).toBe(JSON.stringify(encodePlaceIndex((await rebuilt.entries('all')).slice(0, 7))));
    // The full list (GET /api/place), also updated one place at a time, equals a fresh read of every row.
    const listed = await api(t).get<Place[]>(API.places);
    expect(listed.body).toEqual(await listVerifiedPlaces(t.db));
    placesDropped(t.db);
    expect((await api(t).get(API.places)).headers.etag).toBe(listed.headers.etag);
  });
});

describe('GET /api/place/search (docs/product.md#catalogue)', () => {
  const t = useTestApp();
  let owner: TestUser;

  beforeAll(async () => {
    owner = await t.createUser();
    await insertPlaces(t, owner, SEARCH_CASE_PLACES);
    // A pending place that matches everything is never found.
    await insertPlaces(t, owner, [{ name: 'Lomas de Lachay escondidas', city: 'Lima', difficulty: 'Fácil' }], false);
  });

  it('follows the same table of cases as the browser filter', async () => {
    for (const { filters, names } of SEARCH_CASES) {
      const res = await api(t).get<PlaceSearchResponse>(API.placeSearch({ ...filters }));
      expect(res.status, JSON.stringify(filters)).toBe(200);
      expect(res.body.items.map((p) => p.name), JSON.stringify(filters)).toEqual(names);
      expect(res.body.total).toBe(names.length);
      expect(res.body.totalCapped).toBe(false);
    }
  });

  it('counts at most the cap: above it total is the cap and totalCapped says more match; the pages still reach every match', async () => {
    const cap = 3;
    const all = SEARCH_CASE_PLACES.length;
    expect(all).toBeGreaterThan(cap + 1);
    const first = await searchPlaces(t.db, { limit: 2 }, cap);
    expect({ total: first.total, totalCapped: first.totalCapped }).toEqual({ total: cap, totalCapped: true });
    const got = first.items.map((p) => p.name);
    for (let cursor = first.next, guard = 0; cursor && guard < 20; guard++) {
      const page = await searchPlaces(t.db, { limit: 2, cursor }, cap);
      got.push(...page.items.map((p) => p.name));
      cursor = page.next;
    }
    expect(got).toEqual(SEARCH_CASE_PLACES.map((p) => p.name));
    // Exactly the cap, one more than the cap, and fewer: exact unless more than the cap match.
    expect(await searchPlaces(t.db, {}, all)).toMatchObject({ total: all, totalCapped: false });
    expect(await searchPlaces(t.db, {}, all - 1)).toMatchObject({ total: all - 1, totalCapped: true });
    expect(await searchPlaces(t.db, {}, all + 1)).toMatchObject({ total: all, totalCapped: false });
    expect(await searchPlaces(t.db, { name: 'xyz' }, cap)).toEqual({ items: [], next: null, total: 0, totalCapped: false, suggestion: null });
  });

  it('pages newest first with a cursor until next is null, without repeating or skipping', async () => {
    const got: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const res = await api(t).get<PlaceSearchResponse>(API.placeSearch({ limit: 4, cursor }));
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(SEARCH_CASE_PLACES.length);
      got.push(...res.body.items.map((p) => p.name));
      if (!res.body.next) break;
      cursor = res.body.next;
    }
    expect(got).toEqual(SEARCH_CASE_PLACES.map((p) => p.name));
  });

  it('huge, junk and SQL-looking parameters: a Spanish 400 or an empty result, never a 500', async () => {
    const tooLong = await api(t).get<ErrorBody>(API.placeSearch({ name: 'a'.repeat(101) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(MSG.searchTooLong);
    for (const cursor of ['nada', Buffer.from('2026-13-45 00:00:00+00|00000000-0000-4000-8000-000000000000').toString('base64url'), '%00', "' or 1=1"]) {
      const res = await api(t).get<ErrorBody>(API.placeSearch({ cursor }));
      expect(res.status, cursor).toBe(400);
      expect(res.body.error.message).toBe(MSG.searchCursorInvalid);
    }
    for (const limit of ['0', '51', 'x']) expect((await api(t).get(`/api/place/search?limit=${limit}`)).status).toBe(400);
    for (const name of ['\u{1F600}\u{1F600}', '\\', "'; drop table places; --", '%%%']) {
      const res = await api(t).get<PlaceSearchResponse>(API.placeSearch({ name }));
      expect(res.status, name).toBe(200);
      expect(res.body.items).toEqual([]);
    }
    const unknown = await api(t).get<PlaceSearchResponse>('/api/place/search?foo=bar&name=lomas');
    expect(unknown.body.items.map((p) => p.name)).toEqual(['Lomas de Lachay']);
  });

  it('empty, blank, repeated, control and malformed parameters: every place, an empty result or a Spanish 400, never a 500', async () => {
    const all = await api(t).get<PlaceSearchResponse>(API.placeSearch({}));
    // Empty and blank filters filter nothing.
    for (const query of ['name=&city=&difficulty=', 'name=%20%20&city=%09', 'cursor=&name=']) {
      const res = await api(t).get<PlaceSearchResponse | ErrorBody>(`/api/place/search?${query}`);
      if (res.status === 400) expect((res.body as ErrorBody).error.message, query).toBe(MSG.searchCursorInvalid);
      else expect((res.body as PlaceSearchResponse).total, query).toBe(all.body.total);
    }
    // LIKE's wildcards typed by a user match only themselves (more in the table of cases).
    for (const name of ['lag_na', 'l%a', '\\%']) {
      const res = await api(t).get<PlaceSearchResponse>(API.placeSearch({ name }));
      expect(res.status, name).toBe(200);
      expect(res.body.total, name).toBe(0);
    }
    const cases: Array<[string, number[]]> = [
      // NUL and other control characters, which PostgreSQL text cannot hold.
      ['name=%00', [200, 400]],
      ['city=lima%00', [200, 400]],
      ['name=%01%02%1F%7F', [200, 400]],
      // Not UTF-8; a lone surrogate; an overlong form.
      ['name=%C3%28', [200, 400]],
      ['name=%ED%A0%80', [200, 400]],
      ['city=%C0%AF', [200, 400]],
      // Bad percent-encoding.
      ['name=%E0%A4%A', [200, 400]],
      ['name=%', [200, 400]],
      // Repeated parameters, arrays and objects in the query string.
      ['name=a&name=b', [200, 400]],
      ['name[]=a', [200, 400]],
      ['name[$ne]=x', [200, 400]],
      ['difficulty=Media&difficulty=F%C3%A1cil', [200, 400]],
      // Long texts: 100 emoji, 101 accented letters, a long city, a long difficulty.
      [`name=${encodeURIComponent('\u{1F600}'.repeat(100))}`, [200, 400]],
      [`name=${encodeURIComponent('ñ'.repeat(101))}`, [400]],
      [`city=${'x'.repeat(101)}`, [400]],
      [`difficulty=${'x'.repeat(101)}`, [400]],
      [`name=${'a'.repeat(100_000)}`, [400, 414, 431]],
      // Combining marks, right-to-left and zero-width characters.
      [`name=${encodeURIComponent('la\u0301guna\u200B\u202E')}`, [200]],
      [`difficulty=${encodeURIComponent("' or '1'='1")}`, [200]],
      [`city=${encodeURIComponent('lima) union select * from users --')}`, [200]],
      [`limit=${encodeURIComponent('1; drop table places')}`, [400]],
      ['limit=1e3', [400]],
      ['limit=-1', [400]],
    ];
    for (const [query, statuses] of cases) {
      const res = await api(t).get<PlaceSearchResponse & ErrorBody>(`/api/place/search?${query}`);
      expect(statuses, `${query.slice(0, 60)} -> ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
      if (res.status === 400) expect(res.body.error.message, query.slice(0, 60)).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡]/);
      if (res.status === 200) expect(res.body.items.length, query.slice(0, 60)).toBeLessThanOrEqual(all.body.total);
    }
  });
});

describe('the whole index above the limit, and revalidation of details and reviews', () => {
  const t = useTestApp();
  let admin: TestUser;
  let ana: TestUser;

  beforeAll(async () => {
    [admin, ana] = await Promise.all([t.createAdmin(), t.createUser()]);
  });

  it(`over ${PLACE_INDEX_MAX} verified places the whole index is 413 USE_SEARCH; the first page and search still answer`, async () => {
    await t.db.execute(sql`
      insert into places (id_user, name, city, difficulty, capacity, time_min, time_max, time_city, photos, description, how_to_get, tips, verified, created_at)
      select ${ana.user._id}::uuid, 'Destino ' || g, 'Lima', 'Media', 10, 1, 2, 3, '{}', 'd', 'h', 't', true, now() - g * interval '1 second'
      from generate_series(1, ${PLACE_INDEX_MAX + 1}) as g`);
    placesDropped(t.db);
    const whole = await api(t).get<ErrorBody>(API.placeIndex());
    expect(whole.status).toBe(413);
    expect(whole.body.error).toEqual({ code: 'USE_SEARCH', message: MSG.useSearch });
    expect((await getIndex(t, undefined, 12)).body).toHaveLength(12);
    const found = await api(t).get<PlaceSearchResponse>(API.placeSearch({ name: 'destino 2000', limit: 50 }));
    expect(found.body.total).toBe(3); // 2000, 20000, 20001
    // An administrator still gets the whole index (admin screens page it themselves).
    expect((await api(t, admin.token).get(API.placeIndex())).status).toBe(200);

    // The search's conditions are the expressions of the indexes of drizzle/0008_search_indexes.sql
    // (docs/decisions/029-search-indexes.md). These rows are short, so a scan of the table is cheap and
    // may be chosen: with scans of the whole table priced out, the plan must read those indexes
    // (bench:catalogue shows the planner choosing them at 100,000 places with realistic rows).
    await t.db.execute(sql`analyze places`);
    const plan = (query: Parameters<typeof searchConditions>[0]) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = (await tx.execute(sql`explain select count(*) from places where ${and(...searchConditions(query))}`)) as unknown as { rows?: Array<Record<string, string>> } & Array<Record<string, string>>;
        return (rows.rows ?? rows).map((r) => Object.values(r)[0]).join('\n');
      });
    expect(await plan({ name: 'destino 2000' })).toContain('places_name_search_trgm_idx');
    expect(await plan({ city: 'cusc' })).toContain('places_city_search_idx');
    expect(await plan({ city: 'cusc', difficulty: 'Fácil' })).toContain('places_city_search_idx');
  }, 120_000); // 20,001 rows written and indexed on the embedded database: well past 30 s on a loaded CI machine

  it('GET /api/place/{id} and GET /api/rating/{placeId} answer with an ETag and 304', async () => {
    const place = await createPlace(t, ana.token, { name: 'Con ETag' }, { verifyWith: admin.token });
    for (const url of [API.place(place._id), API.ratings(place._id)]) {
      const first = await api(t, ana.token).get<Place | RatingListItem[]>(url);
      expect(first.status).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect((await api(t, ana.token).get(url, { 'if-none-match': etag })).status).toBe(304);
    }
    // A review changes both.
    const before = (await api(t, ana.token).get(API.place(place._id))).headers.etag as string;
    const reviewer = await t.createUser();
    const photo = await uploadedUrl(t, reviewer.token, 'rating');
    await api(t, reviewer.token).post(API.ratingCreate, { id_place: place._id, photo_url: photo, rating: 5, comment: 'Excelente.' });
    expect((await api(t, ana.token).get(API.place(place._id), { 'if-none-match': before })).status).toBe(200);
  });

  it('the OpenAPI document names the catalogue calls, their security, named schemas and every status', async () => {
    interface Operation {
      operationId: string;
      security: unknown[];
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    }
    interface Doc {
      paths: Record<string, { get: Operation }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    }
    const doc = (await api(t).get<Doc>('/api/docs/json')).body;
    const op = (path: string) => doc.paths[path]!.get;
    const expected: Array<[string, string, unknown[], string[]]> = [
      ['/api/place', 'listPlaces', [{}, { bearerAuth: [] }], ['200', '304', '400']],
      ['/api/place/index', 'getPlaceIndex', [{}, { bearerAuth: [] }], ['200', '304', '400', '413']],
      ['/api/place/search', 'searchPlaces', [{}], ['200', '400', '503']],
      ['/api/place/{id}', 'getPlace', [{ bearerAuth: [] }], ['200', '304', '401', '404']],
      ['/api/rating/{placeId}', 'listPlaceRatings', [{ bearerAuth: [] }], ['200', '304', '401', '404']],
    ];
    for (const [path, operationId, security, statuses] of expected) {
      expect(op(path)).toMatchObject({ operationId, security });
      expect(Object.keys(op(path).responses)).toEqual(expect.arrayContaining(statuses));
    }
    expect(op('/api/place/index').responses['200']!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/PlaceIndex' });
    expect(op('/api/place/search').responses['200']!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/PlaceSearchPage' });
    const entry = doc.components.schemas.PlaceIndexEntry!;
    expect(Object.keys(entry.properties).sort()).toEqual(Object.keys(PlaceIndexEntrySchema.shape).sort());
    expect(Object.keys(doc.components.schemas.PlaceIndex!.properties)).toEqual(Object.keys(PlaceIndexWireSchema.shape));
    // The capped count is documented on the page's fields.
    expect(doc.components.schemas.PlaceSearchPage!.properties.totalCapped).toMatchObject({ type: 'boolean', description: expect.stringContaining(String(SEARCH_COUNT_CAP)) });
    expect(doc.components.schemas.PlaceSearchPage!.properties.total).toMatchObject({ description: expect.stringContaining('totalCapped') });
  });
});
