/**
 * `npm run bench:reviews` (issue 17): review writes and the detail reads against the original backend.
 *
 * Side by side, in rounds, with autocannon:
 *   peer  the original's calls re-created on node:http + `pg` (bench/peer/original.mjs, Express + pg: no
 *         transaction, insert + aggregate + update), on the same PostgreSQL tables as (pg);
 *   pg    the built Sendero server on PostgreSQL (a database created for the run and dropped after);
 *   lite  the built Sendero server on the embedded PGlite (a temporary DATA_DIR).
 * Cases: `write` = each connection creates a review and deletes it (one pair per loop, each on its own
 * place), `detail` = GET /api/place/{id}, `reviews` = GET /api/rating/{placeId} (a place with a few
 * reviews). Reads go through autocannon; writes through fetch workers (reviewWritePairs in helpers.ts). Prints req/s and p99 per target (median of the rounds) and the ratios pg/peer, lite/peer
 * and lite/pg against the budgets of issue 17: write pg/peer >= 1, write lite/peer >= 0.8, reads
 * lite/pg >= 0.8. Exit code 1 when a budget is missed. Environment: BENCH_DATABASE_URL (a server
 * where databases may be created; postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (6),
 * BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_PLACES (200 places, the catalogue behind the calls).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { API, DIFFICULTIES, type Place } from '@sendero/contract';
import { freePort, httpClient, spawnNode, waitForUrl, type CallOptions } from '../apps/server/test/helpers/process.js';
import { median, reviewWritePairs, type Figures } from './helpers.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverJs = join(root, 'apps/server/dist/server.js');
const peerJs = join(root, 'bench/peer/original.mjs');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PLACES = Number(process.env.BENCH_PLACES ?? 200);
const READ_REVIEWS = 8;

const jwtSecret = randomBytes(32).toString('hex');
const ADMIN = { email: 'bench.admin@example.com', password: randomBytes(12).toString('base64url') };
const dbName = `sendero_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dataDir = mkdtempSync(join(tmpdir(), 'sendero-bench-reviews-'));
const children: ChildProcess[] = [];

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function cleanup() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await new Promise((ok) => setTimeout(ok, 300));
  rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

function api<T>(base: string, method: string, path: string, opts: CallOptions = {}): Promise<T> {
  return httpClient(base).ok<T>(method, path, opts);
}

async function startSendero(port: number, env: Record<string, string>) {
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of each Sendero process there (on its exit).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const run = spawnNode([...profile, serverJs], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: jwtSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      SAMPLE_DATA: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  children.push(run.child);
  const base = `http://127.0.0.1:${port}`;
  await waitForUrl(base + API.health, run);
  return base;
}

interface Seeded {
  token: string;
  photo: string;
  writePlaces: string[];
  readPlace: string;
}

/** Places, a reviewer with an uploaded photo, and a read place with READ_REVIEWS reviews. */
async function seed(base: string): Promise<Seeded> {
  const admin = await api<{ token: string }>(base, 'POST', API.adminLogin, { json: ADMIN });
  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
  const upload = async (token: string, kind: 'place' | 'rating') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'foto.jpg');
    return (await api<{ url: string }>(base, 'POST', API.upload(kind), { token, form })).url;
  };
  const placePhoto = await upload(admin.token, 'place');
  const ids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < PLACES) {
      const i = next++;
      const place = await api<Place>(base, 'POST', API.placeCreate, {
        token: admin.token,
        json: {
          name: `Destino de prueba ${String(i + 1).padStart(4, '0')}`,
          city: 'Huaraz',
          difficulty: DIFFICULTIES[i % DIFFICULTIES.length],
          capacity: 20,
          time: [2, 4],
          time_city: 2,
          photos: [placePhoto],
          description: 'Un sendero entre cerros y lagunas, con vistas amplias del valle y de los nevados cercanos.',
          how_to_get: 'Bus desde la ciudad hasta el pueblo más cercano y luego a pie por el camino señalizado.',
          tips: 'Lleva agua, bloqueador, casaca impermeable y algo de comer. Sal temprano.',
        },
      });
      await api(base, 'PUT', API.placeVerified(place._id), { token: admin.token });
      ids[i] = place._id;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const readPlace = ids[0]!;
  let token = '';
  let photo = '';
  for (let i = 0; i < READ_REVIEWS; i++) {
    const user = { email: `bench.user${i}@example.com`, password: randomBytes(12).toString('base64url'), firstname: 'Bench', lastname: `User ${i}` };
    await api(base, 'POST', API.register, { json: user });
    token = (await api<{ token: string }>(base, 'POST', API.login, { json: { email: user.email, password: user.password } })).token;
    photo = await upload(token, 'rating');
    await api(base, 'POST', API.ratingCreate, { token, json: { id_place: readPlace, photo_url: photo, rating: 1 + (i % 5), comment: `Reseña de prueba número ${i + 1}.` } });
  }
  return { token, photo, writePlaces: ids.slice(1), readPlace };
}

/** One target and case for SECONDS: req/s, p99, failed answers. */
async function measure(base: string, s: Seeded, kind: 'write' | 'detail' | 'reviews', seconds = SECONDS): Promise<Figures> {
  if (kind === 'write') return reviewWritePairs(base, s, s.writePlaces, seconds, CONNECTIONS);
  const headers = { authorization: `Bearer ${s.token}` };
  const url = base + (kind === 'detail' ? API.place(s.readPlace) : API.ratings(s.readPlace));
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx };
}


async function main() {
  if (!existsSync(serverJs)) throw new Error(`${serverJs} is missing: run "npm run build -w apps/server" first (npm run bench:reviews does).`);
  await adminQuery(`create database ${dbName}`);
  const [pgPort, litePort, peerPort] = [await freePort(), await freePort(), await freePort()];
  console.log(`Starting Sendero on PostgreSQL (${dbName}) and on PGlite (${dataDir}), seeding ${PLACES} places each...`);
  const pgBase = await startSendero(pgPort, { DATABASE_URL: dbUrl, DATA_DIR: join(dataDir, 'pg'), STORAGE: 'local' });
  const liteBase = await startSendero(litePort, { DATABASE_URL: '', DATA_DIR: join(dataDir, 'lite') });
  const [pgSeed, liteSeed] = [await seed(pgBase), await seed(liteBase)];
  const peer = spawnNode([peerJs], { cwd: root, env: { ...process.env, PORT: String(peerPort), DATABASE_URL: dbUrl, JWT_SECRET: jwtSecret } });
  children.push(peer.child);
  const peerBase = `http://127.0.0.1:${peerPort}`;
  await waitForUrl(peerBase + API.health, peer);

  const targets = [
    ['peer', peerBase, pgSeed],
    ['pg', pgBase, pgSeed],
    ['lite', liteBase, liteSeed],
  ] as const;
  const cases = ['write', 'detail', 'reviews'] as const;
  const results = new Map<string, Figures[]>();
  for (const c of cases) for (const [, base, s] of targets) await measure(base, s, c, 2); // warm-up
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = [];
    for (const c of cases) {
      for (const [name, base, s] of targets) {
        const f = await measure(base, s, c);
        if (f.bad) throw new Error(`${name} ${c}: ${f.bad} failed answers`);
        const key = `${c}:${name}`;
        results.set(key, [...(results.get(key) ?? []), f]);
        line.push(`${c}/${name} ${f.rps.toFixed(0)}`);
      }
    }
    console.log(`round ${round}: ${line.join(', ')} req/s`);
  }

  const med = (key: string) => ({ rps: median(results.get(key)!.map((f) => f.rps)), p99: median(results.get(key)!.map((f) => f.p99)) });
  console.log(`\n== Reviews and detail, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s (median), ${PLACES} places`);
  let ok = true;
  const budget = (label: string, value: number, min: number) => {
    const pass = value >= min;
    ok &&= pass;
    console.log(`${label.padEnd(34)} ${value.toFixed(2)}   (budget >= ${min}) -> ${pass ? 'OK' : 'OVER BUDGET'}`);
  };
  for (const c of cases) {
    const [p, g, l] = (['peer', 'pg', 'lite'] as const).map((n) => med(`${c}:${n}`));
    for (const [n, f] of [['peer (node:http + pg)', p], ['Sendero on PostgreSQL', g], ['Sendero on PGlite', l]] as const) {
      console.log(`${c.padEnd(8)} ${n.padEnd(24)} ${f!.rps.toFixed(0).padStart(7)} req/s   p99 ${f!.p99.toFixed(1).padStart(6)} ms`);
    }
    if (c === 'write') {
      budget('write: Sendero PostgreSQL / peer', g!.rps / p!.rps, 1);
      budget('write: Sendero PGlite / peer', l!.rps / p!.rps, 0.8);
    } else {
      console.log(`${`${c}: Sendero PostgreSQL / peer`.padEnd(34)} ${(g!.rps / p!.rps).toFixed(2)}`);
      console.log(`${`${c}: Sendero PGlite / peer`.padEnd(34)} ${(l!.rps / p!.rps).toFixed(2)}`);
      budget(`${c}: PGlite / PostgreSQL`, l!.rps / g!.rps, 0.8);
    }
  }
  if (!ok) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
