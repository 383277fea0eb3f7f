import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type Place } from '@sendero/contract';
import { places } from '@/db/schema.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace, placeInput, uploadedUrl } from './helpers/upload-fixtures.js';

/** Trailhead coordinates on places (docs/product.md#planning): both or neither, in range, numbers only. */

const t = useTestApp();
let admin: TestUser;
let ana: TestUser;
let photo: string;

beforeAll(async () => {
  [admin, ana] = await Promise.all([t.createAdmin(), t.createUser({ firstname: 'Ana' })]);
  photo = await uploadedUrl(t, ana.token);
});

const create = (payload: unknown) =>
  api(t, ana.token).post<Place & ErrorBody>(API.placeCreate, payload as object);
const update = (id: string, payload: unknown) =>
  api(t, ana.token).put<Place & ErrorBody>(API.placeUpdate(id), payload as object);
const detail = async (id: string) => (await api(t, ana.token).get<Place & ErrorBody>(API.place(id))).body as Place;
const publicList = async () => (await api(t).get<Place[] & ErrorBody>(API.places)).body as Place[];

const LAGUNA_69 = { lat: -9.0457, lon: -77.6115 };

describe('a place with its trailhead', () => {
  it('as a user I can propose a place with coordinates: the detail and the lists carry them', async () => {
    const res = await create(placeInput([photo], { name: 'Laguna 69', ...LAGUNA_69 }));
    expect(res.status).toBe(201);
    const created = res.body as Place;
    expect(created).toMatchObject(LAGUNA_69);
    expect(await detail(created._id)).toMatchObject(LAGUNA_69);
    await api(t, admin.token).put<Place & ErrorBody>(API.placeVerified(created._id));
    expect((await publicList()).find((p) => p._id === created._id)).toMatchObject(LAGUNA_69);
    const adminList = (await api(t, admin.token).get<Place[] & ErrorBody>(API.places)).body as Place[];
    expect(adminList.find((p) => p._id === created._id)).toMatchObject(LAGUNA_69);
  });

  it('keeps full double precision and the extremes of the ranges', async () => {
    for (const coords of [
      { lat: -12.046374123, lon: -77.042793456 },
      { lat: 90, lon: 180 },
      { lat: -90, lon: -180 },
      { lat: 0, lon: 0 },
    ]) {
      const res = await create(placeInput([photo], coords));
      expect(res.status, JSON.stringify(coords)).toBe(201);
      expect(await detail((res.body as Place)._id)).toMatchObject(coords);
    }
  });

  it('a place without coordinates (absent or both null) has lat and lon null', async () => {
    for (const extra of [{}, { lat: null, lon: null }]) {
      const res = await create(placeInput([photo], extra));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ lat: null, lon: null });
    }
  });

  it.each([
    [{ lat: -9.04 }, 'lon', MSG.coordinatesTogether],
    [{ lon: -77.6 }, 'lat', MSG.coordinatesTogether],
    [{ lat: -9.04, lon: null }, 'lon', MSG.coordinatesTogether],
    [{ lat: null, lon: -77.6 }, 'lat', MSG.coordinatesTogether],
    [{ lat: null }, 'lon', MSG.coordinatesTogether],
    [{ lat: 90.0001, lon: 0 }, 'lat', MSG.latInvalid],
    [{ lat: -91, lon: 0 }, 'lat', MSG.latInvalid],
    [{ lat: 0, lon: 180.5 }, 'lon', MSG.lonInvalid],
    [{ lat: 0, lon: -181 }, 'lon', MSG.lonInvalid],
    [{ lat: '-9.04', lon: '-77.6' }, 'lat', MSG.latInvalid],
    [{ lat: 'NaN', lon: 0 }, 'lat', MSG.latInvalid],
    [{ lat: 0, lon: 'Infinity' }, 'lon', MSG.lonInvalid],
    [{ lat: [1], lon: 0 }, 'lat', MSG.latInvalid],
    [{ lat: true, lon: false }, 'lat', MSG.latInvalid],
  ])('refuses %j on create (400, %s: its message) and stores nothing', async (coords, field, message) => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(places))[0]!.n;
    const res = await create({ ...placeInput([photo]), ...coords });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.fields?.[field]).toBe(message);
    if (message === MSG.coordinatesTogether) expect(res.body.error.message).toBe(MSG.coordinatesTogether);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(places))[0]!.n).toBe(before);
  });

  it('refuses a literal NaN (not JSON) as malformed JSON, never a 500', async () => {
    const body = JSON.stringify(placeInput([photo])).replace(/}$/, ',"lat":NaN,"lon":0}');
    const res = await api(t, ana.token).post<Place & ErrorBody>(API.placeCreate, body, { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.invalidJson);
  });
});

describe('changing the trailhead of a place', () => {
  let place: Place;
  beforeAll(async () => {
    place = await createPlace(t, ana.token, { name: 'Sin ubicación' });
  });

  it('as the creator I can set it, move it, keep it across other edits, and remove it with nulls', async () => {
    expect(place).toMatchObject({ lat: null, lon: null });
    const set = await update(place._id, LAGUNA_69);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject(LAGUNA_69);
    const other = await update(place._id, { name: 'Con ubicación' });
    expect(other.body).toMatchObject({ name: 'Con ubicación', ...LAGUNA_69 });
    const moved = await update(place._id, { lat: -9.5, lon: -77.5 });
    expect(moved.body).toMatchObject({ lat: -9.5, lon: -77.5 });
    const removed = await update(place._id, { lat: null, lon: null });
    expect(removed.status).toBe(200);
    expect(await detail(place._id)).toMatchObject({ lat: null, lon: null, name: 'Con ubicación' });
  });

  it('refuses one without the other, out of range and strings; nothing changes', async () => {
    await update(place._id, LAGUNA_69);
    for (const [patch, field, message] of [
      [{ lat: -9 }, 'lon', MSG.coordinatesTogether],
      [{ lon: null }, 'lat', MSG.coordinatesTogether],
      [{ lat: null, lon: -77 }, 'lat', MSG.coordinatesTogether],
      [{ lat: 100, lon: 0 }, 'lat', MSG.latInvalid],
      [{ lat: 0, lon: '12' }, 'lon', MSG.lonInvalid],
    ] as const) {
      const res = await update(place._id, patch);
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.fields?.[field]).toBe(message);
    }
    expect(await detail(place._id)).toMatchObject(LAGUNA_69);
  });
});

describe('the database', () => {
  it('refuses a row with only one coordinate or out of range, whoever writes it', async () => {
    const [row] = await t.db.select({ id: places.id }).from(places).limit(1);
    for (const set of [sql`lat = 1, lon = null`, sql`lat = null, lon = 1`, sql`lat = 91, lon = 0`, sql`lat = 0, lon = 'NaN'::float8`]) {
      await expect(t.db.execute(sql`update places set ${set} where id = ${row!.id}`)).rejects.toThrow();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes lat and lon on the place, the create body and the update body', async () => {
    const doc = (await api(t).get('/api/docs/json')).body as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const text = (v: unknown) => JSON.stringify(v);
    const createOp = doc.paths[API.placeCreate]!.post!;
    expect(createOp.requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/PlaceCreate' });
    expect(text(doc.components.schemas.PlaceCreate)).toMatch(/"lat":\{[^}]*"minimum":-90/);
    expect(text(doc.components.schemas.PlaceCreate)).toMatch(/"lon":\{[^}]*"maximum":180/);
    expect(doc.paths['/api/place/update/{id}']!.put!.requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/PlaceUpdate' });
    expect(text(doc.components.schemas.PlaceUpdate)).toMatch(/"lat"/);
    expect(createOp.responses['201']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Place' });
    // The detail is the place with its recent trail conditions (docs/product.md#trail-conditions).
    expect(text(doc.paths['/api/place/{id}']!.get!.responses['200'])).toMatch(/#\/components\/schemas\/PlaceDetail"/);
    expect(text(doc.components.schemas.Place)).toMatch(/"lon"/);
    expect(text(doc.components.schemas.PlaceDetail)).toMatch(/"lon"/);
  });
});
