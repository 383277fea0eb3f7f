import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type Place, type Session } from '@sendero/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/app.js';
import { loadConfig } from '@/config.js';
import { openPostgres, type Database } from '@/db/client.js';
import { isDatabaseUnavailable } from '@/db/errors.js';
import { toErrorReply } from '@/plugins/errors.js';
import { api, type ErrorBody } from './helpers/client.js';
import { testDbKind } from './helpers/database.js';
import { startPrivatePostgres, type PrivatePostgres } from './helpers/private-postgres.js';
import { freePort, httpClient, startServer, type ServerRun } from './helpers/process.js';
import { pngImage, placeInput } from './helpers/upload-fixtures.js';

/** A database that is down or restarting gives clean 503s in the error shape, at once, never a hang or a 500. */
describe('a database that cannot be reached', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    // Nothing listens on this port: every connection is refused, as while PostgreSQL restarts.
    database = await openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/sendero`, 2);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: `/tmp/sendero-outage-${randomBytes(4).toString('hex')}`, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' });
    app = await buildApp(config, { db: database.db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each([
    ['GET', API.places],
    ['GET', API.placeIndex()],
    ['POST', API.login],
  ])('%s %s answers 503 SERVICE_UNAVAILABLE with Retry-After', async (method, url) => {
    const started = Date.now();
    const res = await api({ app }).request<ErrorBody>({ method: method as 'GET', url, payload: method === 'POST' ? { email: 'ana@example.com', password: 'una-clave-larga' } : undefined });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('recognises the driver errors of a database going away, and nothing else', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: terminated });
    for (const error of [
      terminated,
      wrapped,
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('x'), { code: '08006' }),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(toErrorReply(error).status).toBe(503);
    }
    for (const error of [new Error('boom'), Object.assign(new Error('dup'), { code: '23505' }), null, 'texto']) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    expect(toErrorReply(new Error('boom')).status).toBe(500);
  });
});

/**
 * A real PostgreSQL restart under load (docs/product.md#several-processes): a server process on a
 * PostgreSQL of this test's own (helpers/private-postgres.ts; the shared one is never stopped) is
 * stopped with `pg_ctl stop -m fast` while clients read and write, kept down, and started again.
 * Meanwhile every answer is a 2xx or a clean 503 in the error shape with Retry-After, none hangs and
 * the process never dies; the place-change listener notices, drops the caches and listens again; after
 * it, everything works and every acknowledged write is there. Only in the PostgreSQL project (once in CI).
 */
if (testDbKind() === 'postgres') {
  describe('PostgreSQL restarting under load', () => {
    let postgres: PrivatePostgres | undefined;
    let server: ServerRun | undefined;
    let dataDir: string;
    const listenerLog: string[] = [];
    const ADMIN = { email: 'admin@restart.example.com', password: `clave-admin-${randomBytes(4).toString('hex')}` };

    beforeAll(async () => {
      postgres = await startPrivatePostgres();
      dataDir = mkdtempSync(join(tmpdir(), 'sendero-restart-'));
      server = await startServer({
        env: {
          DATABASE_URL: postgres.url,
          DATA_DIR: dataDir,
          JWT_SECRET: randomBytes(32).toString('hex'),
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          SAMPLE_DATA: 'false',
          LOG_LEVEL: 'info',
        },
      });
      // The listener's own lines, whatever the request log pushes out of the kept output.
      const keep = (d: Buffer) => listenerLog.push(...d.toString().split('\n').filter((l) => l.includes('place changes')));
      server.child.stdout!.on('data', keep);
      server.child.stderr!.on('data', keep);
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await postgres?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    /** A statement on the private server, outside the app (`replica` skips the triggers: no NOTIFY). */
    const sqlDirect = async (text: string, values: unknown[] = [], options: { silent?: boolean } = {}) => {
      const client = new pg.Client({ connectionString: postgres!.url });
      await client.connect();
      try {
        if (options.silent) await client.query("set session_replication_role = 'replica'");
        return (await client.query(text, values)).rows as Array<Record<string, unknown>>;
      } finally {
        await client.end();
      }
    };
    const waitFor = async (what: string, check: () => boolean | Promise<boolean>, ms: number) => {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; listener log:\n${listenerLog.join('\n')}\n${server!.output().slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    it('answers 2xx or a clean 503 while it is down, never a 500 or a hang; drops the caches, listens again, and loses no acknowledged write', async () => {
      const c = httpClient(server!.url);
      const adminToken = (await c.ok<Session>('POST', API.adminLogin, { json: ADMIN })).token;
      const hiker = { email: 'ana@restart.example.com', password: 'una-clave-larga-1' };
      await c.ok('POST', API.register, { json: { ...hiker, firstname: 'Ana', lastname: 'Torres' } });
      const userToken = (await c.ok<Session>('POST', API.login, { json: hiker })).token;
      const form = new FormData();
      form.append('file', new Blob([await pngImage(64, 48)], { type: 'image/png' }), 'foto.png');
      const photo = (await c.ok<{ url: string }>('POST', API.upload('place'), { token: adminToken, form })).url;
      const place = await c.ok<Place>('POST', API.placeCreate, { token: adminToken, json: placeInput([photo], { name: 'Antes del corte' }) });
      await c.ok('PUT', API.placeVerified(place._id), { token: adminToken });
      const listedName = async () => (await c.ok<Place[]>('GET', API.places)).find((p) => p._id === place._id)?.name;
      expect(await listedName()).toBe('Antes del corte');
      expect(listenerLog.some((l) => l.includes('listening again'))).toBe(false);

      // While the listener listens the list is kept until a change is notified: a change made without
      // the triggers stays unseen (beyond the 1 s a cache lives without a listener).
      await sqlDirect('update places set name = $1 where id = $2', ['Cambio sin aviso', place._id], { silent: true });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await listedName()).toBe('Antes del corte');

      // Load: reads with and without a token, the browsing index, and writes.
      type Answer = { call: string; status: number; ms: number; body: string; retryAfter: string | null; at: number };
      const answers: Answer[] = [];
      const acknowledged: string[] = [];
      let stop = false;
      const loop = async (call: string, request: () => Promise<Response>) => {
        while (!stop) {
          const started = Date.now();
          let res: Response;
          try {
            res = await request();
          } catch (error) {
            answers.push({ call, status: 0, ms: Date.now() - started, body: String(error), retryAfter: null, at: started });
            continue;
          }
          const body = await res.text();
          answers.push({ call, status: res.status, ms: Date.now() - started, body, retryAfter: res.headers.get('retry-after'), at: started });
          if (call === 'create' && res.status === 201) acknowledged.push((JSON.parse(body) as Place)._id);
          if (res.status === 503) await new Promise((r) => setTimeout(r, 50));
        }
      };
      // A request that does not end within 20 s is a hang (status 0 with the abort error).
      const send = (path: string, init: RequestInit = {}) => fetch(server!.url + path, { ...init, signal: AbortSignal.timeout(20_000) });
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
      const loops = [
        loop('list', () => send(API.places)),
        loop('detail', () => send(API.place(place._id), { headers: bearer(userToken) })),
        loop('index', () => send(API.placeIndex())),
        loop('create', () =>
          send(API.placeCreate, {
            method: 'POST',
            headers: { ...bearer(adminToken), 'content-type': 'application/json' },
            body: JSON.stringify(placeInput([photo], { name: `Escritura ${answers.length}` })),
          }),
        ),
      ];
      await waitFor('writes before the restart', () => acknowledged.length >= 3, 20_000);

      const stoppedAt = Date.now();
      await postgres!.stop();
      // The listener notices and drops the caches: the list is not served from memory while it is down.
      await waitFor('the listener to notice', () => listenerLog.some((l) => l.includes('listener disconnected')), 10_000);
      const down = await c.call('GET', API.places);
      expect(down.status).toBe(503);
      const detailDown = await c.call('GET', API.place(place._id), { token: userToken });
      expect(detailDown.status).toBe(503);
      expect(detailDown.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } });
      await new Promise((r) => setTimeout(r, 1500));
      const startedAgainAt = Date.now();
      await postgres!.start();

      await waitFor('the site to answer again', async () => (await fetch(`${server!.url}${API.health}`)).status === 200, 20_000);
      await waitFor('the listener to listen again', () => listenerLog.some((l) => l.includes('listening again')), 20_000);
      const acknowledgedBefore = acknowledged.length;
      await waitFor('writes after the restart', () => acknowledged.length >= acknowledgedBefore + 3, 20_000);
      stop = true;
      await Promise.all(loops);

      // Every answer: 2xx, or 503 in the error shape with Retry-After; none took long.
      const unexpected = answers.filter((a) => !(a.status >= 200 && a.status < 300) && a.status !== 503);
      expect(unexpected.map((a) => `${a.call} ${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
      const unavailable = answers.filter((a) => a.status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      for (const a of unavailable) {
        expect(JSON.parse(a.body)).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } });
        expect(Number(a.retryAfter)).toBeGreaterThan(0);
      }
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
      // The 503s came while it was down (or the pool found out), not before the stop.
      expect(unavailable.every((a) => a.at + a.ms >= stoppedAt)).toBe(true);
      expect(answers.some((a) => a.at > startedAgainAt && a.status === 200 && a.call === 'list')).toBe(true);

      // The caches were dropped: the change made without a notification before the restart shows now.
      expect(await listedName()).toBe('Cambio sin aviso');
      // Listening again: a change without the triggers stays unseen; one with them shows at once.
      await sqlDirect('update places set name = $1 where id = $2', ['Otro cambio sin aviso', place._id], { silent: true });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await listedName()).toBe('Cambio sin aviso');
      await sqlDirect('update places set name = $1 where id = $2', ['Después del corte', place._id]);
      await waitFor('the notified change', async () => (await listedName()) === 'Después del corte', 5000);

      // Every acknowledged write is stored; the same process answers everything again.
      const stored = new Set((await sqlDirect('select id from places')).map((r) => String(r.id)));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect(server!.child.exitCode).toBeNull();
      expect((await c.call('GET', API.place(place._id), { token: userToken })).status).toBe(200);
      expect((await c.call('POST', API.login, { json: hiker })).status).toBe(200);
      expect(server!.output()).not.toMatch(/uncaught|unhandled/i);
    }, 120_000);
  });
}
