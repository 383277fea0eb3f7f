import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type Place } from '@sendero/contract';
import { adminActions, places, ratings, users } from '@/db/schema.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace, placeInput, shareUpload, uploadedUrl } from './helpers/upload-fixtures.js';

const t = useTestApp();
let admin: TestUser;
let ana: TestUser; // creates places
let beto: TestUser; // another user
let photo: string;

beforeAll(async () => {
  [admin, ana, beto] = await Promise.all([t.createAdmin(), t.createUser({ firstname: 'Ana' }), t.createUser({ firstname: 'Beto' })]);
  photo = await uploadedUrl(t, ana.token);
  await shareUpload(t, photo, beto.user._id);
});

/** A place, or a refusal whose field messages the tests read by name. */
type Reply = Place & ErrorBody & { error: { fields: Record<string, string> }; deleted?: boolean };
const get = <T = Reply>(url: string, token?: string, headers: Record<string, string> = {}) => api(t, token).get<T>(url, headers);
const create = (token: string | undefined, payload: unknown) => api(t, token).post<Reply>(API.placeCreate, payload as object);
const update = (token: string | undefined, id: string, payload: unknown) => api(t, token).put<Reply>(API.placeUpdate(id), payload as object);
const verify = (token: string | undefined, id: string) => api(t, token).put<Reply>(API.placeVerified(id));
const remove = (token: string | undefined, id: string) => api(t, token).delete<Reply>(API.placeDelete(id));
const ids = (list: Place[]) => list.map((p) => p._id);
const listAs = async (token?: string) => (await get<Place[]>(API.places, token)).body;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('creating a place', () => {
  it('as a user I can propose a place: it is mine, unverified, rated 0 (a body id_user is ignored)', async () => {
    const res = await create(ana.token, placeInput([photo], { id_user: beto.user._id, name: '  Laguna Azul  ' }));
    expect(res.status).toBe(201);
    const place = res.body as Place;
    expect(place).toMatchObject({
      id_user: ana.user._id,
      name: 'Laguna Azul',
      city: 'Lima',
      difficulty: 'Media',
      capacity: 20,
      time: [2, 4],
      time_city: 3,
      photos: [photo],
      rating: 0,
      comments: 0,
      verified: false,
    });
    expect(place._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(place.created_at)).not.toBeNaN();
    expect(Date.parse(place.updated_at)).not.toBeNaN();
  });

  it('as a visitor I cannot create a place (401)', async () => {
    const res = await create(undefined, placeInput([photo]));
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'UNAUTHORIZED', message: MSG.unauthorized });
  });

  it.each([
    ['name', { name: '   ' }, MSG.placeNameRequired],
    ['city', { city: '' }, MSG.cityRequired],
    ['difficulty', { difficulty: 'Facil' }, MSG.difficultyInvalid],
    ['capacity', { capacity: 0 }, MSG.capacityInvalid],
    ['capacity', { capacity: 2.5 }, MSG.capacityInvalid],
    ['capacity', { capacity: '20' }, MSG.capacityInvalid],
    ['time', { time: [5, 2] }, MSG.timeRange],
    ['time.0', { time: [-1, 2] }, MSG.timeInvalid],
    ['time', { time: [1] }, MSG.timeInvalid],
    ['time_city', { time_city: -3 }, MSG.timeCityInvalid],
    ['photos', { photos: [] }, MSG.photosRequired],
    ['photos', { photos: Array.from({ length: 11 }, () => '/uploads/x.webp') }, MSG.photosTooMany],
    ['description', { description: ' ' }, MSG.descriptionRequired],
    ['how_to_get', { how_to_get: '' }, MSG.howToGetRequired],
    ['tips', { tips: '' }, MSG.tipsRequired],
    ['name', { name: 'x'.repeat(121) }, MSG.textTooLong],
  ])('refuses an invalid %s with its Spanish message (%j)', async (field, override, message) => {
    const before = (await listAs(admin.token)).length;
    const res = await create(ana.token, { ...placeInput([photo]), ...override });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.fields[field]).toBe(message);
    expect((await listAs(admin.token)).length).toBe(before);
  });

  it('refuses missing fields, each with its message', async () => {
    const res = await create(ana.token, {});
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      name: MSG.placeNameRequired,
      city: MSG.cityRequired,
      difficulty: MSG.difficultyInvalid,
      capacity: MSG.capacityInvalid,
      time: MSG.timeInvalid,
      time_city: MSG.timeCityInvalid,
      photos: MSG.photosRequired,
      description: MSG.descriptionRequired,
      how_to_get: MSG.howToGetRequired,
      tips: MSG.tipsRequired,
    });
  });

  it('refuses fields a creator cannot set (verified, rating...) as unknown fields', async () => {
    for (const extra of [{ verified: true }, { rating: 5 }, { comments: 3 }, { hacker: 1 }]) {
      const res = await create(ana.token, { ...placeInput([photo]), ...extra });
      expect(res.status).toBe(400);
      expect(res.body.error.fields[Object.keys(extra)[0]!]).toBe(MSG.unknownField);
    }
  });

  it('refuses photos that were not uploaded to this server', async () => {
    for (const photos of [['https://fotos.example.com/laguna.jpg'], [photo, '/uploads/no-existe.webp'], ['/etc/passwd']]) {
      const res = await create(ana.token, placeInput(photos));
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'VALIDATION_ERROR', message: MSG.uploadNotOurs, fields: { photos: MSG.uploadNotOurs } });
    }
  });

  it('refuses malformed JSON and non-JSON bodies', async () => {
    const bad = await api(t, ana.token).request<ErrorBody>({
      method: 'POST',
      url: API.placeCreate,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.invalidJson);
    const text = await api(t, ana.token).request({ method: 'POST', url: API.placeCreate, headers: { 'content-type': 'text/plain' }, payload: 'hola' });
    expect(text.status).toBe(415);
  });
});

describe('listing places', () => {
  let verifiedOld: Place;
  let verifiedNew: Place;
  let hidden: Place;
  beforeAll(async () => {
    verifiedOld = await createPlace(t, ana.token, { name: 'Antigua' }, { verifyWith: admin.token });
    verifiedNew = await createPlace(t, beto.token, { name: 'Reciente' }, { verifyWith: admin.token });
    hidden = await createPlace(t, ana.token, { name: 'Oculta' });
  });

  it('as a visitor I see only verified places, newest first', async () => {
    const list = await listAs();
    expect(list.every((p) => p.verified)).toBe(true);
    expect(ids(list)).not.toContain(hidden._id);
    expect(ids(list).indexOf(verifiedNew._id)).toBeLessThan(ids(list).indexOf(verifiedOld._id));
  });

  it('as a user I also see only verified places (not even my own proposal)', async () => {
    expect(ids(await listAs(ana.token))).not.toContain(hidden._id);
  });

  it('as an admin I see every place, newest first', async () => {
    const list = await listAs(admin.token);
    expect(ids(list)).toEqual(expect.arrayContaining([verifiedOld._id, verifiedNew._id, hidden._id]));
    const times = list.map((p) => Date.parse(p.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('an invalid or stale token just means "visitor" on the public list', async () => {
    const res = await get<Place[]>(API.places, 'not-a-token');
    expect(res.status).toBe(200);
    expect(ids(res.body)).not.toContain(hidden._id);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag after a change', async () => {
    const first = await get(API.places);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(API.places, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await get(API.places, undefined, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await get(API.places, undefined, { 'if-none-match': '"other"' })).status).toBe(200);

    await update(ana.token, verifiedOld._id, { tips: 'Nuevas recomendaciones.' });
    const after = await get<Place[]>(API.places, undefined, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.find((p) => p._id === verifiedOld._id)?.tips).toBe('Nuevas recomendaciones.');
  });

  it('sends the same list compressed with gzip or brotli when the browser accepts it', async () => {
    const plain = await get(API.places);
    const gz = await get(API.places, undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((await promisify(gunzip)(gz.raw.rawPayload)).toString()).toBe(plain.text);
    const br = await get(API.places, undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect((await promisify(brotliDecompress)(br.raw.rawPayload)).toString()).toBe(plain.text);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(plain.headers.vary).toContain('Accept-Encoding');
  });

  it('shows a write at once: create+verify, unverify, update, delete', async () => {
    const etagBefore = (await get(API.places)).headers.etag;
    const fresh = await createPlace(t, ana.token, { name: 'Recién verificada' }, { verifyWith: admin.token });
    const list = await listAs();
    expect(ids(list)[0]).toBe(fresh._id);
    expect((await get(API.places)).headers.etag).not.toBe(etagBefore);

    await update(admin.token, fresh._id, { name: 'Renombrada' });
    expect((await listAs()).find((p) => p._id === fresh._id)?.name).toBe('Renombrada');

    await verify(admin.token, fresh._id);
    expect(ids(await listAs())).not.toContain(fresh._id);
    await verify(admin.token, fresh._id);
    expect(ids(await listAs())).toContain(fresh._id);

    await remove(admin.token, fresh._id);
    expect(ids(await listAs())).not.toContain(fresh._id);
  });
});

describe("the creator's own places (GET /api/places/mine)", () => {
  it('as a creator I see every place I created, in review or published, newest first, and no one else’s', async () => {
    const carla = await t.createUser({ firstname: 'Carla' });
    const carlaPhoto = await uploadedUrl(t, carla.token);
    const published = await createPlace(t, carla.token, { name: 'Publicada de Carla', photos: [carlaPhoto] }, { verifyWith: admin.token });
    const inReview = await createPlace(t, carla.token, { name: 'En revisión de Carla', photos: [carlaPhoto] });
    await createPlace(t, ana.token, { name: 'De Ana, no de Carla' });

    const res = await get<Place[]>(API.placesMine, carla.token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const mine = res.body;
    expect(mine.map((p) => [p.name, p.verified])).toEqual([
      ['En revisión de Carla', false],
      ['Publicada de Carla', true],
    ]);
    expect(ids(mine)).toEqual([inReview._id, published._id]);
    expect(mine.every((p) => p.id_user === carla.user._id)).toBe(true);
  });

  it('as a user who created nothing I get an empty list; without a session, 401', async () => {
    const nobody = await t.createUser();
    expect((await get(API.placesMine, nobody.token)).body).toEqual([]);
    const anonymous = await get(API.placesMine);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('reading one place', () => {
  let open: Place;
  let proposal: Place;
  beforeAll(async () => {
    open = await createPlace(t, beto.token, { name: 'Abierta' }, { verifyWith: admin.token });
    proposal = await createPlace(t, ana.token, { name: 'Propuesta de Ana' });
  });

  it('as a user I can read a verified place', async () => {
    const res = await get(API.place(open._id), ana.token);
    expect(res.status).toBe(200);
    // The detail adds 'Estado reciente' (docs/product.md#trail-conditions): none yet.
    expect(res.body).toEqual({ ...open, updated_at: expect.any(String), conditions: null, track: null });
  });

  it('as the creator I can read my own unverified place; others get 404, admins see it', async () => {
    expect((await get(API.place(proposal._id), ana.token)).status).toBe(200);
    const other = await get(API.place(proposal._id), beto.token);
    expect(other.status).toBe(404);
    expect(other.body.error).toEqual({ code: 'NOT_FOUND', message: MSG.placeNotFound });
    expect((await get(API.place(proposal._id), admin.token)).body.verified).toBe(false);
  });

  it('as a visitor I must sign in (401)', async () => {
    expect((await get(API.place(open._id))).status).toBe(401);
  });

  it('answers 404 for unknown ids and ids that are not UUIDs', async () => {
    for (const id of [UNKNOWN_ID, 'abc', '1 OR 1=1', '../place']) {
      const res = await get(API.place(encodeURIComponent(id)), ana.token);
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });
});

describe('updating a place', () => {
  let mine: Place;
  let verifiedMine: Place;
  beforeAll(async () => {
    mine = await createPlace(t, ana.token, { name: 'Mía' });
    verifiedMine = await createPlace(t, ana.token, { name: 'Mía verificada' }, { verifyWith: admin.token });
  });

  it('as the creator I can change some fields and keep the rest', async () => {
    const res = await update(ana.token, mine._id, { name: 'Mía, renombrada', difficulty: 'Difícil', time: [3, 5] });
    expect(res.status).toBe(200);
    const place = res.body as Place;
    expect(place).toMatchObject({ name: 'Mía, renombrada', difficulty: 'Difícil', time: [3, 5], city: mine.city, tips: mine.tips, verified: false });
    expect(Date.parse(place.updated_at)).toBeGreaterThanOrEqual(Date.parse(mine.updated_at));
  });

  it('as an admin I can edit anyone’s place', async () => {
    const res = await update(admin.token, mine._id, { capacity: 99 });
    expect(res.status).toBe(200);
    expect(res.body.capacity).toBe(99);
    expect(res.body.id_user).toBe(ana.user._id);
  });

  it('as another user I get 403 on a visible place and 404 on a hidden one; nothing changes', async () => {
    const visible = await update(beto.token, verifiedMine._id, { name: 'Robada' });
    expect(visible.status).toBe(403);
    expect(visible.body.error).toEqual({ code: 'FORBIDDEN', message: MSG.forbidden });
    const hidden = await update(beto.token, mine._id, { name: 'Robada' });
    expect(hidden.status).toBe(404);
    expect((await get(API.place(verifiedMine._id), ana.token)).body.name).toBe('Mía verificada');
  });

  it('as a visitor I get 401', async () => {
    expect((await update(undefined, mine._id, { name: 'x' })).status).toBe(401);
  });

  it.each(['verified', 'id_user', 'rating', 'comments'])('refuses to set %s (400, read-only)', async (field) => {
    const value = field === 'verified' ? true : field === 'id_user' ? beto.user._id : 5;
    const res = await update(admin.token, verifiedMine._id, { [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ [field]: MSG.readOnlyField });
  });

  it('refuses an inverted time range, bad values and photos not uploaded here', async () => {
    const range = await update(ana.token, mine._id, { time: [6, 2] });
    expect(range.status).toBe(400);
    expect(range.body.error.fields.time).toBe(MSG.timeRange);
    const empty = await update(ana.token, mine._id, { name: '' });
    expect(empty.body.error.fields.name).toBe(MSG.placeNameRequired);
    const photos = await update(ana.token, mine._id, { photos: ['https://otro.example/foto.jpg'] });
    expect(photos.status).toBe(400);
    expect(photos.body.error.fields.photos).toBe(MSG.uploadNotOurs);
    const unknown = await update(ana.token, mine._id, { color: 'rojo' });
    expect(unknown.body.error.fields.color).toBe(MSG.unknownField);
  });

  it('accepts new photos uploaded to this server', async () => {
    const second = await uploadedUrl(t, ana.token);
    const res = await update(ana.token, mine._id, { photos: [second, photo] });
    expect(res.status).toBe(200);
    expect(res.body.photos).toEqual([second, photo]);
  });

  it('answers 404 for unknown and non-UUID ids', async () => {
    expect((await update(admin.token, UNKNOWN_ID, { name: 'x' })).status).toBe(404);
    expect((await update(admin.token, 'nope', { name: 'x' })).status).toBe(404);
  });
});

describe('verifying a place (admin)', () => {
  it('flips verified and back, and logs verify/unverify', async () => {
    const place = await createPlace(t, ana.token, { name: 'Por verificar' });
    const on = await verify(admin.token, place._id);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ _id: place._id, verified: true });
    const off = await verify(admin.token, place._id);
    expect(off.body.verified).toBe(false);
    const log = await t.db.select().from(adminActions).where(eq(adminActions.targetId, place._id));
    expect(log.map((a) => a.action).sort()).toEqual(['unverify', 'verify']);
    expect(log.every((a) => a.idAdmin === admin.user._id && a.targetType === 'place')).toBe(true);
  });

  it('is refused to users (403, even the creator) and visitors (401); unknown ids 404', async () => {
    const place = await createPlace(t, ana.token, { name: 'Sin verificar' });
    expect((await verify(ana.token, place._id)).status).toBe(403);
    expect((await verify(undefined, place._id)).status).toBe(401);
    expect((await verify(admin.token, UNKNOWN_ID)).status).toBe(404);
    expect((await get(API.place(place._id), admin.token)).body.verified).toBe(false);
  });
});

describe('deleting a place (admin)', () => {
  it('deletes the place and its reviews in one go, and logs delete_place', async () => {
    const place = await createPlace(t, ana.token, { name: 'Para borrar' }, { verifyWith: admin.token });
    const review = await api(t, beto.token).post(API.ratingCreate, { id_place: place._id, photo_url: photo, rating: 4, comment: 'Bonito' });
    expect(review.status).toBe(201);

    const res = await remove(admin.token, place._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: place._id, deleted: true });
    expect(await t.db.select().from(places).where(eq(places.id, place._id))).toEqual([]);
    expect(await t.db.select().from(ratings).where(eq(ratings.idPlace, place._id))).toEqual([]);
    const log = await t.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.targetId, place._id), eq(adminActions.action, 'delete_place')));
    expect(log).toHaveLength(1);
    expect((await get(API.place(place._id), admin.token)).status).toBe(404);
    expect((await remove(admin.token, place._id)).status).toBe(404);
  });

  it('deletes a place with 200 reviews in one call, leaving no review behind and its authors in place', async () => {
    const place = await createPlace(t, ana.token, { name: 'Muy reseñado' }, { verifyWith: admin.token });
    // 200 reviewers written straight to the database: hashing 200 passwords would only slow the test.
    const reviewers = await t.db
      .insert(users)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          email: `reviewer${i}@example.com`,
          passwordHash: 'not-a-login',
          firstname: `Reviewer${i}`,
          lastname: 'Test',
        })),
      )
      .returning({ id: users.id });
    await t.db.insert(ratings).values(
      reviewers.map((r, i) => ({ idUser: r.id, idPlace: place._id, photoUrl: photo, rating: (i % 5) + 1, comment: `Reseña ${i}` })),
    );
    const [{ n: before }] = (await t.db.select({ n: count() }).from(ratings).where(eq(ratings.idPlace, place._id))) as [{ n: number }];
    expect(before).toBe(200);

    const res = await remove(admin.token, place._id);
    expect(res.status).toBe(200);
    expect(await t.db.select().from(ratings).where(eq(ratings.idPlace, place._id))).toEqual([]);
    expect(await t.db.select().from(places).where(eq(places.id, place._id))).toEqual([]);
    const [{ n: authors }] = (await t.db
      .select({ n: count() })
      .from(users)
      .where(inArray(users.id, reviewers.map((r) => r.id)))) as [{ n: number }];
    expect(authors).toBe(200);
  });

  it('is refused to the creator (403) and to visitors (401); non-UUID ids 404', async () => {
    const place = await createPlace(t, ana.token, { name: 'No se borra' }, { verifyWith: admin.token });
    expect((await remove(ana.token, place._id)).status).toBe(403);
    expect((await remove(undefined, place._id)).status).toBe(401);
    expect((await remove(admin.token, 'xyz')).status).toBe(404);
    expect((await get(API.place(place._id), ana.token)).status).toBe(200);
  });
});

describe('the detail and its reviews read the caller with the place (one statement)', () => {
  it('a role change applies at once, a retired token and a removed user get 401, a bad signature 401', async () => {
    const cata = await t.createUser({ firstname: 'Cata' });
    const hidden = (await create(ana.token, placeInput([photo]))).body;
    const detail = (token: string) => get(API.place(hidden._id), token);
    const reviews = (token: string) => get(API.ratings(hidden._id), token);
    // Someone else's unverified place: hidden from a user, seen by the same token once they are an admin.
    expect((await detail(cata.token)).status).toBe(404);
    expect((await reviews(cata.token)).status).toBe(404);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, cata.user._id));
    expect((await detail(cata.token)).status).toBe(200);
    expect((await reviews(cata.token)).status).toBe(200);
    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, cata.user._id));
    expect((await detail(cata.token)).status).toBe(404);
    // A bumped token version retires the token: 401 even for a place that does not exist.
    await t.db.update(users).set({ tokenVersion: 7 }).where(eq(users.id, cata.user._id));
    for (const res of [await detail(cata.token), await reviews(cata.token), await get(API.place(UNKNOWN_ID), cata.token)]) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(MSG.unauthorized);
    }
    // The owner still reads it; a removed user's token and a forged one get 401.
    expect((await detail(ana.token)).status).toBe(200);
    const gone = await t.createUser({ firstname: 'Dani' });
    await t.db.delete(users).where(eq(users.id, gone.user._id));
    expect((await detail(gone.token)).status).toBe(401);
    expect((await reviews(gone.token)).status).toBe(401);
    expect((await detail(`${ana.token.slice(0, -4)}AAAA`)).status).toBe(401);
    expect((await get(API.place(hidden._id))).status).toBe(401);
  });
});
