import { eq, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Deleted, type Place, type Rating, type RatingListItem, type User } from '@sendero/contract';
import type { Database } from '@/db/client.js';
import { preparedRead } from '@/db/prepared.js';
import { readCache } from '@/db/read-cache.js';
import { rowsOf } from '@/db/raw.js';
import { places, users } from '@/db/schema.js';
import { isReadOnlySql, writeGeneration } from '@/db/write-generation.js';
import { buildTestApp, useTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { openTestPglite } from './helpers/database.js';
import { createPlace } from './helpers/upload-fixtures.js';
import { registerUpload } from './helpers/uploads.js';

/**
 * The embedded database's read cache (db/read-cache.ts, db/write-generation.ts,
 * docs/decisions/031-pglite-read-cache.md): what counts as a write, and that the detail and reviews
 * answer what the database holds after every kind of write, on the very next request. The HTTP tests
 * run on the project's database (PGlite, or PostgreSQL where nothing is cached: the same answers).
 */

describe('which statements only read', () => {
  it.each([
    'select 1',
    '  SELECT "id" from "users" where "id" = $1 limit $2',
    '-- a comment\n/* another */ select * from places',
    "select * from places where city = 'information'", // words are whole words
    'select 1;',
  ])('reads: %s', (text) => expect(isReadOnlySql(text)).toBe(true));

  it.each([
    'insert into users values (1)',
    'with x as (delete from t returning *) select * from x',
    'update places set name = $1',
    'select * from places where id = $1 for update',
    'select * from places for no key update',
    'select * from places FOR SHARE',
    'select * from places for key share',
    'select * into copy from places',
    "select nextval('s')",
    "select setval('s', 1)",
    "select set_config('x', 'y', false)",
    'select pg_advisory_lock(1)',
    "select pg_notify('c', 'x')",
    'select lo_create(0)',
    'select 1; delete from users',
    'values (1)',
    'begin',
    'commit',
    '',
  ])('may write: %s', (text) => expect(isReadOnlySql(text)).toBe(false));
});

describe('the write generation of an embedded database', () => {
  let database: Database;
  let client: PGlite;
  const generation = () => writeGeneration(client)!;
  const byEmail = preparedRead<{ email: string }, { firstname: string }>('test_generation_user', sql`select firstname from ${users} where email = ${sql.placeholder('email')}`);
  const insertUser = (db: Database['db'], email: string) =>
    db.execute(sql`insert into ${users} (email, password_hash, firstname, lastname) values (${email}, 'x', 'Ana', 'Pérez')`);

  beforeAll(async () => {
    database = await openTestPglite();
    client = (database.db as unknown as { $client: PGlite }).$client;
  });
  afterAll(async () => {
    await database.close();
  });

  it('stays while only reads run: drizzle, raw SQL, exec, prepared statements, read-only transactions', async () => {
    const before = generation();
    await database.db.select().from(users).where(eq(users.email, 'x@example.com'));
    await rowsOf(database.db, sql`select count(*) from ${places}`);
    await client.exec('select 1');
    await byEmail.rows(database.db, { email: 'x@example.com' });
    await database.db.transaction(async (tx) => {
      await tx.select().from(users).limit(1);
    });
    expect(generation()).toBe(before);
  });

  it('moves for every kind of write: drizzle, raw SQL, exec, a locking select', async () => {
    let last = generation();
    const moved = () => {
      const now = generation();
      const ok = now > last;
      last = now;
      return ok;
    };
    await insertUser(database.db, 'uno@example.com');
    expect(moved()).toBe(true);
    await database.db.update(users).set({ firstname: 'Otra' }).where(eq(users.email, 'uno@example.com'));
    expect(moved()).toBe(true);
    await client.exec(`update users set lastname = 'Soto' where email = 'uno@example.com'`);
    expect(moved()).toBe(true);
    await client.query(`select id from users where email = $1 for update`, ['uno@example.com']);
    expect(moved()).toBe(true);
    await client.query(`delete from users where email = $1`, ['uno@example.com']);
    expect(moved()).toBe(true);
    // A failing write counts as one too (it might have done something before failing).
    await expect(client.query(`insert into users (email) values ($1)`, ['dos@example.com'])).rejects.toThrow();
    expect(moved()).toBe(true);
  });

  it('moves again when a transaction’s writes become visible (its COMMIT), not only when they run', async () => {
    let inside = -1;
    await database.db.transaction(async (tx) => {
      await insertUser(tx as unknown as Database['db'], 'tres@example.com');
      inside = generation();
      await tx.select().from(users).limit(1);
    });
    // A read that took the generation inside the transaction must not be kept: the commit moved it.
    expect(generation()).toBeGreaterThan(inside);
    const afterCommit = generation();
    await expect(
      database.db.transaction(async (tx) => {
        await insertUser(tx as unknown as Database['db'], 'cuatro@example.com');
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(generation()).toBeGreaterThan(afterCommit);
    // And once over, reads leave it alone again.
    const settled = generation();
    await byEmail.rows(database.db, { email: 'tres@example.com' });
    expect(generation()).toBe(settled);
  });
});

/** The next detail and reviews answers follow every write at once. */
describe('the detail and the reviews after a write', () => {
  const t = useTestApp();
  let admin: TestUser;
  let ana: TestUser;
  let beto: TestUser;
  let place: Place; // verified, ana's
  let hidden: Place; // unverified, ana's

  const detail = (token: string, id: string) => api(t, token).get<Place & ErrorBody>(API.place(id));
  const reviews = (token: string, id: string) => api(t, token).get<RatingListItem[] & ErrorBody>(API.ratings(id));
  /** Both answers' statuses, each read twice (so the second may come from a cache). */
  const statuses = async (token: string, id: string) => {
    const out: number[] = [];
    for (let i = 0; i < 2; i++) out.push((await detail(token, id)).status, (await reviews(token, id)).status);
    return [...new Set(out)];
  };

  beforeAll(async () => {
    [admin, ana, beto] = await Promise.all([t.createAdmin(), t.createUser(), t.createUser({ firstname: 'Beto', lastname: 'Paz' })]);
    const photos = [await registerUpload(t.db, ana.user._id, 'place')];
    place = await createPlace(t, ana.token, { name: 'Laguna Verde', photos }, { verifyWith: admin.token });
    hidden = await createPlace(t, ana.token, { name: 'Propuesta', photos });
  });

  it('a role changed in the database applies on the next request', async () => {
    expect(await statuses(beto.token, hidden._id)).toEqual([404]);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, beto.user._id));
    expect(await statuses(beto.token, hidden._id)).toEqual([200]);
    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, beto.user._id));
    expect(await statuses(beto.token, hidden._id)).toEqual([404]);
  });

  it('changing one’s password (PUT update1) refuses the older token on the next request', async () => {
    const carla = await t.createUser();
    expect(await statuses(carla.token, place._id)).toEqual([200]);
    const changed = await api(t, carla.token).put<{ user: User; token: string }>(API.userUpdate1(carla.user._id), { password: 'otra-clave-larga-7' });
    expect(changed.status).toBe(200);
    expect(await statuses(carla.token, place._id)).toEqual([401]);
    expect(await statuses(changed.body.token, place._id)).toEqual([200]);
  });

  it('a deleted user is refused on the next request', async () => {
    const dora = await t.createUser();
    expect(await statuses(dora.token, place._id)).toEqual([200]);
    await t.db.delete(users).where(eq(users.id, dora.user._id));
    expect(await statuses(dora.token, place._id)).toEqual([401]);
  });

  it('unverifying and verifying a place hides and shows it on the next request', async () => {
    expect(await statuses(beto.token, place._id)).toEqual([200]);
    expect((await api(t, admin.token).put<Place>(API.placeVerified(place._id))).body.verified).toBe(false);
    expect(await statuses(beto.token, place._id)).toEqual([404]);
    expect(await statuses(ana.token, place._id)).toEqual([200]); // its creator still sees it
    expect((await api(t, admin.token).put<Place>(API.placeVerified(place._id))).body.verified).toBe(true);
    expect(await statuses(beto.token, place._id)).toEqual([200]);
  });

  it('a review added or deleted shows in the next list and in the place’s numbers', async () => {
    const before = (await reviews(beto.token, place._id)).body;
    const numbers = (await detail(beto.token, place._id)).body;
    const photo = await registerUpload(t.db, beto.user._id, 'rating');
    const created = await api(t, beto.token).post<Rating>(API.ratingCreate, { id_place: place._id, photo_url: photo, rating: 4, comment: 'Muy bonito' });
    expect(created.status).toBe(201);
    const after = (await reviews(ana.token, place._id)).body;
    expect(after.map((r) => r._id)).toEqual([created.body._id, ...before.map((r) => r._id)]);
    expect((await detail(ana.token, place._id)).body).toMatchObject({ comments: numbers.comments + 1 });
    const removed = await api(t, beto.token).delete<Deleted>(API.ratingDelete(created.body._id));
    expect(removed.status).toBe(200);
    expect((await reviews(ana.token, place._id)).body.map((r) => r._id)).toEqual(before.map((r) => r._id));
    expect((await detail(ana.token, place._id)).body).toMatchObject({ comments: numbers.comments, rating: numbers.rating });
  });

  it('a reviewer renamed, or with a new photo (PUT update2), shows so in the next list', async () => {
    const photo = await registerUpload(t.db, beto.user._id, 'rating');
    const mine = await api(t, beto.token).post<Rating>(API.ratingCreate, { id_place: place._id, photo_url: photo, rating: 5, comment: 'Volveré' });
    expect(mine.status).toBe(201);
    const byBeto = async () => (await reviews(ana.token, place._id)).body.find((r) => r._id === mine.body._id)!;
    expect((await byBeto()).name).toBe('Beto Paz');
    expect((await byBeto()).name).toBe('Beto Paz');
    await t.db.update(users).set({ firstname: 'Roberto' }).where(eq(users.id, beto.user._id));
    expect((await byBeto()).name).toBe('Roberto Paz');
    const avatar = await registerUpload(t.db, beto.user._id, 'user');
    expect((await api(t, beto.token).put<User>(API.userUpdate2(beto.user._id), { photo_url: avatar })).status).toBe(200);
    expect((await byBeto()).photo_user).toBe(avatar);
  });

  it('a place edited by its creator shows its new text on the next request, and 304 until then', async () => {
    const first = await detail(beto.token, place._id);
    const again = await api(t, beto.token).request({ method: 'GET', url: API.place(place._id), headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect((await api(t, ana.token).put<Place>(API.placeUpdate(place._id), { name: 'Laguna Azul' })).status).toBe(200);
    const changed = await api(t, beto.token).request<Place>({ method: 'GET', url: API.place(place._id), headers: { 'if-none-match': String(first.headers.etag) } });
    expect(changed.status).toBe(200);
    expect(changed.body.name).toBe('Laguna Azul');
  });
});

describe('a read cache of the embedded database: its bounds', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestPglite();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps at most maxEntries values (the least recently used goes first) and maxBytes of them, and nothing after a write', async () => {
    const cache = readCache<{ bytes: number }>({ maxEntries: 2, maxBytes: 100, bytesOf: (v) => v.bytes }).on(database.db)!;
    expect(cache).not.toBeNull();
    const at = cache.generation();
    cache.set('a', { bytes: 10 }, at);
    cache.set('b', { bytes: 10 }, at);
    expect(cache.get('a')).toEqual({ bytes: 10 }); // 'a' used last: 'b' is the oldest now
    cache.set('c', { bytes: 10 }, at);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([{ bytes: 10 }, undefined, { bytes: 10 }]);
    // Over the byte bound: the oldest go until it fits; a value bigger than the bound is not kept.
    cache.set('d', { bytes: 95 }, at);
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([undefined, undefined, { bytes: 95 }]);
    cache.set('e', { bytes: 101 }, at);
    expect(cache.get('e')).toBeUndefined();
    // A value read before a write is not kept, and the write drops what was.
    await database.db.execute(sql`create temporary table bounds_probe (x int)`);
    cache.set('f', { bytes: 1 }, at);
    expect([cache.get('d'), cache.get('f')]).toEqual([undefined, undefined]);
  });
});

/** On PGlite the repeated reads do not reach the engine at all (in both projects: a PGlite of its own). */
describe('the read cache of the embedded database', () => {
  let t: TestApp;
  let database: Database;
  let engineCalls = 0;
  let reader: TestUser;
  let place: Place;

  beforeAll(async () => {
    database = await openTestPglite();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const run = client.execProtocolRawSync.bind(client);
    client.execProtocolRawSync = (message: Uint8Array) => {
      engineCalls++;
      return run(message);
    };
    t = await buildTestApp({ database });
    const [admin, ana] = await Promise.all([t.createAdmin(), t.createUser()]);
    reader = await t.createUser();
    place = await createPlace(t, ana.token, { photos: [await registerUpload(t.db, ana.user._id, 'place')] }, { verifyWith: admin.token });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const callsFor = async (read: () => Promise<{ status: number }>) => {
    const before = engineCalls;
    expect((await read()).status).toBe(200);
    return engineCalls - before;
  };

  it('answers a repeated detail and review list without calling the engine, until a write', async () => {
    const detail = () => api(t, reader.token).get<Place>(API.place(place._id));
    const list = () => api(t, reader.token).get<RatingListItem[]>(API.ratings(place._id));
    expect(await callsFor(detail)).toBeGreaterThan(0);
    expect(await callsFor(list)).toBeGreaterThan(0);
    expect(await callsFor(detail)).toBe(0);
    expect(await callsFor(list)).toBe(0);
    expect(await callsFor(detail)).toBe(0);
    // Any write: every kept value is read again.
    await t.db.update(users).set({ lastname: 'Otro' }).where(eq(users.id, reader.user._id));
    expect(await callsFor(detail)).toBeGreaterThan(0);
    expect(await callsFor(list)).toBeGreaterThan(0);
    expect(await callsFor(list)).toBe(0);
  });

  it('keeps the verified list past a second (no other process can write), until a write here', async () => {
    const list = () => api(t).get<Place[]>(API.places);
    expect((await list()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await callsFor(list)).toBe(0);
    const other = await t.createUser();
    const admin = await t.createAdmin();
    const made = await createPlace(t, other.token, { photos: [await registerUpload(t.db, other.user._id, 'place')] }, { verifyWith: admin.token });
    expect((await list()).body.map((p) => p._id)).toContain(made._id);
  });

  it('checks the token of every request against the kept row of its user', async () => {
    const detail = (token: string) => api(t, token).get<Place & ErrorBody>(API.place(place._id));
    expect((await detail(reader.token)).status).toBe(200);
    const other = await t.createUser();
    expect((await detail(other.token)).status).toBe(200);
    const retired = await api(t, other.token).put<{ token: string }>(API.userUpdate1(other.user._id), { password: 'clave-nueva-larga-3' });
    expect(retired.status).toBe(200);
    expect((await detail(other.token)).status).toBe(401);
    expect((await detail(other.token)).status).toBe(401);
    expect((await detail(retired.body.token)).status).toBe(200);
  });
});

describe('PGLITE_READ_CACHE=off', () => {
  let t: TestApp;
  let database: Database;
  let engineCalls = 0;
  let reader: TestUser;
  let place: Place;

  beforeAll(async () => {
    database = await openTestPglite({ readCache: false });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const run = client.execProtocolRawSync.bind(client);
    client.execProtocolRawSync = (message: Uint8Array) => {
      engineCalls++;
      return run(message);
    };
    t = await buildTestApp({ database });
    const [admin, ana] = await Promise.all([t.createAdmin(), t.createUser()]);
    reader = await t.createUser();
    place = await createPlace(t, ana.token, { photos: [await registerUpload(t.db, ana.user._id, 'place')] }, { verifyWith: admin.token });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('counts no writes and keeps nothing: every repeated detail reaches the engine', async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    expect(writeGeneration(client)).toBeNull();
    expect(readCache({ maxEntries: 10 }).on(database.db)).toBeNull();
    const detail = () => api(t, reader.token).get<Place>(API.place(place._id));
    await detail();
    const before = engineCalls;
    expect((await detail()).status).toBe(200);
    expect(engineCalls).toBeGreaterThan(before);
  });
});
