import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Place } from '@sendero/contract';
import { authHeader, buildTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { createPlace, multipart, placeInput, pngImage, uploadedUrl } from './helpers/upload-fixtures.js';

/**
 * Every call of DESIGN.md §4 x {anonymous, user, guide, another user, admin}, each case on fresh data.
 * "user" owns what the call is about (their profile, their place, their review); "another user" is a
 * second ordinary user; the guide owns nothing involved.
 */

type Caller = 'anonymous' | 'user' | 'guide' | 'another user' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'user', 'guide', 'another user', 'admin'];

interface World {
  actors: Record<Exclude<Caller, 'anonymous'>, TestUser>;
  /** A verified place created by the user. */
  verifiedPlace: Place;
  /** An unverified place created by the user. */
  pendingPlace: Place;
  /** The user's review of verifiedPlace. */
  reviewId: string;
  /** Credentials the caller would use to log in (the user's for anonymous). */
  credentialsOf(caller: Caller): { email: string; password: string };
  /** An upload URL belonging to the caller (the user's for anonymous). */
  photoOf(caller: Caller): Promise<string>;
}

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

interface Row {
  call: string;
  request: (w: World, caller: Caller) => Promise<Request> | Request;
  expected: Record<Caller, number>;
}

const PASSWORD = 'clave-de-la-tabla-1';
let t: TestApp;
let counter = 0;

async function buildWorld(): Promise<World> {
  counter += 1;
  const [user, guide, other, admin] = await Promise.all([
    t.createUser({ password: PASSWORD, status: 'Enviado' }),
    t.createUser({ password: PASSWORD, role: 'guide', status: 'Aprobado' }),
    t.createUser({ password: PASSWORD }),
    t.createAdmin({ password: PASSWORD }),
  ]);
  const actors = { user, guide, 'another user': other, admin };
  const verifiedPlace = await createPlace(t, user.token, { name: `Verificado ${counter}` }, { verifyWith: admin.token });
  const pendingPlace = await createPlace(t, user.token, { name: `Pendiente ${counter}` });
  const review = await t.app.inject({
    method: 'POST',
    url: API.ratingCreate,
    headers: authHeader(user.token),
    payload: { id_place: verifiedPlace._id, photo_url: await uploadedUrl(t, user.token, 'rating'), rating: 4, comment: 'Muy bonito.' },
  });
  expect(review.statusCode).toBe(201);
  const actor = (caller: Caller) => (caller === 'anonymous' ? user : actors[caller]);
  return {
    actors,
    verifiedPlace,
    pendingPlace,
    reviewId: review.json()._id,
    credentialsOf: (caller) => ({ email: actor(caller).user.email, password: PASSWORD }),
    photoOf: (caller) => uploadedUrl(t, actor(caller).token, 'user'),
  };
}

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  user: status,
  guide: status,
  'another user': status,
  admin: status,
});
const signedIn = (status: number): Record<Caller, number> => ({ ...everyone(status), anonymous: 401 });
const adminOnly = (status: number): Record<Caller, number> => ({ anonymous: 401, user: 403, guide: 403, 'another user': 403, admin: status });

/** The calls of DESIGN.md §4. Add a row here for every new call. */
const AUTHORIZATION_TABLE: Row[] = [
  {
    call: 'POST /api/register',
    request: () => ({
      method: 'POST',
      url: API.register,
      payload: { email: `nuevo-${++counter}@example.com`, password: 'clave-nueva-123', firstname: 'Nuevo', lastname: 'Usuario' },
    }),
    expected: everyone(201),
  },
  {
    call: 'POST /api/login',
    request: (w, c) => ({ method: 'POST', url: API.login, payload: w.credentialsOf(c) }),
    expected: everyone(200),
  },
  {
    call: 'POST /api/admin/login',
    request: (w, c) => ({ method: 'POST', url: API.adminLogin, payload: w.credentialsOf(c) }),
    expected: { anonymous: 401, user: 401, guide: 401, 'another user': 401, admin: 200 },
  },
  { call: 'GET /api/place', request: () => ({ method: 'GET', url: API.places }), expected: everyone(200) },
  {
    call: 'GET /api/place/{id} (verified)',
    request: (w) => ({ method: 'GET', url: API.place(w.verifiedPlace._id) }),
    expected: signedIn(200),
  },
  {
    call: 'GET /api/place/{id} (unverified, created by the user)',
    request: (w) => ({ method: 'GET', url: API.place(w.pendingPlace._id) }),
    expected: { anonymous: 401, user: 200, guide: 404, 'another user': 404, admin: 200 },
  },
  {
    call: 'POST /api/place/create',
    request: async (w, c) => ({ method: 'POST', url: API.placeCreate, payload: placeInput([await w.photoOf(c)]) }),
    expected: signedIn(201),
  },
  {
    call: 'PUT /api/place/update/{id}',
    request: (w) => ({ method: 'PUT', url: API.placeUpdate(w.verifiedPlace._id), payload: { name: 'Nombre cambiado' } }),
    expected: { anonymous: 401, user: 200, guide: 403, 'another user': 403, admin: 200 },
  },
  {
    call: 'PUT /api/place/verified/{id}',
    request: (w) => ({ method: 'PUT', url: API.placeVerified(w.pendingPlace._id) }),
    expected: adminOnly(200),
  },
  {
    call: 'DELETE /api/place/delete/{id}',
    request: (w) => ({ method: 'DELETE', url: API.placeDelete(w.verifiedPlace._id) }),
    expected: adminOnly(200),
  },
  {
    call: 'POST /api/rating/create',
    request: async (w, c) => ({
      method: 'POST',
      url: API.ratingCreate,
      // The user already reviewed verifiedPlace: everyone reviews a second verified place of theirs.
      payload: {
        id_place: (await createPlace(t, w.actors.user.token, {}, { verifyWith: w.actors.admin.token }))._id,
        photo_url: await w.photoOf(c),
        rating: 5,
        comment: 'Excelente caminata.',
      },
    }),
    expected: { anonymous: 401, user: 201, guide: 201, 'another user': 201, admin: 403 },
  },
  {
    call: 'GET /api/rating/{placeId}',
    request: (w) => ({ method: 'GET', url: API.ratings(w.verifiedPlace._id) }),
    expected: signedIn(200),
  },
  {
    call: 'DELETE /api/rating/delete/{id}',
    request: (w) => ({ method: 'DELETE', url: API.ratingDelete(w.reviewId) }),
    expected: { anonymous: 401, user: 200, guide: 403, 'another user': 403, admin: 200 },
  },
  {
    call: 'GET /api/user/{id}',
    request: (w) => ({ method: 'GET', url: API.user(w.actors.user.user._id) }),
    expected: { anonymous: 401, user: 200, guide: 404, 'another user': 404, admin: 200 },
  },
  { call: 'GET /api/users/requests', request: () => ({ method: 'GET', url: API.usersRequests }), expected: adminOnly(200) },
  { call: 'GET /api/users', request: () => ({ method: 'GET', url: API.users }), expected: adminOnly(200) },
  {
    call: 'PUT /api/user/update1/{id}',
    request: (w) => ({ method: 'PUT', url: API.userUpdate1(w.actors.user.user._id), payload: { password: 'clave-cambiada-9' } }),
    expected: { anonymous: 401, user: 200, guide: 403, 'another user': 403, admin: 403 },
  },
  {
    call: 'PUT /api/user/update2/{id} (photo)',
    request: (w) => ({ method: 'PUT', url: API.userUpdate2(w.actors.user.user._id), payload: { photo_url: '' } }),
    // The admin's body is read as a transition, and a photo is not one.
    expected: { anonymous: 401, user: 200, guide: 403, 'another user': 403, admin: 400 },
  },
  {
    call: 'PUT /api/user/update2/{id} (guide application)',
    request: (w) => ({
      method: 'PUT',
      url: API.userUpdate2(w.actors.user.user._id),
      payload: { instagram: '@yo', facebook: 'fb.com/yo', linkedin: 'in/yo', about_you: 'Guía de montaña.', status: 'Enviado' },
    }),
    expected: { anonymous: 401, user: 200, guide: 403, 'another user': 403, admin: 400 },
  },
  {
    call: 'PUT /api/user/update2/{id} (approve)',
    request: (w) => ({ method: 'PUT', url: API.userUpdate2(w.actors.user.user._id), payload: { status: 'Aprobado', role: 'guide' } }),
    expected: { anonymous: 401, user: 403, guide: 403, 'another user': 403, admin: 200 },
  },
  {
    call: 'GET /api/admin/{id}',
    request: (w) => ({ method: 'GET', url: API.admin(w.actors.admin.user._id) }),
    expected: adminOnly(200),
  },
  {
    call: 'GET /api/admin/actions?target={id}',
    request: (w) => ({ method: 'GET', url: API.adminActions(w.verifiedPlace._id) }),
    expected: adminOnly(200),
  },
  {
    call: 'POST /api/upload?preset=user',
    request: async () => {
      const body = multipart(await pngImage());
      return { method: 'POST', url: API.upload('user'), headers: body.headers, payload: body.payload as unknown as object };
    },
    expected: signedIn(201),
  },
  { call: 'GET /api/health', request: () => ({ method: 'GET', url: API.health }), expected: everyone(200) },
];

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('who may call what (DESIGN.md §4)', () => {
  const cases = AUTHORIZATION_TABLE.flatMap((row) => CALLERS.map((caller) => ({ row, caller })));
  it.each(cases.map(({ row, caller }) => [`${row.call} as ${caller} -> ${row.expected[caller]}`, row, caller] as const))(
    '%s',
    async (_name, row, caller) => {
      const world = await buildWorld();
      const request = await row.request(world, caller);
      const token = caller === 'anonymous' ? undefined : world.actors[caller].token;
      const res = await t.app.inject({
        method: request.method,
        url: request.url,
        payload: request.payload,
        headers: { ...request.headers, ...(token ? authHeader(token) : {}) },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(row.expected[caller]);
      if (res.statusCode >= 400) expect(res.json()).toHaveProperty('error.message');
    },
  );

  it('the table covers every API route the server documents', () => {
    // The OpenAPI document lists every route that is not hidden (all of /api).
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const normalise = (route: string) => route.replace(/\{[A-Za-z]+\}/g, '{id}').replace(/\?.*$/, '');
    const routes = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => normalise(`${method.toUpperCase()} ${path}`)),
    );
    expect(routes.length).toBeGreaterThanOrEqual(21);
    const documented = new Set(AUTHORIZATION_TABLE.map((r) => normalise(r.call.split(' ').slice(0, 2).join(' '))));
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });
});
