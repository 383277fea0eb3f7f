import { describe, expect, it } from 'vitest';
import { API, type Outing, type Place, type Rating } from '@sendero/contract';
import { useTestApp, type TestUser } from './helpers/app.js';
import { testDbKind } from './helpers/database.js';
import { api } from './helpers/client.js';
import { createPlace, multipart, placeInput, pngImage, uploadedUrl } from './helpers/upload-fixtures.js';
import { gpxFile, putTrack, walk } from './helpers/track-files.js';

/**
 * Every call of docs/product.md#calls x {anonymous, user, guide, another user, admin}, each case on fresh data.
 * "user" owns what the call is about (their profile, their place, their review); "another user" is a
 * second ordinary user; the guide owns nothing involved.
 */

type BaseCaller = 'anonymous' | 'user' | 'guide' | 'another user' | 'admin';
/** A second approved guide, for the calls where "its guide" matters (outings); rows opt in. */
type Caller = BaseCaller | 'another guide';
const CALLERS: Caller[] = ['anonymous', 'user', 'guide', 'another user', 'admin', 'another guide'];

interface World {
  actors: Record<Exclude<Caller, 'anonymous'>, TestUser>;
  /** A verified place created by the user. */
  verifiedPlace: Place;
  /** An unverified place created by the user. */
  pendingPlace: Place;
  /** The user's review of verifiedPlace. */
  reviewId: string;
  /** An outing the guide organizes on verifiedPlace (5 spots, in 3 days). */
  organize(): Promise<string>;
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
  expected: Record<BaseCaller, number> & Partial<Record<'another guide', number>>;
}

const PASSWORD = 'clave-de-la-tabla-1';
const t = useTestApp();
let counter = 0;

async function buildWorld(): Promise<World> {
  counter += 1;
  const [user, guide, other, admin, otherGuide] = await Promise.all([
    t.createUser({ password: PASSWORD, status: 'Enviado' }),
    t.createUser({ password: PASSWORD, role: 'guide', status: 'Aprobado' }),
    t.createUser({ password: PASSWORD }),
    t.createAdmin({ password: PASSWORD }),
    t.createUser({ password: PASSWORD, role: 'guide', status: 'Aprobado' }),
  ]);
  const actors = { user, guide, 'another user': other, admin, 'another guide': otherGuide };
  const verifiedPlace = await createPlace(t, user.token, { name: `Verificado ${counter}` }, { verifyWith: admin.token });
  const pendingPlace = await createPlace(t, user.token, { name: `Pendiente ${counter}` });
  const review = await api(t, user.token).post<Rating>(API.ratingCreate, {
    id_place: verifiedPlace._id,
    photo_url: await uploadedUrl(t, user.token, 'rating'),
    rating: 4,
    comment: 'Muy bonito.',
  });
  expect(review.status).toBe(201);
  const actor = (caller: Caller) => (caller === 'anonymous' ? user : actors[caller]);
  return {
    actors,
    verifiedPlace,
    pendingPlace,
    reviewId: review.body._id,
    organize: async () => {
      const res = await api(t, guide.token).post<Outing>(API.outingCreate, outingInput(verifiedPlace._id));
      expect(res.status).toBe(201);
      return res.body._id;
    },
    credentialsOf: (caller) => ({ email: actor(caller).user.email, password: PASSWORD }),
    photoOf: (caller) => uploadedUrl(t, actor(caller).token, 'user'),
  };
}

const outingInput = (placeId: string) => ({
  id_place: placeId,
  starts_at: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
  meeting_point: 'Plaza de Armas',
  spots: 5,
});

const everyone = (status: number): Record<BaseCaller, number> => ({
  anonymous: status,
  user: status,
  guide: status,
  'another user': status,
  admin: status,
});
const signedIn = (status: number): Record<BaseCaller, number> => ({ ...everyone(status), anonymous: 401 });
const adminOnly = (status: number): Record<BaseCaller, number> => ({ anonymous: 401, user: 403, guide: 403, 'another user': 403, admin: status });

/** The calls of docs/product.md#calls. Add a row here for every new call. */
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
  { call: 'GET /api/place/index', request: () => ({ method: 'GET', url: API.placeIndex() }), expected: everyone(200) },
  { call: 'GET /api/place/search', request: () => ({ method: 'GET', url: API.placeSearch({ name: 'laguna' }) }), expected: everyone(200) },
  {
    call: 'GET /api/place/{id}/preview (verified)',
    request: (w) => ({ method: 'GET', url: API.placePreview(w.verifiedPlace._id) }),
    expected: everyone(200),
  },
  {
    call: 'GET /api/place/{id}/preview (unverified)',
    request: (w) => ({ method: 'GET', url: API.placePreview(w.pendingPlace._id) }),
    expected: everyone(404),
  },
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
    call: 'PUT /api/rating/update/{id}',
    request: (w) => ({ method: 'PUT', url: API.ratingUpdate(w.reviewId), payload: { rating: 2, condition: 'obstaculos', hazards: ['barro'] } }),
    // Its author only: admins delete reviews, they do not edit them (docs/product.md#reviews).
    expected: { anonymous: 401, user: 200, guide: 403, 'another user': 403, admin: 403 },
  },
  {
    call: 'PUT /api/place/{id}/closure',
    request: (w) => ({ method: 'PUT', url: API.placeClosure(w.verifiedPlace._id), payload: { until: null, note: 'Derrumbe en el km 3' } }),
    expected: adminOnly(200),
  },
  {
    call: 'PUT /api/place/{id}/facts-checked',
    request: (w) => ({ method: 'PUT', url: API.placeFactsChecked(w.verifiedPlace._id) }),
    expected: adminOnly(200),
  },
  // Route tracks (docs/product.md#tracks): written by the place's creator or an admin, read like the place.
  {
    call: 'PUT /api/place/{id}/track',
    request: (w) => {
      const body = multipart(Buffer.from(gpxFile([walk(30)])), { filename: 'ruta.gpx', contentType: 'application/gpx+xml' });
      return { method: 'PUT', url: API.placeTrack(w.verifiedPlace._id), headers: body.headers, payload: body.payload as unknown as object };
    },
    expected: { anonymous: 401, user: 200, guide: 403, 'another user': 403, admin: 200 },
  },
  {
    call: 'DELETE /api/place/{id}/track',
    request: async (w) => {
      expect((await putTrack(t, w.actors.user.token, w.verifiedPlace._id, gpxFile([walk(30)]))).status).toBe(200);
      return { method: 'DELETE', url: API.placeTrack(w.verifiedPlace._id) };
    },
    expected: { anonymous: 401, user: 200, guide: 403, 'another user': 403, admin: 200 },
  },
  {
    call: 'GET /api/place/{id}/track (verified)',
    request: async (w) => {
      expect((await putTrack(t, w.actors.user.token, w.verifiedPlace._id, gpxFile([walk(30)]))).status).toBe(200);
      return { method: 'GET', url: API.placeTrack(w.verifiedPlace._id) };
    },
    expected: everyone(200),
  },
  {
    call: 'GET /api/place/{id}/track (unverified, created by the user)',
    request: async (w) => {
      expect((await putTrack(t, w.actors.user.token, w.pendingPlace._id, gpxFile([walk(30)]))).status).toBe(200);
      return { method: 'GET', url: API.placeTrack(w.pendingPlace._id) };
    },
    expected: { anonymous: 404, user: 200, guide: 404, 'another user': 404, admin: 200 },
  },
  {
    call: 'GET /api/place/{id}/track.gpx (verified)',
    request: async (w) => {
      expect((await putTrack(t, w.actors.user.token, w.verifiedPlace._id, gpxFile([walk(30)]))).status).toBe(200);
      return { method: 'GET', url: API.placeTrackGpx(w.verifiedPlace._id) };
    },
    expected: everyone(200),
  },
  {
    call: 'GET /api/admin/trail-reports',
    request: () => ({ method: 'GET', url: API.adminTrailReports }),
    expected: adminOnly(200),
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
  { call: 'GET /api/saved', request: () => ({ method: 'GET', url: API.saved }), expected: signedIn(200) },
  {
    call: 'PUT /api/saved/{placeId} (verified)',
    request: (w) => ({ method: 'PUT', url: API.savedPlace(w.verifiedPlace._id) }),
    expected: signedIn(200),
  },
  {
    call: 'PUT /api/saved/{placeId} (unverified, created by the user)',
    request: (w) => ({ method: 'PUT', url: API.savedPlace(w.pendingPlace._id) }),
    expected: { anonymous: 401, user: 200, guide: 404, 'another user': 404, admin: 200 },
  },
  {
    call: 'DELETE /api/saved/{placeId}',
    request: (w) => ({ method: 'DELETE', url: API.savedPlace(w.verifiedPlace._id) }),
    expected: signedIn(200),
  },
  { call: 'GET /api/health', request: () => ({ method: 'GET', url: API.health }), expected: everyone(200) },
  { call: 'GET /api/config', request: () => ({ method: 'GET', url: API.config }), expected: everyone(200) },
  {
    call: 'POST /api/password/forgot',
    request: (w, c) => ({ method: 'POST', url: API.passwordForgot, payload: { email: w.credentialsOf(c).email } }),
    expected: everyone(200),
  },
  {
    call: 'POST /api/password/reset',
    // Nobody holds a valid link here: the answer is the same for every caller.
    request: () => ({ method: 'POST', url: API.passwordReset, payload: { token: 'enlace-inventado', password: 'clave-nueva-123' } }),
    expected: everyone(400),
  },
  {
    call: 'POST /api/admin/reset-link/{id}',
    request: (w) => ({ method: 'POST', url: API.adminResetLink(w.actors.user.user._id) }),
    expected: adminOnly(200),
  },
  // Group outings (docs/product.md): "guide" organizes; "another guide" is a guide with no part in it.
  {
    call: 'POST /api/outing/create',
    request: (w) => ({ method: 'POST', url: API.outingCreate, payload: outingInput(w.verifiedPlace._id) }),
    expected: { anonymous: 401, user: 403, guide: 201, 'another user': 403, admin: 201, 'another guide': 201 },
  },
  {
    call: 'GET /api/outing/place/{placeId}',
    request: async (w) => {
      await w.organize();
      return { method: 'GET', url: API.outingsOfPlace(w.verifiedPlace._id) };
    },
    expected: { ...signedIn(200), 'another guide': 200 },
  },
  {
    call: 'GET /api/outing/{id}',
    request: async (w) => ({ method: 'GET', url: API.outing(await w.organize()) }),
    expected: { ...signedIn(200), 'another guide': 200 },
  },
  {
    call: 'GET /api/places/mine',
    request: () => ({ method: 'GET', url: API.placesMine }),
    expected: { ...signedIn(200), 'another guide': 200 },
  },
  {
    call: 'GET /api/outings/mine',
    request: () => ({ method: 'GET', url: API.outingsMine }),
    expected: { ...signedIn(200), 'another guide': 200 },
  },
  {
    call: 'PUT /api/outing/join/{id}',
    request: async (w) => ({ method: 'PUT', url: API.outingJoin(await w.organize()) }),
    expected: { anonymous: 401, user: 200, guide: 403, 'another user': 200, admin: 403, 'another guide': 200 },
  },
  {
    call: 'PUT /api/outing/leave/{id} (the user joined)',
    request: async (w) => {
      const id = await w.organize();
      const join = await api(t, w.actors.user.token).put(API.outingJoin(id));
      expect(join.status).toBe(200);
      return { method: 'PUT', url: API.outingLeave(id) };
    },
    expected: { anonymous: 401, user: 200, guide: 409, 'another user': 409, admin: 409, 'another guide': 409 },
  },
  {
    call: 'PUT /api/outing/cancel/{id}',
    request: async (w) => ({ method: 'PUT', url: API.outingCancel(await w.organize()) }),
    expected: { anonymous: 401, user: 403, guide: 200, 'another user': 403, admin: 200, 'another guide': 403 },
  },
];

/**
 * A call that changes nothing (GET) is asked by every caller in one world built for its row; a call that
 * may write gets a fresh world per caller, so one caller's success cannot decide another's answer.
 */
const sharedWorlds = new Map<Row, Promise<World>>();
function worldFor(row: Row): Promise<World> {
  if (!row.call.startsWith('GET ')) return buildWorld();
  let world = sharedWorlds.get(row);
  if (!world) sharedWorlds.set(row, (world = buildWorld()));
  return world;
}

/**
 * On PostgreSQL (the 'server-pg' project, docs/architecture.md#tests) the table is a smoke: one caller per
 * row, the first whose answer is a success, so every route meets the engine once; the permissions
 * themselves do not depend on the engine and are checked in full on PGlite.
 */
const smokeOnly = testDbKind() === 'postgres' && process.env.SENDERO_PG_ALL !== '1';

describe('who may call what (docs/product.md#calls)', () => {
  const expectedOf = (row: Row, caller: Caller) => row.expected[caller as keyof Row['expected']]!;
  const cases = AUTHORIZATION_TABLE.flatMap((row) => {
    const callers = CALLERS.filter((caller) => row.expected[caller as keyof Row['expected']] !== undefined);
    const smoke = callers.find((caller) => expectedOf(row, caller) < 400) ?? callers[0]!;
    return (smokeOnly ? [smoke] : callers).map((caller) => ({ row, caller }));
  });
  it.each(cases.map(({ row, caller }) => [`${row.call} as ${caller} -> ${expectedOf(row, caller)}`, row, caller] as const))(
    '%s',
    async (_name, row, caller) => {
      const world = await worldFor(row);
      const request = await row.request(world, caller);
      const token = caller === 'anonymous' ? undefined : world.actors[caller].token;
      const res = await api(t, token).request(request);
      expect(res.status, res.text.slice(0, 300)).toBe(expectedOf(row, caller));
      if (res.status >= 400) expect(res.body).toHaveProperty('error.message');
    },
  );

  it('the table covers every API route the server documents', () => {
    // The OpenAPI document lists every route that is not hidden (all of /api).
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const normalise = (route: string) => route.replace(/\{[A-Za-z]+\}/g, '{id}').replace(/\?.*$/, '');
    const routes = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => normalise(`${method.toUpperCase()} ${path}`)),
    );
    expect(routes.length).toBeGreaterThanOrEqual(28);
    const documented = new Set(AUTHORIZATION_TABLE.map((r) => normalise(r.call.split(' ').slice(0, 2).join(' '))));
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });
});
