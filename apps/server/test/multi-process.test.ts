import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Place, type Session } from '@sendero/contract';
import { createEmptyPostgresDatabase, testDbKind } from './helpers/database.js';
import { httpClient, serverEntryArgs, spawnNode, startServer, type ServerRun } from './helpers/process.js';
import { deleteRedisKeys, TEST_REDIS_URL, testRedisPrefix } from './helpers/redis.js';
import { pngImage, placeInput } from './helpers/upload-fixtures.js';

/**
 * Several real server processes (docs/product.md#several-processes): on PostgreSQL, two servers on one
 * fresh database and one Redis (TEST_REDIS_URL), then one server with WEB_CONCURRENCY=2 whose worker is
 * killed with `kill -9` during writes. On PGlite: several processes are refused.
 */

const REDIS_URL = TEST_REDIS_URL;
const PREFIX = testRedisPrefix();
const ADMIN = { email: 'admin@multi.example.com', password: `clave-admin-${randomBytes(4).toString('hex')}` };

/** The worker processes of a cluster primary. */
function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

if (testDbKind() === 'postgres') {
  describe('two server processes on one PostgreSQL database and one Redis', () => {
    let drop: () => Promise<void>;
    let dirs: string[] = [];
    let env: Record<string, string>;
    const runs: ServerRun[] = [];
    let a: ReturnType<typeof httpClient>;
    let b: ReturnType<typeof httpClient>;
    let adminToken: string;
    let userToken: string;

    beforeAll(async () => {
      const empty = await createEmptyPostgresDatabase();
      drop = empty.drop;
      dirs = [mkdtempSync(join(tmpdir(), 'sendero-mp-')), mkdtempSync(join(tmpdir(), 'sendero-mp-'))];
      env = {
        DATABASE_URL: empty.url,
        REDIS_URL,
        REDIS_KEY_PREFIX: PREFIX,
        JWT_SECRET: randomBytes(32).toString('hex'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SAMPLE_DATA: 'false',
      };
      // The first migrates and creates the administrator; the second finds both done.
      runs.push(await startServer({ env: { ...env, DATA_DIR: dirs[0]! } }));
      runs.push(await startServer({ env: { ...env, DATA_DIR: dirs[1]! } }));
      a = httpClient(runs[0]!.url);
      b = httpClient(runs[1]!.url);
      adminToken = (await a.ok<Session>('POST', API.adminLogin, { json: ADMIN })).token;
      const user = { email: `ana-${randomBytes(3).toString('hex')}@example.com`, password: 'una-clave-larga-1' };
      await b.ok('POST', API.register, { json: { ...user, firstname: 'Ana', lastname: 'Torres' } });
      userToken = (await a.ok<Session>('POST', API.login, { json: user })).token;
    });
    afterAll(async () => {
      await Promise.all(runs.map((r) => r.stop()));
      await drop?.();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      await deleteRedisKeys(PREFIX);
    });

    it('the 11th failed login for an email is 429 whichever process answers', async () => {
      const email = `nadie-${randomBytes(4).toString('hex')}@example.com`;
      for (let i = 0; i < 10; i++) {
        expect((await (i % 2 === 0 ? a : b).call('POST', API.login, { json: { email, password: 'incorrecta' } })).status).toBe(401);
      }
      expect((await a.call('POST', API.login, { json: { email, password: 'incorrecta' } })).status).toBe(429);
      expect((await b.call('POST', API.login, { json: { email, password: 'incorrecta' } })).status).toBe(429);
    });

    it('an image uploaded through one is served by the other with the same bytes and headers; a place verified and reviewed through one shows in the other at once', async () => {
      const form = new FormData();
      form.append('file', new Blob([await pngImage(640, 480)], { type: 'image/png' }), 'foto.png');
      const uploaded = await a.ok<{ url: string }>('POST', API.upload('place'), { token: adminToken, form });
      const fromA = await fetch(runs[0]!.url + uploaded.url);
      const fromB = await fetch(runs[1]!.url + uploaded.url);
      expect(fromB.status).toBe(200);
      const bytes = async (r: Response) => createHash('sha256').update(Buffer.from(await r.arrayBuffer())).digest('hex');
      expect(await bytes(fromB)).toBe(await bytes(fromA));
      for (const h of ['content-type', 'cache-control', 'x-content-type-options', 'content-length']) expect(fromB.headers.get(h)).toBe(fromA.headers.get(h));

      // Both lists are cached before the write.
      await a.ok('GET', API.places);
      await b.ok('GET', API.places);
      const place = await a.ok<Place>('POST', API.placeCreate, { token: adminToken, json: placeInput([uploaded.url], { name: 'Laguna de dos procesos' }) });
      await b.ok('PUT', API.placeVerified(place._id), { token: adminToken });
      // Another process's write reaches this one's cache through NOTIFY a few milliseconds after the
      // commit (docs/decisions/014-place-caches-until-notified.md; the notification path itself is
      // place-changes.test.ts): polled, not raced, so a busy machine's scheduling cannot decide the test.
      const listed = () => a.ok<Place[]>('GET', API.places);
      await expect.poll(async () => (await listed()).map((p) => p._id), { timeout: 10_000, interval: 20 }).toContain(place._id);

      const reviewForm = new FormData();
      reviewForm.append('file', new Blob([await pngImage(320, 240)], { type: 'image/png' }), 'resena.png');
      const reviewPhoto = await b.ok<{ url: string }>('POST', API.upload('rating'), { token: userToken, form: reviewForm });
      const review = await b.call('POST', API.ratingCreate, {
        token: userToken,
        json: { id_place: place._id, photo_url: reviewPhoto.url, rating: 3, comment: 'Bonito, con mucho viento.' },
      });
      expect(review.status).toBe(201);
      await expect.poll(async () => (await listed()).find((p) => p._id === place._id), { timeout: 10_000, interval: 20 }).toMatchObject({ rating: 3, comments: 1 });
      expect(await a.ok<Place>('GET', API.place(place._id), { token: userToken })).toMatchObject({ rating: 3, comments: 1 });
    }, 60_000);

    it('WEB_CONCURRENCY=2: kill -9 of a worker during writes loses no acknowledged write and leaves no connection unanswered; the worker is replaced and the site keeps answering', async () => {
      await Promise.all(runs.splice(0).map((r) => r.stop()));
      const cluster = await startServer({ env: { ...env, DATA_DIR: dirs[0]!, WEB_CONCURRENCY: '2' } });
      runs.push(cluster);
      const c = httpClient(cluster.url);
      const form = new FormData();
      form.append('file', new Blob([await pngImage(64, 48)], { type: 'image/png' }), 'foto.png');
      const photo = (await c.ok<{ url: string }>('POST', API.upload('place'), { token: adminToken, form })).url;
      await expect.poll(() => childPids(cluster.child.pid!).length, { timeout: 60_000 }).toBe(2);
      const first = childPids(cluster.child.pid!);

      const acknowledged: string[] = [];
      let failures = 0;
      let unanswered = 0;
      let stop = false;
      // A new connection per write, as many browsers behind many addresses would open: each one is handed
      // to a worker, so some are handed over just as a worker dies. None may wait for ever (decision 33).
      const writer = async (n: number) => {
        for (let i = 0; !stop; i++) {
          try {
            const res = await c.call<Place>('POST', API.placeCreate, {
              token: adminToken,
              json: placeInput([photo], { name: `Escritura ${n}-${i}` }),
              headers: { connection: 'close' },
              signal: AbortSignal.timeout(15_000),
            });
            if (res.status === 201) acknowledged.push(res.body._id);
            else failures += 1;
          } catch (error) {
            if ((error as Error).name === 'TimeoutError') unanswered += 1;
            else failures += 1; // the connection died with the worker: not acknowledged
          }
        }
      };
      const writers = [writer(1), writer(2), writer(3)];
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
      const killed: number[] = [];
      for (let round = 0; round < 3; round++) {
        // Both first workers, then a replacement (named, not taken by pid order: pids wrap around);
        // each time writes must go on and the worker be replaced.
        const victim = round < first.length ? first[round]! : childPids(cluster.child.pid!).find((p) => !killed.includes(p))!;
        process.kill(victim, 'SIGKILL');
        killed.push(victim);
        const killedAt = acknowledged.length;
        await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(killedAt + 6);
        await expect.poll(() => childPids(cluster.child.pid!).filter((p) => !killed.includes(p)).length, { timeout: 60_000 }).toBe(2);
      }
      stop = true;
      await Promise.all(writers);
      expect(unanswered, `${unanswered} writes got no answer within 15 s (${failures} refused, ${acknowledged.length} acknowledged)`).toBe(0);

      // Every acknowledged write is in the database.
      const all = await c.ok<Place[]>('GET', API.places, { token: adminToken });
      const ids = new Set(all.map((p) => p._id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      // The dead workers were replaced, the site answers.
      const now = childPids(cluster.child.pid!);
      expect(now).toHaveLength(2);
      expect(now.filter((p) => killed.includes(p))).toEqual([]);
      expect((await fetch(`${cluster.url}/api/health`)).status).toBe(200);

      // SIGTERM stops the primary and every worker.
      await cluster.stop();
      expect(cluster.child.exitCode).toBe(0);
      for (const pid of now) expect(() => process.kill(pid, 0)).toThrow();
    }, 150_000);
  });
} else {
  describe('several processes on the embedded database', () => {
    it('WEB_CONCURRENCY=2 without DATABASE_URL refuses to start, naming the variable', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sendero-mp-'));
      try {
        const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dir, WEB_CONCURRENCY: '2', PORT: '0' };
        delete env.DATABASE_URL;
        const run = spawnNode(serverEntryArgs(), { env });
        expect(await run.exited).toBe(1);
        expect(run.output()).toMatch(/WEB_CONCURRENCY.*PGlite.*DATABASE_URL/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
