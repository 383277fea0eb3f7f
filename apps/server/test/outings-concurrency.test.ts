import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API, MSG, type Outing, type Place } from '@sendero/contract';
import { outingParticipants, outings } from '@/db/schema.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace } from './helpers/upload-fixtures.js';

/** docs/product.md#outings: `taken` never exceeds `spots` and always equals the participant rows, under any concurrency. */

const t = useTestApp();
let guide: TestUser;
let hikers: TestUser[];
let place: Place;

beforeAll(async () => {
  const admin = await t.createAdmin();
  guide = await t.createUser({ role: 'guide', status: 'Aprobado' });
  hikers = await Promise.all(Array.from({ length: 100 }, () => t.createUser()));
  place = await createPlace(t, guide.token, { name: 'Muy solicitada', capacity: 50 }, { verifyWith: admin.token });
});

async function organize(spots: number): Promise<Outing> {
  const res = await api(t, guide.token).post<Outing>(API.outingCreate, {
    id_place: place._id,
    starts_at: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    meeting_point: 'Paradero de Chosica',
    spots,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const put = (url: string, who: TestUser) => api(t, who.token).put<Outing & ErrorBody>(url);

async function stored(id: string) {
  const [row] = await t.db.select().from(outings).where(eq(outings.id, id));
  const rows = await t.db.select().from(outingParticipants).where(eq(outingParticipants.idOuting, id));
  return { taken: row!.taken, participants: rows.length, users: rows.map((r) => r.idUser) };
}

it('100 different users join an outing of 10 spots at once: exactly 10 get 200, 90 get 409, taken = 10 = participants', async () => {
  const outing = await organize(10);
  const results = await Promise.all(hikers.map((h) => put(API.outingJoin(outing._id), h)));
  const ok = results.filter((r) => r.status === 200);
  const full = results.filter((r) => r.status === 409);
  expect(ok).toHaveLength(10);
  expect(full).toHaveLength(90);
  expect(new Set(full.map((r) => r.body.error.message))).toEqual(new Set([MSG.outingFull]));
  const s = await stored(outing._id);
  expect(s.taken).toBe(10);
  expect(s.participants).toBe(10);
  // The ten who got 200 are exactly the ten stored.
  const winners = hikers.filter((_, i) => results[i]!.status === 200).map((h) => h.user._id);
  expect(s.users.sort()).toEqual(winners.sort());
  expect(ok.every((r) => r.body.joined === true)).toBe(true);
});

it('30 concurrent join/leave pairs keep taken equal to the participant rows', async () => {
  const outing = await organize(40);
  const stayers = hikers.slice(0, 30);
  const movers = hikers.slice(30, 60);
  // The movers already hold a spot: each leaves while a stayer joins, all at once.
  for (const m of movers) expect((await put(API.outingJoin(outing._id), m)).status).toBe(200);
  const results = await Promise.all(movers.flatMap((m, i) => [put(API.outingLeave(outing._id), m), put(API.outingJoin(outing._id), stayers[i]!)]));
  expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
  const s = await stored(outing._id);
  expect(s.participants).toBe(30);
  expect(s.taken).toBe(30);
  expect(s.users.sort()).toEqual(stayers.map((h) => h.user._id).sort());

  // Each of 30 more users joins and leaves at the same time (10 spots are left): whatever the order,
  // every answer is a 200 or one of the expected 409s, and taken = rows.
  const pairs = await Promise.all(hikers.slice(60, 90).flatMap((h) => [put(API.outingJoin(outing._id), h), put(API.outingLeave(outing._id), h)]));
  const allowed = new Set<string>([MSG.outingNotJoined, MSG.outingFull]);
  const unexpected = pairs.filter((r) => !(r.status === 200 || (r.status === 409 && allowed.has(r.body.error.message))));
  expect(unexpected.map((r) => r.text)).toEqual([]);
  const after = await stored(outing._id);
  expect(after.taken).toBe(after.participants);
  expect(after.taken).toBeLessThanOrEqual(40);
});

it('the same user joining 5 times at once holds one spot', async () => {
  const outing = await organize(5);
  const results = await Promise.all(Array.from({ length: 5 }, () => put(API.outingJoin(outing._id), hikers[99]!)));
  expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  expect(results.filter((r) => r.status === 409).map((r) => r.body.error.message)).toEqual(Array(4).fill(MSG.outingAlreadyJoined));
  expect(await stored(outing._id)).toMatchObject({ taken: 1, participants: 1 });
});
