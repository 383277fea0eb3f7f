import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type AdminAction, type MyOutings, type Outing, type Place } from '@sendero/contract';
import { adminActions, outingParticipants, outings } from '@/db/schema.js';
import type { OutingCancelledEvent } from '@/services/outing-events.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace } from './helpers/upload-fixtures.js';

/** Group outings (docs/product.md#outings): every call's success, validation errors, 403/404/409 and their messages. */

const t = useTestApp();
let admin: TestUser;
let guide: TestUser;
let otherGuide: TestUser;
let hiker: TestUser;
let otherHiker: TestUser;
/** Verified, capacity 20, created by the hiker. */
let place: Place;
/** Unverified, created by the hiker. */
let pending: Place;

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function input(overrides: Record<string, unknown> = {}) {
  return { id_place: place._id, starts_at: inDays(3), meeting_point: 'Plaza de Armas de Huaral', spots: 5, ...overrides };
}

/** A call as `who` (anonymous without one); the body is an outing, or the error shape when the call refuses, unless `T` says otherwise. */
function call<T = Outing & ErrorBody>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: object) {
  return api(t, who?.token).request<T>({ method, url, payload });
}

async function organize(overrides: Record<string, unknown> = {}, who: TestUser = guide): Promise<Outing> {
  const res = await call('POST', API.outingCreate, who, input(overrides));
  expect(res.status, res.text).toBe(201);
  return res.body as Outing;
}

/** Moves an outing's start (the API refuses past dates, the clock does not). */
async function setStart(id: string, at: Date) {
  await t.db.update(outings).set({ startsAt: at }).where(eq(outings.id, id));
}

async function countRows(id: string) {
  const [row] = await t.db.select().from(outings).where(eq(outings.id, id));
  const rows = await t.db.select().from(outingParticipants).where(eq(outingParticipants.idOuting, id));
  return { taken: row?.taken, participants: rows.length, status: row?.status };
}

function expectError(res: { status: number; body: unknown }, status: number, message: string) {
  expect(res.status).toBe(status);
  expect((res.body as ErrorBody).error.message).toBe(message);
}

beforeAll(async () => {
  [admin, guide, otherGuide, hiker, otherHiker] = await Promise.all([
    t.createAdmin({ firstname: 'Admin', lastname: 'Sendero' }),
    t.createUser({ role: 'guide', status: 'Aprobado', firstname: 'Rosa María', lastname: 'Quispe Huamán', photo_url: '/uploads/guia.webp' }),
    t.createUser({ role: 'guide', status: 'Aprobado' }),
    t.createUser({ firstname: 'Lucía', lastname: 'Torres' }),
    t.createUser(),
  ]);
  place = await createPlace(t, hiker.token, { name: 'Laguna de Ñaupamarca', capacity: 20 }, { verifyWith: admin.token });
  pending = await createPlace(t, hiker.token, { name: 'Sin verificar' });
});

describe('POST /api/outing/create', () => {
  it('a guide organizes an outing: 201 with the outing, no one joined yet', async () => {
    const startsAt = inDays(10);
    const res = await call('POST', API.outingCreate, guide, input({ starts_at: startsAt, meeting_point: '  Óvalo de Huaral  ', description: ' Traer linterna. ', spots: 12 }));
    expect(res.status).toBe(201);
    const outing = res.body as Outing;
    expect(outing).toMatchObject({
      id_place: place._id,
      place_name: 'Laguna de Ñaupamarca',
      id_guide: guide.user._id,
      guide_name: 'Rosa Quispe',
      guide_photo: '/uploads/guia.webp',
      starts_at: startsAt,
      meeting_point: 'Óvalo de Huaral',
      description: 'Traer linterna.',
      spots: 12,
      taken: 0,
      status: 'abierta',
      joined: false,
      participants: [],
    });
    expect(Date.parse(outing.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('an admin may organize one too; a date with an offset is stored as the same instant in UTC', async () => {
    const local = new Date(Date.now() + 5 * DAY);
    local.setUTCSeconds(0, 0);
    const withOffset = `${new Date(local.getTime() - 5 * HOUR).toISOString().slice(0, 19)}-05:00`;
    const res = await call('POST', API.outingCreate, admin, input({ starts_at: withOffset }));
    expect(res.status).toBe(201);
    expect(res.body.starts_at).toBe(local.toISOString());
    expect(res.body.description).toBe('');
  });

  it('the place’s whole capacity is allowed, one more is not', async () => {
    expect((await call('POST', API.outingCreate, guide, input({ spots: 20 }))).status).toBe(201);
    const res = await call('POST', API.outingCreate, guide, input({ spots: 21 }));
    expectError(res, 400, MSG.spotsOverCapacity);
    expect(res.body.error.fields).toEqual({ spots: MSG.spotsOverCapacity });
  });

  it.each([
    ['a past date', { starts_at: new Date(Date.now() - DAY).toISOString() }, 'starts_at', MSG.outingDateTooSoon],
    ['less than 1 hour ahead', { starts_at: new Date(Date.now() + 30 * 60_000).toISOString() }, 'starts_at', MSG.outingDateTooSoon],
    ['more than 365 days ahead', { starts_at: inDays(366) }, 'starts_at', MSG.outingDateTooFar],
    ['a date that is not ISO 8601', { starts_at: '05/12/2030 06:00' }, 'starts_at', MSG.outingDateInvalid],
    ['a date without a zone', { starts_at: '2030-12-05T06:00:00' }, 'starts_at', MSG.outingDateInvalid],
    ['an impossible date', { starts_at: '2030-02-30T06:00:00Z' }, 'starts_at', MSG.outingDateInvalid],
    ['a date as a number', { starts_at: Date.now() + 3 * DAY }, 'starts_at', MSG.outingDateInvalid],
    ['no date', { starts_at: undefined }, 'starts_at', MSG.outingDateInvalid],
    ['0 spots', { spots: 0 }, 'spots', MSG.spotsInvalid],
    ['3.5 spots', { spots: 3.5 }, 'spots', MSG.spotsInvalid],
    ['negative spots', { spots: -2 }, 'spots', MSG.spotsInvalid],
    ['spots as text', { spots: '5' }, 'spots', MSG.spotsInvalid],
    ['a 2-character meeting point', { meeting_point: ' ab ' }, 'meeting_point', MSG.meetingPointInvalid],
    ['a 201-character meeting point', { meeting_point: 'x'.repeat(201) }, 'meeting_point', MSG.meetingPointInvalid],
    ['no meeting point', { meeting_point: undefined }, 'meeting_point', MSG.meetingPointInvalid],
    ['a 1001-character description', { description: 'x'.repeat(1001) }, 'description', MSG.outingDescriptionTooLong],
    ['an unknown field', { taken: 3 }, 'taken', MSG.unknownField],
  ])('refuses %s with 400 and a Spanish message on the field', async (_name, overrides, field, message) => {
    const before = await t.db.select().from(outings);
    const res = await call('POST', API.outingCreate, guide, input(overrides));
    expectError(res, 400, message);
    expect(res.body.error.fields?.[field]).toBe(message);
    expect(await t.db.select().from(outings)).toHaveLength(before.length);
  });

  it('a place that is unknown, unverified or not a UUID is 404', async () => {
    expectError(await call('POST', API.outingCreate, guide, input({ id_place: '3f1c0f38-5f7e-4c1d-9a57-2d2b7c1e0a11' })), 404, MSG.placeNotFound);
    expectError(await call('POST', API.outingCreate, guide, input({ id_place: pending._id })), 404, MSG.placeNotFound);
    // Even its creator's own unverified place, and even for an admin: outings go to verified places only.
    expectError(await call('POST', API.outingCreate, admin, input({ id_place: pending._id })), 404, MSG.placeNotFound);
    const bad = await call('POST', API.outingCreate, guide, input({ id_place: 'no-es-un-id' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.id_place).toBe(MSG.placeNotFound);
  });

  it('a user who is not a guide gets 403 with the message, and nothing is created', async () => {
    const before = await t.db.select().from(outings);
    expectError(await call('POST', API.outingCreate, hiker, input()), 403, MSG.outingGuidesOnly);
    expect(await t.db.select().from(outings)).toHaveLength(before.length);
  });

  it('anonymous is 401', async () => {
    expectError(await call('POST', API.outingCreate, undefined, input()), 401, MSG.unauthorized);
  });
});

describe('GET /api/outing/place/{placeId} and GET /api/outing/{id}', () => {
  it('lists the place’s outings that have not started, soonest first, cancelled ones with their status', async () => {
    const p = await createPlace(t, hiker.token, { name: 'Lista de salidas' }, { verifyWith: admin.token });
    const later = await organize({ id_place: p._id, starts_at: inDays(20) });
    const sooner = await organize({ id_place: p._id, starts_at: inDays(2) });
    const cancelled = await organize({ id_place: p._id, starts_at: inDays(5) });
    expect((await call('PUT', API.outingCancel(cancelled._id), guide)).status).toBe(200);
    const past = await organize({ id_place: p._id, starts_at: inDays(4) });
    await setStart(past._id, new Date(Date.now() - HOUR));

    const res = await call<Outing[]>('GET', API.outingsOfPlace(p._id), hiker);
    expect(res.status).toBe(200);
    const list = res.body;
    expect(list.map((o) => o._id)).toEqual([sooner._id, cancelled._id, later._id]);
    expect(list.map((o) => o.status)).toEqual(['abierta', 'cancelada', 'abierta']);
    // Nobody but its guide and admins ever gets participants.
    expect(list.every((o) => !('participants' in o))).toBe(true);
    expect((await call<Outing[]>('GET', API.outingsOfPlace(p._id), guide)).body[0]!.participants).toEqual([]);
    expect((await call<Outing[]>('GET', API.outingsOfPlace(p._id), admin)).body[0]!.participants).toEqual([]);
    expect((await call<Outing[]>('GET', API.outingsOfPlace(p._id), otherGuide)).body[0]).not.toHaveProperty('participants');
  });

  it('a place with no outings lists none', async () => {
    const res = await call<Outing[]>('GET', API.outingsOfPlace(pending._id), hiker);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('a place the caller may not see, an unknown place and a bad id are 404', async () => {
    expectError(await call('GET', API.outingsOfPlace(pending._id), otherHiker), 404, MSG.placeNotFound);
    expectError(await call('GET', API.outingsOfPlace('3f1c0f38-5f7e-4c1d-9a57-2d2b7c1e0a11'), hiker), 404, MSG.placeNotFound);
    expect((await call('GET', API.outingsOfPlace('123'), hiker)).status).toBe(404);
  });

  it('one outing: joined tells whether the caller holds a spot; participants for its guide and admins', async () => {
    const outing = await organize();
    expect((await call('PUT', API.outingJoin(outing._id), hiker)).status).toBe(200);
    const mine = (await call('GET', API.outing(outing._id), hiker)).body as Outing;
    expect(mine).toMatchObject({ joined: true, taken: 1 });
    expect(mine).not.toHaveProperty('participants');
    expect((await call('GET', API.outing(outing._id), otherHiker)).body).toMatchObject({ joined: false, taken: 1 });
    const expected = [{ _id: hiker.user._id, name: 'Lucía Torres', photo_url: '' }];
    expect((await call('GET', API.outing(outing._id), guide)).body.participants).toEqual(expected);
    expect((await call('GET', API.outing(outing._id), admin)).body.participants).toEqual(expected);
    expect((await call('GET', API.outing(outing._id), otherGuide)).body).not.toHaveProperty('participants');
  });

  it('unknown and non-UUID outing ids are 404', async () => {
    expectError(await call('GET', API.outing('3f1c0f38-5f7e-4c1d-9a57-2d2b7c1e0a11'), hiker), 404, MSG.outingNotFound);
    expectError(await call('GET', API.outing('no-es-un-id'), hiker), 404, MSG.notFound);
  });
});

describe('PUT /api/outing/join/{id} and /leave/{id}', () => {
  it('join takes a spot; leave gives it back', async () => {
    const outing = await organize({ spots: 3 });
    const joined = await call('PUT', API.outingJoin(outing._id), hiker);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ _id: outing._id, joined: true, taken: 1, spots: 3 });
    expect(await countRows(outing._id)).toMatchObject({ taken: 1, participants: 1 });
    const left = await call('PUT', API.outingLeave(outing._id), hiker);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ joined: false, taken: 0 });
    expect(await countRows(outing._id)).toMatchObject({ taken: 0, participants: 0 });
  });

  it('a guide may join another guide’s outing', async () => {
    const outing = await organize();
    expect((await call('PUT', API.outingJoin(outing._id), otherGuide)).body).toMatchObject({ joined: true, taken: 1 });
  });

  it('joining twice is 409 and keeps one spot', async () => {
    const outing = await organize();
    await call('PUT', API.outingJoin(outing._id), hiker);
    expectError(await call('PUT', API.outingJoin(outing._id), hiker), 409, MSG.outingAlreadyJoined);
    expect(await countRows(outing._id)).toMatchObject({ taken: 1, participants: 1 });
  });

  it('a full outing is 409; whoever already holds a spot hears that instead', async () => {
    const outing = await organize({ spots: 1 });
    await call('PUT', API.outingJoin(outing._id), hiker);
    expectError(await call('PUT', API.outingJoin(outing._id), otherHiker), 409, MSG.outingFull);
    expectError(await call('PUT', API.outingJoin(outing._id), hiker), 409, MSG.outingAlreadyJoined);
    expect(await countRows(outing._id)).toMatchObject({ taken: 1, participants: 1 });
  });

  it('a cancelled outing is 409', async () => {
    const outing = await organize();
    await call('PUT', API.outingCancel(outing._id), guide);
    expectError(await call('PUT', API.outingJoin(outing._id), hiker), 409, MSG.outingCancelled);
    expect(await countRows(outing._id)).toMatchObject({ taken: 0, participants: 0 });
  });

  it('once it started: joining and leaving are 409 and change nothing', async () => {
    const outing = await organize();
    await call('PUT', API.outingJoin(outing._id), hiker);
    await setStart(outing._id, new Date(Date.now() - 60_000));
    expectError(await call('PUT', API.outingJoin(outing._id), otherHiker), 409, MSG.outingStarted);
    expectError(await call('PUT', API.outingLeave(outing._id), hiker), 409, MSG.outingStarted);
    expect(await countRows(outing._id)).toMatchObject({ taken: 1, participants: 1 });
  });

  it('its own guide gets 403, an admin gets 403', async () => {
    const outing = await organize();
    expectError(await call('PUT', API.outingJoin(outing._id), guide), 403, MSG.outingOwnGuide);
    expectError(await call('PUT', API.outingJoin(outing._id), admin), 403, MSG.outingAdminCannotJoin);
    expect(await countRows(outing._id)).toMatchObject({ taken: 0, participants: 0 });
  });

  it('leaving without a spot is 409', async () => {
    const outing = await organize();
    expectError(await call('PUT', API.outingLeave(outing._id), hiker), 409, MSG.outingNotJoined);
    expectError(await call('PUT', API.outingLeave(outing._id), admin), 409, MSG.outingNotJoined);
  });

  it('unknown and bad ids are 404 for join and leave', async () => {
    for (const url of [API.outingJoin, API.outingLeave]) {
      expectError(await call('PUT', url('3f1c0f38-5f7e-4c1d-9a57-2d2b7c1e0a11'), hiker), 404, MSG.outingNotFound);
      expectError(await call('PUT', url('42'), hiker), 404, MSG.notFound);
    }
  });
});

describe('PUT /api/outing/cancel/{id}', () => {
  it('its guide cancels: 200, status cancelada, participants keep their rows; again is 409', async () => {
    const outing = await organize();
    await call('PUT', API.outingJoin(outing._id), hiker);
    const res = await call('PUT', API.outingCancel(outing._id), guide);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelada', taken: 1 });
    expect(await countRows(outing._id)).toMatchObject({ status: 'cancelada', taken: 1, participants: 1 });
    expectError(await call('PUT', API.outingCancel(outing._id), guide), 409, MSG.outingAlreadyCancelled);
    // The hiker sees it cancelled, and may still give the spot back.
    expect((await call('GET', API.outing(outing._id), hiker)).body).toMatchObject({ status: 'cancelada', joined: true });
    expect((await call('PUT', API.outingLeave(outing._id), hiker)).body).toMatchObject({ joined: false, taken: 0 });
  });

  it('another guide and a participant get 403', async () => {
    const outing = await organize();
    await call('PUT', API.outingJoin(outing._id), hiker);
    expectError(await call('PUT', API.outingCancel(outing._id), otherGuide), 403, MSG.forbidden);
    expectError(await call('PUT', API.outingCancel(outing._id), hiker), 403, MSG.forbidden);
    expect(await countRows(outing._id)).toMatchObject({ status: 'abierta' });
  });

  it('an admin’s cancel is in the admin actions log, and in the place’s log; a guide’s is not', async () => {
    const p = await createPlace(t, hiker.token, { name: 'Historial de salidas' }, { verifyWith: admin.token });
    const byAdmin = await organize({ id_place: p._id });
    const byGuide = await organize({ id_place: p._id });
    expect((await call('PUT', API.outingCancel(byAdmin._id), admin)).status).toBe(200);
    expect((await call('PUT', API.outingCancel(byGuide._id), guide)).status).toBe(200);
    const logged = await t.db.select().from(adminActions).where(eq(adminActions.action, 'cancel_outing'));
    expect(logged.filter((a) => a.targetId === byAdmin._id)).toMatchObject([{ idAdmin: admin.user._id, targetType: 'outing' }]);
    expect(logged.filter((a) => a.targetId === byGuide._id)).toEqual([]);
    const placeLog = await call<AdminAction[]>('GET', API.adminActions(p._id), admin);
    expect(placeLog.body.map((a: { action: string; target_id: string }) => [a.action, a.target_id])).toEqual([
      ['cancel_outing', byAdmin._id],
      ['verify', p._id],
    ]);
    expect((await call<AdminAction[]>('GET', API.adminActions(byAdmin._id), admin)).body).toHaveLength(1);
  });

  it('calls the after-commit hook with the participants’ ids, once; a failing listener does not fail the cancel', async () => {
    const events: OutingCancelledEvent[] = [];
    const off = t.app.outingEvents.onCancelled((event) => {
      events.push(event);
    });
    const offFailing = t.app.outingEvents.onCancelled(() => {
      throw new Error('smtp down');
    });
    try {
      const outing = await organize();
      await call('PUT', API.outingJoin(outing._id), hiker);
      await call('PUT', API.outingJoin(outing._id), otherHiker);
      expect((await call('PUT', API.outingCancel(outing._id), admin)).status).toBe(200);
      await call('PUT', API.outingCancel(outing._id), admin);
      expect(events).toHaveLength(1);
      expect(events[0]!.participantIds.sort()).toEqual([hiker.user._id, otherHiker.user._id].sort());
      expect(events[0]!.outing).toMatchObject({ _id: outing._id, status: 'cancelada', place_name: place.name });
      expect(events[0]!.outing).not.toHaveProperty('participants');
      expect(events[0]!.cancelledBy).toEqual({ id: admin.user._id, role: 'admin' });
      expect(t.logs.some((line) => line.includes('outing listener failed'))).toBe(true);
    } finally {
      off();
      offFailing();
    }
  });

  it('unknown and bad ids are 404', async () => {
    expectError(await call('PUT', API.outingCancel('3f1c0f38-5f7e-4c1d-9a57-2d2b7c1e0a11'), guide), 404, MSG.outingNotFound);
    expect((await call('PUT', API.outingCancel('x'), guide)).status).toBe(404);
  });
});

describe('guides, places and their outings', () => {
  it('a guide whose benefits are blocked keeps their outings and may cancel them, but cannot create new ones', async () => {
    const g = await t.createUser({ role: 'guide', status: 'Aprobado' });
    const kept = await organize({}, g);
    await call('PUT', API.outingJoin(kept._id), hiker);
    const block = await call('PUT', API.userUpdate2(g.user._id), admin, { status: 'none', role: 'user' });
    expect(block.status).toBe(200);
    expectError(await call('POST', API.outingCreate, g, input()), 403, MSG.outingGuidesOnly);
    const still = await call('GET', API.outing(kept._id), g);
    expect(still.body).toMatchObject({ status: 'abierta', taken: 1 });
    expect(still.body.participants).toHaveLength(1);
    expect((await call<MyOutings>('GET', API.outingsMine, g)).body.leading.map((o: Outing) => o._id)).toEqual([kept._id]);
    expect((await call('PUT', API.outingCancel(kept._id), g)).body).toMatchObject({ status: 'cancelada' });
  });

  it('a blocked place hides its outings (404) from everyone but admins and its creator', async () => {
    const p = await createPlace(t, otherHiker.token, { name: 'Se bloqueará' }, { verifyWith: admin.token });
    const outing = await organize({ id_place: p._id });
    await call('PUT', API.outingJoin(outing._id), hiker);
    expect((await call<Place>('PUT', API.placeVerified(p._id), admin)).body.verified).toBe(false);
    expectError(await call('GET', API.outing(outing._id), hiker), 404, MSG.outingNotFound);
    expectError(await call('GET', API.outingsOfPlace(p._id), hiker), 404, MSG.placeNotFound);
    expectError(await call('PUT', API.outingLeave(outing._id), hiker), 404, MSG.outingNotFound);
    expectError(await call('PUT', API.outingJoin(outing._id), otherGuide), 404, MSG.outingNotFound);
    expectError(await call('PUT', API.outingCancel(outing._id), guide), 404, MSG.outingNotFound);
    expect((await call<MyOutings>('GET', API.outingsMine, hiker)).body.joined.map((o: Outing) => o._id)).not.toContain(outing._id);
    expect((await call('GET', API.outing(outing._id), admin)).status).toBe(200);
    expect((await call('GET', API.outing(outing._id), otherHiker)).status).toBe(200);
    // Shown again once verified again.
    await call('PUT', API.placeVerified(p._id), admin);
    expect((await call('GET', API.outing(outing._id), hiker)).body).toMatchObject({ joined: true });
  });

  it('deleting a place deletes its outings and their participants', async () => {
    const p = await createPlace(t, hiker.token, { name: 'Se eliminará' }, { verifyWith: admin.token });
    const a = await organize({ id_place: p._id });
    const b = await organize({ id_place: p._id }, otherGuide);
    await call('PUT', API.outingJoin(a._id), hiker);
    await call('PUT', API.outingJoin(b._id), otherHiker);
    expect((await call('DELETE', API.placeDelete(p._id), admin)).status).toBe(200);
    expect(await t.db.select().from(outings).where(eq(outings.idPlace, p._id))).toEqual([]);
    for (const id of [a._id, b._id]) {
      expect(await t.db.select().from(outingParticipants).where(eq(outingParticipants.idOuting, id))).toEqual([]);
      expectError(await call('GET', API.outing(id), admin), 404, MSG.outingNotFound);
    }
  });
});

describe('GET /api/outings/mine', () => {
  it('joined and leading: not started first (soonest first), then past ones (latest first)', async () => {
    const g = await t.createUser({ role: 'guide', status: 'Aprobado' });
    const h = await t.createUser();
    const far = await organize({ starts_at: inDays(30) }, g);
    const near = await organize({ starts_at: inDays(2) }, g);
    const old = await organize({ starts_at: inDays(2) }, g);
    const older = await organize({ starts_at: inDays(2) }, g);
    for (const o of [far, near, old, older]) expect((await call('PUT', API.outingJoin(o._id), h)).status).toBe(200);
    await setStart(old._id, new Date(Date.now() - DAY));
    await setStart(older._id, new Date(Date.now() - 10 * DAY));
    const expected = [near._id, far._id, old._id, older._id];

    const mine = await call<MyOutings>('GET', API.outingsMine, h);
    expect(mine.status).toBe(200);
    expect(mine.body.joined.map((o: Outing) => o._id)).toEqual(expected);
    expect(mine.body.leading).toEqual([]);
    expect(mine.body.joined.every((o: Outing) => o.joined && !('participants' in o))).toBe(true);
    const lead = (await call<MyOutings>('GET', API.outingsMine, g)).body;
    expect(lead.leading.map((o: Outing) => o._id)).toEqual(expected);
    expect(lead.leading[0]!.participants).toHaveLength(1);
    expect(lead.joined).toEqual([]);
  });

  it('at most 50 in each list', async () => {
    const g = await t.createUser({ role: 'guide', status: 'Aprobado' });
    await Promise.all(Array.from({ length: 52 }, (_, i) => organize({ starts_at: inDays(2 + i) }, g)));
    const leading = (await call<MyOutings>('GET', API.outingsMine, g)).body.leading;
    expect(leading).toHaveLength(50);
    expect(Date.parse(leading[0]!.starts_at)).toBeLessThan(Date.parse(leading[49]!.starts_at));
  });

  it('anonymous is 401', async () => {
    expectError(await call('GET', API.outingsMine), 401, MSG.unauthorized);
  });
});
