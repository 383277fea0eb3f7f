import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, SAVED_PLACES_MAX, type Place, type SavedState } from '@sendero/contract';
import { places, savedPlaces } from '@/db/schema.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace } from './helpers/upload-fixtures.js';

const t = useTestApp();
let admin: TestUser;
let ana: TestUser;
let beto: TestUser;
let verified: Place; // created by ana
let pending: Place; // unverified, created by ana
let other: Place; // verified, created by beto

beforeAll(async () => {
  [admin, ana, beto] = await Promise.all([t.createAdmin(), t.createUser(), t.createUser()]);
  verified = await createPlace(t, ana.token, { name: 'Laguna Verde' }, { verifyWith: admin.token });
  pending = await createPlace(t, ana.token, { name: 'Propuesta de Ana' });
  other = await createPlace(t, beto.token, { name: 'Cascada Azul' }, { verifyWith: admin.token });
});

type SavedAnswer = SavedState & ErrorBody;
const save = (token: string | undefined, id: string) => api(t, token).put<SavedAnswer>(API.savedPlace(id));
const unsave = (token: string | undefined, id: string) => api(t, token).delete<SavedAnswer>(API.savedPlace(id));
const savedList = (token?: string) => api(t, token).get<Place[] & ErrorBody>(API.saved);
const savedIds = async (token: string) => {
  const res = await savedList(token);
  expect(res.status).toBe(200);
  return res.body.map((p) => p._id);
};

/** Verified places inserted directly: the limit test needs a hundred of them. */
async function insertVerifiedPlaces(n: number, owner: TestUser): Promise<string[]> {
  const rows = await t.db
    .insert(places)
    .values(
      Array.from({ length: n }, (_, i) => ({
        idUser: owner.user._id,
        name: `Destino ${i}`,
        city: 'Lima',
        difficulty: 'Fácil' as const,
        capacity: 10,
        timeMin: 1,
        timeMax: 2,
        timeCity: 3,
        description: 'Descripción.',
        howToGet: 'A pie.',
        tips: 'Agua.',
        verified: true,
      })),
    )
    .returning({ id: places.id });
  return rows.map((r) => r.id);
}

describe('saved destinations (docs/product.md#saved)', () => {
  it('as a user I save a destination and see it in my list, most recently saved first', async () => {
    const user = await t.createUser();
    const first = await save(user.token, verified._id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ _id: verified._id, saved: true });
    expect((await save(user.token, other._id)).status).toBe(200);
    expect(await savedIds(user.token)).toEqual([other._id, verified._id]);
    // Someone else's list is their own.
    expect(await savedIds(beto.token)).toEqual([]);
    const [listed] = (await savedList(user.token)).body;
    expect(listed).toMatchObject({ _id: other._id, name: 'Cascada Azul', verified: true });
  });

  it('saving again is 200 and keeps one row; removing twice is 200 both times', async () => {
    const user = await t.createUser();
    expect((await save(user.token, verified._id)).status).toBe(200);
    const again = await save(user.token, verified._id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ _id: verified._id, saved: true });
    const rows = await t.db.select().from(savedPlaces).where(eq(savedPlaces.idUser, user.user._id));
    expect(rows).toHaveLength(1);

    for (let i = 0; i < 2; i++) {
      const res = await unsave(user.token, verified._id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ _id: verified._id, saved: false });
    }
    expect(await savedIds(user.token)).toEqual([]);
  });

  it('a place the caller may not see is 404, as are unknown and non-UUID ids', async () => {
    const user = await t.createUser();
    const cases: [string, string][] = [
      [pending._id, MSG.placeNotFound],
      ['00000000-0000-4000-8000-000000000000', MSG.placeNotFound],
      ['no-es-un-id', MSG.notFound],
      ['1%20OR%201=1', MSG.notFound],
    ];
    for (const [id, message] of cases) {
      const res = await save(user.token, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message } });
    }
    expect((await unsave(user.token, 'no-es-un-id')).status).toBe(404);
    expect(await savedIds(user.token)).toEqual([]);
    // Its creator and an admin may save the unverified place.
    expect((await save(ana.token, pending._id)).status).toBe(200);
    expect((await save(admin.token, pending._id)).status).toBe(200);
  });

  it('a saved place that becomes hidden leaves the list; deleting a place removes it from every list', async () => {
    const user = await t.createUser();
    const place = await createPlace(t, ana.token, { name: 'Por borrar' }, { verifyWith: admin.token });
    const hiddenLater = await createPlace(t, ana.token, { name: 'Por ocultar' }, { verifyWith: admin.token });
    for (const token of [user.token, beto.token]) {
      expect((await save(token, place._id)).status).toBe(200);
      expect((await save(token, hiddenLater._id)).status).toBe(200);
    }
    expect(await savedIds(user.token)).toEqual([hiddenLater._id, place._id]);

    expect((await api(t, admin.token).put(API.placeVerified(hiddenLater._id))).status).toBe(200);
    expect(await savedIds(user.token)).toEqual([place._id]);
    expect((await save(user.token, hiddenLater._id)).status).toBe(404);

    expect((await api(t, admin.token).delete(API.placeDelete(place._id))).status).toBe(200);
    const left = await t.db.select().from(savedPlaces).where(eq(savedPlaces.idPlace, place._id));
    expect(left).toEqual([]);
    expect(await savedIds(user.token)).toEqual([]);
    expect(await savedIds(beto.token)).not.toContain(place._id);
  });

  it(`the ${SAVED_PLACES_MAX + 1}st save is 409 with the limit message; re-saving a saved one still works`, async () => {
    const user = await t.createUser();
    const ids = await insertVerifiedPlaces(SAVED_PLACES_MAX + 1, ana);
    await t.db.insert(savedPlaces).values(ids.slice(0, SAVED_PLACES_MAX - 1).map((idPlace) => ({ idUser: user.user._id, idPlace })));
    expect((await save(user.token, ids[SAVED_PLACES_MAX - 1]!)).status).toBe(200);

    const over = await save(user.token, ids[SAVED_PLACES_MAX]!);
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ error: { code: 'CONFLICT', message: MSG.savedLimit } });
    expect(MSG.savedLimit).toBe('Puedes guardar hasta 100 destinos.');
    expect((await save(user.token, ids[0]!)).status).toBe(200);
    expect(await savedIds(user.token)).toHaveLength(SAVED_PLACES_MAX);

    // After removing one there is room again.
    expect((await unsave(user.token, ids[0]!)).status).toBe(200);
    expect((await save(user.token, ids[SAVED_PLACES_MAX]!)).status).toBe(200);
  });

  it('parallel saves of one user never pass the limit', async () => {
    const user = await t.createUser();
    const ids = await insertVerifiedPlaces(SAVED_PLACES_MAX + 6, ana);
    await t.db.insert(savedPlaces).values(ids.slice(0, SAVED_PLACES_MAX - 2).map((idPlace) => ({ idUser: user.user._id, idPlace })));
    const results = await Promise.all(ids.slice(SAVED_PLACES_MAX - 2).map((id) => save(user.token, id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409, 409, 409]);
    const rows = await t.db.select().from(savedPlaces).where(eq(savedPlaces.idUser, user.user._id));
    expect(rows).toHaveLength(SAVED_PLACES_MAX);
  });

  it('without a session every call is 401', async () => {
    for (const res of [await savedList(), await save(undefined, verified._id), await unsave(undefined, verified._id)]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
    expect((await save('not-a-token', verified._id)).status).toBe(401);
  });

  it('the OpenAPI document describes the three calls with operationIds, bearer security and their statuses', async () => {
    type Operation = { operationId: string; responses: Record<string, unknown> };
    const doc = (await api(t).get<{ paths: Record<string, Record<string, Operation>> }>('/api/docs/json')).body;
    const put = doc.paths['/api/saved/{placeId}']!.put!;
    expect(put).toMatchObject({ operationId: 'savePlace', tags: ['saved'], security: [{ bearerAuth: [] }] });
    // A PUT may carry a body: bad JSON (400), too large (413), not JSON (415); 500 on every call.
    expect(Object.keys(put.responses).sort()).toEqual(['200', '400', '401', '404', '409', '413', '415', '500']);
    expect(doc.paths['/api/saved/{placeId}']!.delete!.operationId).toBe('unsavePlace');
    expect(doc.paths['/api/saved']!.get!.operationId).toBe('listSavedPlaces');
  });
});
