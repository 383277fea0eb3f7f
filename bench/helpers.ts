/**
 * What several benchmarks share: the built server started as a child process, a throw-away PostgreSQL
 * database, seeding through the API, timed write loops and figures. Budgets stay in each benchmark.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { API, DIFFICULTIES, type Place } from '@sendero/contract';
import { httpClient, spawnNode, waitForUrl, type CallOptions, type Run } from '../apps/server/test/helpers/process.js';
import { createScratchDatabase } from '../apps/server/test/helpers/scratch-database.js';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const serverJs = join(root, 'apps/server/dist/server.js');

/** A server where databases may be created and dropped (BENCH_DATABASE_URL). */
export const ADMIN_DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One signing secret for every server of a run: servers on one database accept each other's tokens. */
export const BENCH_JWT_SECRET = randomBytes(32).toString('hex');

/** Every child process a benchmark started, stopped by `stopChildren`. */
const children: ChildProcess[] = [];

/** Adds a process started elsewhere (a peer server) to those `stopChildren` stops. */
export function trackChild(child: ChildProcess): void {
  children.push(child);
}

export function stopChildren(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}

/**
 * Runs a benchmark's `main`: a failure is printed and sets exit code 1; `cleanup` (stop the servers,
 * drop the database, remove temporary folders) runs after it in every case, and on Ctrl-C.
 */
export async function runBench(main: () => Promise<void>, cleanup: () => Promise<void>): Promise<void> {
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

/** POST/PUT/GET through the shared test client, throwing unless 2xx. */
export function api<T>(base: string, method: string, path: string, opts: CallOptions = {}): Promise<T> {
  return httpClient(base).ok<T>(method, path, opts);
}

/** A fresh PostgreSQL database for one run on the ADMIN_DB_URL server: its URL, and drop() (safe to call twice). */
export async function createBenchDatabase(prefix = 'sendero_bench'): Promise<{ url: string; drop: () => Promise<void> }> {
  const db = await createScratchDatabase(ADMIN_DB_URL, `${prefix}_${randomBytes(4).toString('hex')}`);
  return { url: db.url, drop: () => db.drop().catch(() => undefined) };
}

/**
 * A benchmark's scratch space: a temporary DATA_DIR (servers get folders inside it), throw-away
 * PostgreSQL databases made by `database()`, and `cleanup()`, which stops the servers, then removes
 * the folder and drops the databases (for `runBench`).
 */
export function benchScratch(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `sendero-bench-${name}-`));
  const drops: (() => Promise<void>)[] = [];
  return {
    dataDir,
    async database(): Promise<{ url: string }> {
      const db = await createBenchDatabase(`sendero_bench_${name}`);
      drops.push(db.drop);
      return db;
    },
    async cleanup(): Promise<void> {
      stopChildren();
      await new Promise((ok) => setTimeout(ok, 300));
      rmSync(dataDir, { recursive: true, force: true });
      for (const drop of drops) await drop();
    },
  };
}

/**
 * How `npm start` runs the built server (package.json, `start:only`): the environment it sets and
 * node's flags before apps/server/dist/server.js (docs/decisions/030-pglite-memory.md), so that a
 * benchmark measures the server as it is started.
 */
export function startOnlyCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['start:only']!;
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let i = words[0] === 'cross-env' ? 1 : 0;
  for (; i < words.length && words[i] !== 'node'; i++) {
    const [name, value] = words[i]!.split('=');
    if (!name || value === undefined) throw new Error(`start:only: cannot read "${words[i]}" in "${script}"`);
    env[name] = value;
  }
  const nodeArgs: string[] = [];
  for (i++; i < words.length && words[i]!.startsWith('--'); i++) nodeArgs.push(words[i]!);
  if (words[i] !== 'apps/server/dist/server.js' || i !== words.length - 1) throw new Error(`start:only: expected "... node [flags] apps/server/dist/server.js", found "${script}"`);
  return { env, nodeArgs };
}

export interface BenchAdmin {
  email: string;
  password: string;
}

export function benchAdmin(): BenchAdmin {
  return { email: 'bench.admin@example.com', password: randomBytes(12).toString('base64url') };
}

/**
 * Starts apps/server/dist/server.js as `npm run start:only` does (its environment and node flags;
 * NODE_ENV=production, no sample data, LOG_LEVEL warn; the limits on sign-ups, uploads and connections
 * per address lifted: a benchmark is hundreds of users on 127.0.0.1) with `env` on top, and waits for
 * GET /api/health. Resolves with its base URL and process. `script`: another build's server.js (a baseline).
 * BENCH_CPU_PROF=dir writes a V8 CPU profile of each server there (on its exit).
 */
export async function startBuiltServer(port: number, admin: BenchAdmin, env: Record<string, string>, script = serverJs): Promise<{ base: string; run: Run }> {
  const start = startOnlyCommand();
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const run = spawnNode([...start.nodeArgs, ...profile, script], {
    cwd: root,
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: 'production',
      JWT_SECRET: BENCH_JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      SAMPLE_DATA: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      UPLOAD_RATE_LIMIT_PER_USER: '1000000',
      MAX_CONNECTIONS_PER_IP: '10000',
      ...env,
    },
  });
  children.push(run.child);
  const base = `http://127.0.0.1:${port}`;
  await waitForUrl(base + API.health, run, 300_000);
  return { base, run };
}

/** A small JPEG uploaded with `preset` by the owner of `token`; resolves with its URL. */
export async function uploadPhoto(base: string, token: string, preset: 'place' | 'rating'): Promise<string> {
  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'foto.jpg');
  return (await api<{ url: string }>(base, 'POST', API.upload(preset), { token, form })).url;
}

/** `count` verified places created by the administrator (`workers` at a time); their ids in order. */
export async function seedPlaces(base: string, adminToken: string, count: number, options: { capacity?: number; workers?: number } = {}): Promise<string[]> {
  const photo = await uploadPhoto(base, adminToken, 'place');
  const ids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const place = await api<Place>(base, 'POST', API.placeCreate, {
        token: adminToken,
        json: {
          name: `Destino de prueba ${String(i + 1).padStart(4, '0')} ${randomBytes(2).toString('hex')}`,
          city: 'Huaraz',
          difficulty: DIFFICULTIES[i % DIFFICULTIES.length],
          capacity: options.capacity ?? 20,
          time: [2, 4],
          time_city: 2,
          photos: [photo],
          description: 'Un sendero entre cerros y lagunas, con vistas amplias del valle y de los nevados cercanos.',
          how_to_get: 'Bus desde la ciudad hasta el pueblo más cercano y luego a pie por el camino señalizado.',
          tips: 'Lleva agua, bloqueador, casaca impermeable y algo de comer. Sal temprano.',
        },
      });
      await api(base, 'PUT', API.placeVerified(place._id), { token: adminToken });
      ids[i] = place._id;
    }
  };
  await Promise.all(Array.from({ length: options.workers ?? 4 }, worker));
  return ids;
}

export interface Hiker {
  id: string;
  token: string;
  /** A review photo of their own. */
  photo: string;
}

/** `count` registered users, each signed in with a review photo uploaded (`workers` at a time). */
export async function seedHikers(base: string, count: number, tag: string, workers = 4): Promise<Hiker[]> {
  const hikers: Hiker[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const user = { email: `bench.${tag}.${i}@example.com`, password: randomBytes(12).toString('base64url'), firstname: 'Bench', lastname: `Hiker ${i}` };
      const created = await api<{ _id: string }>(base, 'POST', API.register, { json: user });
      const { token } = await api<{ token: string }>(base, 'POST', API.login, { json: { email: user.email, password: user.password } });
      hikers[i] = { id: created._id, token, photo: await uploadPhoto(base, token, 'rating') };
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return hikers;
}

export interface Figures {
  /** Answered calls a second. */
  rps: number;
  p99: number;
  /** Answers that were not the expected status. */
  bad: number;
}

export const median = (xs: number[]): number => {
  const v = [...xs].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
};

export const percentile = (xs: number[], p: number): number => {
  const v = [...xs].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor(v.length * p))] ?? 0;
};

/** One timed call: status, parsed body (null when not JSON) and milliseconds. */
export async function timedCall(url: string, init: RequestInit): Promise<{ status: number; body: unknown; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = performance.now() - t0;
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, ms };
}

/**
 * Review writes: `connections` workers, each creating a review and deleting it, pair after pair, each
 * worker on places of its own (no two reviews of one place by the same person at once), until
 * `seconds` have passed; a worker finishes the pair it started. req/s counts both calls.
 */
export async function reviewWritePairs(
  base: string,
  reviewer: { token: string; photo: string },
  places: string[],
  seconds: number,
  connections: number,
): Promise<Figures> {
  const headers = { authorization: `Bearer ${reviewer.token}`, 'content-type': 'application/json' };
  const perWorker = Math.floor(places.length / connections);
  if (perWorker < 1) throw new Error('more places than connections are needed');
  const latencies: number[] = [];
  let bad = 0;
  let firstFailure = '';
  const deadline = performance.now() + seconds * 1000;
  const timed = async (url: string, init: RequestInit, expected: number) => {
    const r = await timedCall(url, init);
    latencies.push(r.ms);
    if (r.status !== expected) {
      bad++;
      firstFailure ||= `${init.method} ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`;
      return null;
    }
    return r.body as { _id?: string; id?: string };
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, w) => {
      for (let k = 0; performance.now() < deadline; k++) {
        const placeId = places[w + connections * (k % perWorker)]!;
        const body = JSON.stringify({ id_place: placeId, photo_url: reviewer.photo, rating: 1 + (k % 5), comment: 'Reseña del banco de pruebas.' });
        const created = await timed(base + API.ratingCreate, { method: 'POST', headers, body }, 201);
        const id = created?._id ?? created?.id; // the peer (bench/peer/original.mjs) answers its row as it is (id)
        if (id) await timed(base + API.ratingDelete(id), { method: 'DELETE', headers: { authorization: headers.authorization } }, 200);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  if (firstFailure) console.error(`${base} review writes: ${bad} failed calls, first: ${firstFailure}`);
  return { rps: latencies.length / elapsed, p99: percentile(latencies, 0.99), bad };
}

/** "label   1234 req/s   p99 12.3 ms" */
export function figureLine(label: string, f: { rps: number; p99: number }, width = 52): string {
  return `${label.padEnd(width)} ${f.rps.toFixed(0).padStart(8)} req/s   p99 ${f.p99.toFixed(1).padStart(7)} ms`;
}

/** Prints "label = value (budget >= min) -> OK | OVER BUDGET" and returns whether it passed. */
export function budgetLine(label: string, value: number, min: number, width = 52): boolean {
  const pass = value >= min;
  console.log(`${label.padEnd(width)} ${value.toFixed(2)}   (budget >= ${min}) -> ${pass ? 'OK' : 'OVER BUDGET'}`);
  return pass;
}
