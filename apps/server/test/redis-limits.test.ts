import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@sendero/contract';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { api } from './helpers/client.js';
import { freePort } from './helpers/process.js';
import { deleteRedisKeys, startSlowRedisProxy, TEST_REDIS_URL, testRedisPrefix } from './helpers/redis.js';
import { pngImage, upload } from './helpers/upload-fixtures.js';
import { createRedisClient, REDIS_READY_WAIT_MS, RedisHealth } from '@/scale/redis-store.js';

/**
 * The rate limits with REDIS_URL (docs/decisions/001-rate-limit-counters-in-redis-or-memory.md): several apps
 * count into one Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379; CI starts one), and a Redis
 * that goes away leaves the site up, counting per process, until it is back.
 */
const REDIS_URL = TEST_REDIS_URL;
/** Keys of this run only, removed afterwards. */
const PREFIX = testRedisPrefix();
/** Processes of one site share their secret (README, running on several machines); the e-mail keys are keyed by it. */
const JWT_SECRET = randomBytes(32).toString('base64');

afterAll(() => deleteRedisKeys(PREFIX));

/** A logger that writes nothing, for a RedisHealth used on its own. */
const silentLog = pino({ level: 'silent' });

const login = (t: TestApp, email: string, ip = '10.9.0.1') =>
  api(t, undefined, { remoteAddress: ip }).post(API.login, { email, password: 'incorrecta-1' });

describe('two processes sharing one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: PREFIX, AUTH_RATE_LIMIT_PER_IP: '12', JWT_SECRET };
    [a, b] = await Promise.all([buildTestApp({ env }), buildTestApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('count failed logins for one email together: the 11th is 429 on either', async () => {
    const email = `nadie-${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < 10; i++) expect((await login(i % 2 === 0 ? a : b, email)).status).toBe(401);
    expect((await login(a, email)).status).toBe(429);
    expect((await login(b, email)).status).toBe(429);
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${PREFIX}rl:*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('name their keys by limit and never write an e-mail address into one', async () => {
    const email = `Clave.Legible-${randomBytes(4).toString('hex')}@example.com`;
    expect((await login(a, email, '10.9.0.3')).status).toBe(401);
    expect((await api(b, undefined, { remoteAddress: '10.9.0.3' }).post(API.passwordForgot, { email })).status).toBe(200);
    const user = await a.createUser();
    expect((await upload(a, user.token, await pngImage())).status).toBe(201);
    const redis = new Redis(REDIS_URL);
    let keys: string[];
    try {
      keys = await redis.keys(`${PREFIX}*`);
    } finally {
      redis.disconnect();
    }
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).not.toContain('undefined');
      expect(key).not.toContain('@');
      expect(key.toLowerCase()).not.toContain(email.split('@')[0]!.toLowerCase());
      expect(key).toMatch(new RegExp(`^${PREFIX}rl:(auth|login-attempts|login-successes|login-failures|forgot|upload):[^:]`));
    }
    const names = new Set(keys.map((k) => k.slice(`${PREFIX}rl:`.length).split(':')[0]));
    expect([...names].sort()).toEqual(expect.arrayContaining(['auth', 'forgot', 'login-attempts', 'upload']));
    expect(keys).toContain(`${PREFIX}rl:upload:${user.user._id}`);
  });

  it('count the auth calls per IP together', async () => {
    const ip = '10.9.0.2';
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await login(i % 2 === 0 ? a : b, `p${i}@example.com`, ip)).status);
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429]);
  });
});

/** A Redis of this test's own on a free port, to stop and start again. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  for (let i = 0; i < 50; i++) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  probe.disconnect();
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

const SHARED = 'rate limits: counters shared through Redis';
const UNREACHABLE = 'rate limits: Redis is unreachable, counting in this process until it is back';
const warnings = (t: TestApp) => t.logs.filter((l) => l.includes('rate limits:')).map((l) => (JSON.parse(l) as { msg: string }).msg);

describe('a Redis that goes away', () => {
  let t: TestApp;
  let port: number;
  let redis: ChildProcess;
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: PREFIX } });
  });
  afterAll(async () => {
    await t?.close();
    if (redis) await stopRedis(redis);
  });

  it('does not take the site down: limits are counted in the process (logged once), then in Redis again', async () => {
    const email = `caida-${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < 4; i++) expect((await login(t, email)).status).toBe(401);
    expect(warnings(t)).toEqual(['rate limits: counters shared through Redis']);

    await stopRedis(redis);
    const started = Date.now();
    // The site answers at once, and still limits: the process goes on from the four it counted itself,
    // not from zero (docs/decisions/039-uploads-admitted-by-expected-wait.md).
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(t, email)).status);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect((await api(t).get(API.health)).status).toBe(200);
    expect(warnings(t)).toEqual([
      'rate limits: counters shared through Redis',
      'rate limits: Redis is unreachable, counting in this process until it is back',
    ]);

    // Back: Redis's counters are used again (this email's count there is still 4).
    redis = await startRedis(port);
    const deadline = Date.now() + 10_000;
    while (warnings(t).length < 3 && Date.now() < deadline) {
      await login(t, `otra-${randomBytes(2).toString('hex')}@example.com`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(warnings(t).at(-1)).toBe('rate limits: counters shared through Redis');
    expect((await login(t, `nueva-${randomBytes(4).toString('hex')}@example.com`)).status).toBe(401);
  });

  it('an unreachable Redis at start: the wait for it ends after about 2 s, and the server starts and limits per process', async () => {
    const closed = await freePort();
    // The wait for Redis is bounded (REDIS_READY_WAIT_MS, about 2 s), never the endless retrying of a
    // default ioredis client: timed on its own, since a whole app's start on a loaded CI machine varies by
    // seconds (against a start without Redis in the same run, it once took 8 s more than allowed).
    const health = new RedisHealth(createRedisClient(`redis://127.0.0.1:${closed}`), silentLog);
    const waitStarted = Date.now();
    expect(await health.waitUntilReady()).toBe(false);
    const waited = Date.now() - waitStarted;
    health.close();
    expect(waited).toBeGreaterThanOrEqual(REDIS_READY_WAIT_MS - 50);
    expect(waited).toBeLessThan(REDIS_READY_WAIT_MS + 20_000);
    // And the site starts with that Redis, counting per process.
    const alone = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${closed}`, REDIS_KEY_PREFIX: PREFIX } });
    try {
      const email = `sola-${randomBytes(4).toString('hex')}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await login(alone, email)).status);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(warnings(alone)).toEqual(['rate limits: Redis is unreachable at start, counting in this process until it is back']);
    } finally {
      await alone.close();
    }
    // Two app starts (migrations on PGlite) and eleven bcrypt checks: more than the default 30 s on a loaded machine.
  }, 120_000);
});

describe('a slow Redis', () => {
  // Every reply of the real Redis arrives 700 ms late: slower than the 500 ms that once counted as "unreachable".
  const DELAY_MS = 700;
  let proxy: Awaited<ReturnType<typeof startSlowRedisProxy>>;
  let a: TestApp;
  let b: TestApp;
  let closed = false;
  beforeAll(async () => {
    proxy = await startSlowRedisProxy(REDIS_URL, DELAY_MS);
    const env = { REDIS_URL: proxy.url, REDIS_KEY_PREFIX: PREFIX, AUTH_RATE_LIMIT_PER_IP: '1000', JWT_SECRET };
    [a, b] = await Promise.all([buildTestApp({ env }), buildTestApp({ env })]);
  }, 60_000);
  afterAll(async () => {
    if (!closed) await Promise.all([a?.close(), b?.close()]);
    await proxy?.close();
  });

  it('keeps the limit shared between two processes: 200 parallel wrong passwords for one e-mail, exactly 10 checked', async () => {
    const email = `lenta-${randomBytes(4).toString('hex')}@example.com`;
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => login(i % 2 === 0 ? a : b, email)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(190);
    // (A loaded machine may start an app before the slow Redis is ready: "unreachable at start", then shared.)
    expect([...warnings(a), ...warnings(b)]).not.toContain(UNREACHABLE);
    expect([warnings(a).at(-1), warnings(b).at(-1)]).toEqual([SHARED, SHARED]);
  }, 60_000);

  it('a graceful stop does not log Redis as unreachable', async () => {
    closed = true;
    const before = [warnings(a).length, warnings(b).length];
    await Promise.all([a.close(), b.close()]);
    expect([warnings(a).length, warnings(b).length]).toEqual(before);
    expect([warnings(a).at(-1), warnings(b).at(-1)]).toEqual([SHARED, SHARED]);
  });
});
