import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, decodePlaceIndex, type Deleted, type Place, type PlaceIndexWire, type Rating } from '@sendero/contract';
import { openPostgres, type Database } from '@/db/client.js';
import { buildTestApp, useTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createEmptyPostgresDatabase, testDbKind } from './helpers/database.js';
import { createPlace, shareUpload, uploadedUrl } from './helpers/upload-fixtures.js';

/**
 * Cross-process invalidation of the place caches through LISTEN/NOTIFY
 * (docs/decisions/014-place-caches-until-notified.md). On PostgreSQL: two apps with pools of their
 * own on one database, as two processes are. On PGlite (one process) no listener runs.
 */

const until = async (what: string, check: () => Promise<boolean>, ms = 3000): Promise<number> => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Date.now() - started;
};

if (testDbKind() === 'postgres') {
  describe('two processes on one PostgreSQL database', () => {
    let drop: () => Promise<void>;
    let pools: Database[];
    let a: TestApp;
    let b: TestApp;
    let admin: TestUser;
    let ana: TestUser;
    beforeAll(async () => {
      const empty = await createEmptyPostgresDatabase();
      drop = empty.drop;
      pools = [await openPostgres(empty.url, 4), await openPostgres(empty.url, 4)];
      await pools[0]!.migrate();
      const env = { DATABASE_URL: empty.url, STORAGE: 'database', JWT_SECRET: randomBytes(32).toString('hex') };
      a = await buildTestApp({ env, database: pools[0] });
      b = await buildTestApp({ env, database: pools[1] });
      admin = await a.createAdmin();
      ana = await a.createUser();
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      for (const p of pools ?? []) await p.close();
      await drop?.();
    });

    const list = async (t: TestApp) => (await api(t).get<Place[] & ErrorBody>(API.places)).body;
    const entries = async (t: TestApp) => decodePlaceIndex((await api(t).get(API.placeIndex())).body as PlaceIndexWire);
    const index = async (t: TestApp) => (await entries(t)).map((e) => e._id);

    it('listen, and keep their caches until a change is notified', () => {
      expect(a.app.placeChanges.live).toBe(true);
      expect(b.app.placeChanges.live).toBe(true);
    });

    it('a place verified through one is listed by the other at once; a review through one changes the rating the other lists', async () => {
      expect(await list(b)).toEqual([]);
      expect(await index(b)).toEqual([]);
      const place = await createPlace(a, ana.token, { name: 'Laguna compartida' }, { verifyWith: admin.token });
      const waited = await until('the list of b', async () => (await list(b)).some((p) => p._id === place._id));
      expect(waited).toBeLessThan(500);
      await until('the index of b', async () => (await index(b)).includes(place._id), 500);

      const photo = await uploadedUrl(a, ana.token, 'rating');
      const beto = await a.createUser();
      await shareUpload(a, photo, beto.user._id);
      const review = await api(a, beto.token).post<Rating & ErrorBody>(API.ratingCreate, { id_place: place._id, photo_url: photo, rating: 2, comment: 'Mucho barro.' });
      expect(review.status).toBe(201);
      await until('the rating listed by b', async () => (await list(b)).find((p) => p._id === place._id)?.rating === 2, 500);
      const entry = (await entries(b)).find((e) => e._id === place._id);
      expect(entry).toMatchObject({ rating: 2, comments: 1 });

      // Deleted through b: gone from a's list.
      const del = await api(b, admin.token).delete<Deleted & ErrorBody>(API.placeDelete(place._id));
      expect(del.status).toBe(200);
      await until('the list of a', async () => !(await list(a)).some((p) => p._id === place._id), 500);
    });

    it('a lost listener connection reconnects, and writes made meanwhile show up', async () => {
      await list(b);
      await pools[0]!.db.execute(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'sendero-place-changes' and datname = current_database()",
      );
      await until('b to notice', async () => !b.app.placeChanges.live, 2000);
      const place = await createPlace(a, ana.token, { name: 'Durante el corte' }, { verifyWith: admin.token });
      // While disconnected the caches live at most 1 s; once back they start from the database.
      await until('b to listen again', async () => b.app.placeChanges.live, 5000);
      expect((await list(b)).some((p) => p._id === place._id)).toBe(true);
      expect(b.logs.some((l) => l.includes('place changes: listener disconnected'))).toBe(true);
      expect(b.logs.some((l) => l.includes('place changes: listening again'))).toBe(true);
      const later = await createPlace(a, ana.token, { name: 'Después del corte' }, { verifyWith: admin.token });
      await until('the list of b after reconnecting', async () => (await list(b)).some((p) => p._id === later._id), 500);
    });
  });
} else {
  describe('one process on the embedded database', () => {
    const t = useTestApp();

    it('runs no listener (nothing else can write) and shows its own writes at once', async () => {
      expect(t.app.placeChanges.live).toBe(false);
      const admin = await t.createAdmin();
      const ana = await t.createUser();
      expect((await api(t).get<Place[] & ErrorBody>(API.places)).body).toEqual([]);
      const place = await createPlace(t, ana.token, {}, { verifyWith: admin.token });
      expect((await api(t).get<Place[] & ErrorBody>(API.places)).body.map((p) => p._id)).toEqual([place._id]);
    });
  });
}
