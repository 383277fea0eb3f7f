/**
 * `npm run bench:api`, section `peer` (docs/product.md#web-rules): Sendero against the original backend, side by side.
 *
 * Three servers on the same catalogue of BENCH_PLACES (1,000) verified places:
 *   peer  the original's calls re-created on Express + `pg` (bench/peer/original.mjs: one query per
 *         step, no cache, bcrypt logins, reviews as insert + read + update without a transaction),
 *         on the same PostgreSQL tables as (pg);
 *   pg    the built Sendero server on PostgreSQL (a database created for the run and dropped after);
 *   lite  the built Sendero server on the embedded PGlite (a temporary DATA_DIR), the default.
 * 1. Per call, in rounds (median of BENCH_ROUNDS rounds of BENCH_PEER_SECONDS each, every target in
 *    turn so load from elsewhere hits all three): list = GET /api/place, detail = GET /api/place/{id},
 *    reviews = GET /api/rating/{placeId} (8 reviews), login = POST /api/login (argon2id against
 *    bcrypt 10), and review writes: each connection creates a review and deletes it, pair after pair,
 *    timed per call; `create` and `delete` are each that call's rate on its own, connections / mean
 *    latency of the call. Prints req/s and p99 per target, Sendero/peer per call and PGlite/PostgreSQL,
 *    against the budgets: every call on PostgreSQL >= 1.0 x the peer; review create and delete on
 *    PGlite >= 0.8 x the peer; detail and reviews on PGlite >= 0.8 x PostgreSQL.
 * 2. Upload contention, on PGlite: other users' GET /api/place/{id} (4 connections at 100 req/s) idle
 *    and while four people upload a 12-megapixel photo each, one after another: p99 with uploads /
 *    p99 idle <= 3 (median of the rounds); every upload answered 201 (or 503 with Retry-After, counted).
 *    The uploaders run in a worker thread, not on the event loop that times the readers.
 * 3. Memory: after BENCH_MIXED_SECONDS (60) of mixed load (reads, review writes and logins at once)
 *    on each Sendero server, its resident set (VmRSS), peak (VmHWM) and the resident set split into
 *    file-backed pages and anonymous memory; PGlite < 250 MB (docs/decisions/030-pglite-memory.md).
 *    The servers run with start:only's environment and node flags (bench/helpers.ts).
 * Options (environment): BENCH_PLACES, BENCH_ROUNDS, BENCH_PEER_SECONDS (5), BENCH_CONNECTIONS (10),
 * BENCH_MIXED_SECONDS (60), BENCH_DATABASE_URL, BENCH_UPLOADS_IN_PROCESS (1: the uploaders on this
 * process's event loop, as before), BENCH_PEER_PARTS (calls,upload,memory: which of 1-3 run;
 * e.g. `BENCH_PEER_PARTS=upload` to compare one change to the upload path quickly).
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { API } from '@sendero/contract';
import { freePort, spawnNode, waitForUrl, type Run } from '../apps/server/test/helpers/process.js';
import {
  api,
  BENCH_JWT_SECRET,
  benchAdmin,
  createBenchDatabase,
  median,
  percentile,
  root,
  seedHikers,
  seedPlaces,
  startBuiltServer,
  timedCall,
  trackChild,
  type Hiker,
} from './helpers.js';

const PLACES = Number(process.env.BENCH_PLACES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_PEER_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const PARTS = (process.env.BENCH_PEER_PARTS ?? 'calls,upload,memory').split(',').map((x) => x.trim());
const READ_REVIEWS = 8;
const UPLOADERS = 4;
const BUDGET_PEER = 1.0;
const BUDGET_LITE_WRITES = 0.8;
const BUDGET_LITE_READS = 0.8;
const BUDGET_UPLOAD_P99 = 3;
const BUDGET_LITE_RSS_MB = 250;

type Target = 'peer' | 'pg' | 'lite';
type Call = 'list' | 'detail' | 'reviews' | 'create' | 'delete' | 'login';
const CALLS: Call[] = ['list', 'detail', 'reviews', 'create', 'delete', 'login'];
const LABELS: Record<Call, string> = {
  list: 'GET /api/place (list)',
  detail: 'GET /api/place/{id} (detail)',
  reviews: 'GET /api/rating/{placeId} (reviews)',
  create: 'POST /api/rating/create',
  delete: 'DELETE /api/rating/delete/{id}',
  login: 'POST /api/login',
};

interface Figure {
  rps: number;
  p99: number;
}

interface Seeded {
  base: string;
  reviewer: Hiker;
  uploaders: Hiker[];
  readPlace: string;
  writePlaces: string[];
  login: { email: string; password: string };
}

/** Places, hikers, a read place with READ_REVIEWS reviews and a user whose password we know. */
async function seed(base: string, tag: string, admin: { email: string; password: string }): Promise<Seeded> {
  const { token } = await api<{ token: string }>(base, 'POST', API.adminLogin, { json: admin });
  const started = Date.now();
  const places = await seedPlaces(base, token, PLACES, { workers: 6 });
  const hikers = await seedHikers(base, READ_REVIEWS + UPLOADERS, tag);
  const readPlace = places[0]!;
  for (const [i, h] of hikers.slice(0, READ_REVIEWS).entries()) {
    await api(base, 'POST', API.ratingCreate, { token: h.token, json: { id_place: readPlace, photo_url: h.photo, rating: 1 + (i % 5), comment: `Reseña de prueba número ${i + 1}.` } });
  }
  const login = { email: `bench.${tag}.login@example.com`, password: randomBytes(12).toString('base64url') };
  await api(base, 'POST', API.register, { json: { ...login, firstname: 'Bench', lastname: 'Login' } });
  console.log(`  ${tag}: ${PLACES} places, ${hikers.length} hikers and ${READ_REVIEWS} reviews in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { base, reviewer: hikers[0]!, uploaders: hikers.slice(READ_REVIEWS), readPlace, writePlaces: places.slice(1), login };
}

async function cannon(opts: autocannon.Options): Promise<Figure & { bad: number }> {
  const r = await autocannon(opts);
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx };
}

/**
 * Review writes timed per call: `connections` workers create a review and delete it, pair after pair,
 * each on places of its own. A call's rate is what the workers would do with only that call:
 * connections / its mean latency.
 */
async function writePairs(s: Seeded, seconds: number): Promise<{ create: Figure; delete: Figure; bad: number }> {
  const headers = { authorization: `Bearer ${s.reviewer.token}`, 'content-type': 'application/json' };
  const perWorker = Math.floor(s.writePlaces.length / CONNECTIONS);
  const times = { create: [] as number[], delete: [] as number[] };
  let bad = 0;
  let first = '';
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      for (let k = 0; performance.now() < deadline; k++) {
        const placeId = s.writePlaces[w + CONNECTIONS * (k % perWorker)]!;
        const body = JSON.stringify({ id_place: placeId, photo_url: s.reviewer.photo, rating: 1 + (k % 5), comment: 'Reseña del banco de pruebas.' });
        const c = await timedCall(s.base + API.ratingCreate, { method: 'POST', headers, body });
        times.create.push(c.ms);
        const created = c.body as { _id?: string; id?: string } | null;
        const id = created?._id ?? created?.id; // the peer answers its row as it is (id)
        if (c.status !== 201 || !id) {
          bad++;
          first ||= `create ${c.status} ${JSON.stringify(c.body).slice(0, 160)}`;
          continue;
        }
        const d = await timedCall(s.base + API.ratingDelete(id), { method: 'DELETE', headers: { authorization: headers.authorization } });
        times.delete.push(d.ms);
        if (d.status !== 200) {
          bad++;
          first ||= `delete ${d.status} ${JSON.stringify(d.body).slice(0, 160)}`;
        }
      }
    }),
  );
  if (first) console.error(`${s.base} review writes: ${bad} failed calls, first: ${first}`);
  const fig = (xs: number[]): Figure => ({ rps: (CONNECTIONS * 1000 * xs.length) / xs.reduce((a, b) => a + b, 0), p99: percentile(xs, 0.99) });
  return { create: fig(times.create), delete: fig(times.delete), bad };
}

async function measureCall(call: Exclude<Call, 'create' | 'delete'>, s: Seeded, seconds: number) {
  const auth = { authorization: `Bearer ${s.reviewer.token}` };
  const base = { connections: CONNECTIONS, duration: seconds };
  switch (call) {
    case 'list':
      return cannon({ ...base, url: s.base + API.places });
    case 'detail':
      return cannon({ ...base, url: s.base + API.place(s.readPlace), headers: auth });
    case 'reviews':
      return cannon({ ...base, url: s.base + API.ratings(s.readPlace), headers: auth });
    case 'login':
      return cannon({
        ...base,
        url: s.base + API.login,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: s.login.email, password: s.login.password }),
      });
  }
}

/** A 12-megapixel photo with detail in it (noise), so that decoding and encoding cost what a phone's do. */
async function bigPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = randomBytes(width * height * 3);
  return sharp(noise, { raw: { width, height, channels: 3 } }).blur(1.2).jpeg({ quality: 85 }).toBuffer();
}

/** GET /api/place/{id} at a steady 100 req/s from 4 connections: what other users see. */
function otherUsers(s: Seeded, seconds: number) {
  return cannon({ url: s.base + API.place(s.readPlace), headers: { authorization: `Bearer ${s.reviewer.token}` }, connections: 4, overallRate: 100, duration: seconds });
}

/** What the uploaders saw, over every round. */
interface UploadTally {
  ok: number;
  busy: number;
  other: number;
  slowestMs: number;
  answeredMs: number[];
}

/**
 * The four uploaders, each sending the photo again as soon as the last one was answered (after 1 s
 * on a 503). They run in a worker thread of their own, as people on other devices would: in this
 * process their multipart encoding and garbage collection stalled the event loop that autocannon
 * times the readers' requests on, and counted as the server's latency. BENCH_UPLOADS_IN_PROCESS=1
 * runs them here as before, to compare. Resolves, when stopped, once every upload in flight is answered.
 */
function startUploaders(s: Seeded, photo: Buffer, tally: UploadTally): () => Promise<void> {
  const count = (r: { status: number; ms: number }) => {
    tally.slowestMs = Math.max(tally.slowestMs, r.ms);
    if (r.status === 201 || r.status === 200) {
      tally.ok++;
      tally.answeredMs.push(r.ms);
    } else if (r.status === 503) tally.busy++;
    else tally.other++;
  };
  const url = s.base + API.upload('rating');
  const tokens = s.uploaders.map((h) => h.token);
  if (process.env.BENCH_UPLOADS_IN_PROCESS === '1') {
    let running = true;
    const loops = tokens.map(async (token) => {
      while (running) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
        const r = await timedCall(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        count(r);
        if (r.status === 503) await new Promise((ok) => setTimeout(ok, 1000));
      }
    });
    return async () => {
      running = false;
      await Promise.all(loops);
    };
  }
  const worker = new Worker(UPLOADER_SOURCE, { eval: true, workerData: { url, tokens, photo } });
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { status: number; ms: number } | 'done') => (m === 'done' ? resolve() : count(m)));
    worker.on('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    await done;
    await worker.terminate();
  };
}

/** The uploaders' worker (plain JavaScript: it is evaluated as is). */
const UPLOADER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, tokens, photo } = workerData;
let running = true;
parentPort.on('message', (m) => { if (m === 'stop') running = false; });
Promise.all(tokens.map(async (token) => {
  while (running) {
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
    const t0 = performance.now();
    let status = 0;
    try {
      const res = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form });
      await res.arrayBuffer();
      status = res.status;
    } catch {}
    parentPort.postMessage({ status, ms: performance.now() - t0 });
    if (status === 503) await new Promise((ok) => setTimeout(ok, 1000));
  }
})).then(() => parentPort.postMessage('done'));
`;

async function uploadContention(s: Seeded, seconds: number) {
  const photo = await bigPhoto();
  const rounds: Array<{ idle: number; busy: number }> = [];
  const uploads: UploadTally = { ok: 0, busy: 0, other: 0, slowestMs: 0, answeredMs: [] };
  await otherUsers(s, 2); // warm-up
  for (let round = 1; round <= ROUNDS; round++) {
    const idle = await otherUsers(s, seconds);
    const stopUploads = startUploaders(s, photo, uploads);
    await new Promise((ok) => setTimeout(ok, 1000)); // the four are decoding when the readers start
    const busy = await otherUsers(s, seconds);
    await stopUploads();
    if (idle.bad || busy.bad) throw new Error(`upload contention: ${idle.bad + busy.bad} failed reads`);
    rounds.push({ idle: idle.p99, busy: busy.p99 });
    console.log(`  round ${round}: p99 idle ${idle.p99.toFixed(1)} ms, with ${UPLOADERS} uploads ${busy.p99.toFixed(1)} ms`);
  }
  return { idle: median(rounds.map((r) => r.idle)), busy: median(rounds.map((r) => r.busy)), uploads, photoBytes: photo.length };
}

/**
 * VmRSS and VmHWM of a process, in MB (Linux), and the resident set split into file-backed pages (the
 * node binary and shared libraries) and anonymous memory (V8's heap, malloc, the WebAssembly heap).
 */
function memoryOf(pid: number): { rss: number; peak: number; file: number; anon: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024, file: kb('RssFile') / 1024, anon: kb('RssAnon') / 1024 };
}

/** MIXED_SECONDS of list, detail and reviews reads, review writes and logins at once. */
async function mixedLoad(s: Seeded) {
  const auth = { authorization: `Bearer ${s.reviewer.token}` };
  await Promise.all([
    autocannon({
      url: s.base,
      connections: 6,
      duration: MIXED_SECONDS,
      requests: [
        { method: 'GET', path: API.places },
        { method: 'GET', path: API.place(s.readPlace), headers: auth },
        { method: 'GET', path: API.ratings(s.readPlace), headers: auth },
        { method: 'GET', path: API.place(s.writePlaces[7]!), headers: auth },
      ],
    }),
    writePairs(s, MIXED_SECONDS),
    autocannon({
      url: s.base + API.login,
      connections: 1,
      duration: MIXED_SECONDS,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: s.login.email, password: s.login.password }),
    }),
  ]);
}

function startPeer(port: number, dbUrl: string, login: { email: string; password: string }): Promise<Run> {
  const run = spawnNode([join(root, 'bench/peer/original.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: dbUrl, JWT_SECRET: BENCH_JWT_SECRET, PEER_LOGIN_EMAIL: login.email, PEER_LOGIN_PASSWORD: login.password },
  });
  trackChild(run.child);
  return waitForUrl(`http://127.0.0.1:${port}${API.health}`, run).then(() => run);
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

export async function peerSection(dataDir: string): Promise<boolean> {
  const db = await createBenchDatabase('sendero_bench_peer');
  try {
    const admin = benchAdmin();
    console.log(`\nStarting Sendero on PostgreSQL and on PGlite, seeding ${PLACES} places each...`);
    const pg = await startBuiltServer(await freePort(), admin, { DATABASE_URL: db.url, DATA_DIR: join(dataDir, 'peer-pg'), STORAGE: 'local' });
    const lite = await startBuiltServer(await freePort(), admin, { DATABASE_URL: '', DATA_DIR: join(dataDir, 'peer-lite') });
    const seeded: Record<Target, Seeded> = { pg: await seed(pg.base, 'pg', admin), lite: await seed(lite.base, 'lite', admin) } as Record<Target, Seeded>;
    const peerPort = await freePort();
    await startPeer(peerPort, db.url, seeded.pg.login);
    seeded.peer = { ...seeded.pg, base: `http://127.0.0.1:${peerPort}` };
    const targets: Target[] = ['peer', 'pg', 'lite'];

    const results = new Map<string, Figure[]>();
    const add = (call: Call, t: Target, f: Figure) => results.set(`${call}:${t}`, [...(results.get(`${call}:${t}`) ?? []), f]);
    const once = async (t: Target, seconds: number, record: boolean) => {
      for (const call of ['list', 'detail', 'reviews', 'login'] as const) {
        const f = await measureCall(call, seeded[t], seconds);
        if (f.bad) throw new Error(`${t} ${call}: ${f.bad} failed answers`);
        if (record) add(call, t, f);
      }
      const w = await writePairs(seeded[t], seconds);
      if (w.bad) throw new Error(`${t} review writes: ${w.bad} failed calls`);
      if (record) {
        add('create', t, w.create);
        add('delete', t, w.delete);
      }
    };
    if (PARTS.includes('calls')) for (const t of targets) await once(t, 2, false); // warm-up
    for (let round = 1; PARTS.includes('calls') && round <= ROUNDS; round++) {
      for (const t of targets) await once(t, SECONDS, true);
      console.log(`  round ${round}: ${CALLS.map((c) => `${c} ${targets.map((t) => results.get(`${c}:${t}`)!.at(-1)!.rps.toFixed(0)).join('/')}`).join(', ')} req/s (peer/pg/lite)`);
    }

    let ok = true;
    const check = (label: string, value: number, pass: boolean, budget: string) => {
      ok &&= pass;
      console.log(`${label.padEnd(58)} ${value.toFixed(2).padStart(6)}   (budget ${budget}) -> ${verdict(pass)}`);
    };
    const med = (call: Call, t: Target): Figure => {
      const fs = results.get(`${call}:${t}`)!;
      return { rps: median(fs.map((f) => f.rps)), p99: median(fs.map((f) => f.p99)) };
    };
    if (PARTS.includes('calls')) console.log(`\n== Sendero against the original (Express + pg): ${PLACES} places, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s (median)`);
    const names: Record<Target, string> = { peer: 'peer (Express + pg)', pg: 'Sendero on PostgreSQL', lite: 'Sendero on PGlite' };
    for (const call of PARTS.includes('calls') ? CALLS : []) {
      const f = Object.fromEntries(targets.map((t) => [t, med(call, t)])) as Record<Target, Figure>;
      console.log(`${LABELS[call]}`);
      for (const t of targets) console.log(`  ${names[t].padEnd(24)} ${f[t].rps.toFixed(0).padStart(8)} req/s   p99 ${f[t].p99.toFixed(1).padStart(7)} ms`);
      check(`  ${call}: Sendero PostgreSQL / peer`, f.pg.rps / f.peer.rps, f.pg.rps / f.peer.rps >= BUDGET_PEER, `>= ${BUDGET_PEER}`);
      const litePeer = f.lite.rps / f.peer.rps;
      if (call === 'create' || call === 'delete') check(`  ${call}: Sendero PGlite / peer`, litePeer, litePeer >= BUDGET_LITE_WRITES, `>= ${BUDGET_LITE_WRITES}`);
      else console.log(`${`  ${call}: Sendero PGlite / peer`.padEnd(58)} ${litePeer.toFixed(2).padStart(6)}`);
      const litePg = f.lite.rps / f.pg.rps;
      if (call === 'detail' || call === 'reviews') check(`  ${call}: Sendero PGlite / Sendero PostgreSQL`, litePg, litePg >= BUDGET_LITE_READS, `>= ${BUDGET_LITE_READS}`);
      else console.log(`${`  ${call}: Sendero PGlite / Sendero PostgreSQL`.padEnd(58)} ${litePg.toFixed(2).padStart(6)}`);
    }

    if (PARTS.includes('upload')) await uploadPart(seeded.lite, check);
    if (PARTS.includes('memory')) await memoryPart(seeded, { lite: lite.run, pg: pg.run }, check);
    return ok;
  } finally {
    await db.drop();
  }
}

type Check = (label: string, value: number, pass: boolean, budget: string) => void;

async function uploadPart(s: Seeded, check: Check) {
  console.log(`\n== Upload contention on PGlite: other users' GET /api/place/{id} (4 connections, 100 req/s), idle and with ${UPLOADERS} uploads running`);
  const u = await uploadContention(s, SECONDS + 3);
  console.log(`  photo ${(u.photoBytes / 1024 / 1024).toFixed(1)} MB, 12 MP; uploads: ${u.uploads.ok} answered 201, ${u.uploads.busy} 503 (queue full), ${u.uploads.other} other; slowest ${(u.uploads.slowestMs / 1000).toFixed(1)} s`);
  const answered = u.uploads.answeredMs;
  if (answered.length) {
    console.log(`  upload answered in (201): median ${(median(answered) / 1000).toFixed(1)} s, p95 ${(percentile(answered, 0.95) / 1000).toFixed(1)} s`);
  }
  console.log(`  p99 idle ${u.idle.toFixed(1)} ms, with ${UPLOADERS} uploads ${u.busy.toFixed(1)} ms`);
  const ratio = u.busy / Math.max(u.idle, 1);
  const uploadsOk = u.uploads.other === 0;
  check('  p99 with uploads / p99 idle (median of rounds)', ratio, ratio <= BUDGET_UPLOAD_P99 && uploadsOk, `<= ${BUDGET_UPLOAD_P99}${uploadsOk ? '' : ', and some uploads failed'}`);
}

async function memoryPart(seeded: Record<Target, Seeded>, runs: { lite: Run; pg: Run }, check: Check) {
  console.log(`\n== Memory after ${MIXED_SECONDS} s of mixed load (reads, review writes, logins), ${PLACES} places`);
  for (const [t, run] of [['lite', runs.lite], ['pg', runs.pg]] as const) {
    await mixedLoad(seeded[t]);
    const m = memoryOf(run.child.pid!);
    const label = `  Sendero on ${t === 'lite' ? 'PGlite' : 'PostgreSQL'}: RSS (MB), peak ${m.peak.toFixed(0)}, files ${m.file.toFixed(0)}, anon ${m.anon.toFixed(0)}`;
    if (t === 'lite') check(label, m.rss, m.rss < BUDGET_LITE_RSS_MB, `< ${BUDGET_LITE_RSS_MB}`);
    else console.log(`${label.padEnd(58)} ${m.rss.toFixed(2).padStart(6)}`);
  }
}
