/**
 * `npm run bench:api` (docs/product.md#calls): how close our GET /api/place comes to a bare node:http server.
 *
 * 1. Starts the built server (apps/server/dist/server.js) on a temporary DATA_DIR (embedded PGlite,
 *    SAMPLE_DATA=false) and seeds 1,000 verified places through the API.
 * 2. Captures the exact bytes and headers of our GET /api/place answer and starts (a) a bare
 *    node:http server, in its own process, that answers exactly those.
 * 3. With autocannon, side by side in rounds: (a) the bare server, (b) our GET /api/place, (c) our
 *    GET /api/place/{id} with a user's token. Prints req/s and p99 of each (median of the rounds)
 *    and the ratios b/a and c/a against the budgets b/a >= 0.8 and c/a >= 0.5. With a web build, also
 *    (d) the plain index.html and (e) a destination's page rendered with its meta tags: e/d >= 0.7.
 * 4. (docs/product.md#several-processes) On PostgreSQL (a database created for the run on
 *    BENCH_DATABASE_URL, postgres://postgres@127.0.0.1:5432/postgres, and dropped after): the built
 *    server with WEB_CONCURRENCY=1 and, on the same database, with WEB_CONCURRENCY=2, side by side in
 *    rounds: GET /api/place/{id} with a token, GET /api/place, and review writes (POST
 *    /api/rating/create + DELETE, in pairs). Prints both and the ratio =2 / =1 of each, against the
 *    budget >= 1.5 for the two reads on a machine with 2 cores or more (docs/product.md#several-processes); writes are printed.
 * 5. (docs/product.md#web-rules) Sendero on PostgreSQL and on PGlite against the original backend re-created on Express +
 *    pg, per call (list, detail, reviews, review create and delete, login), the upload-contention case
 *    and the memory after a mixed load, with PASS/FAIL against each budget: see bench/api-peer.ts.
 * 6. (docs/product.md#catalogue) On a PostgreSQL database of its own with 10,000 verified places
 *    inserted by SQL (BENCH_REBUILD_PLACES): the browsing index and GET /api/place's list after a
 *    one-place write, in process (bench/catalogue-rebuild.ts): full build, then the median and max of
 *    the next read after each of 30 writes, against the budget < 20 ms for the median; and whether the
 *    result equals a full rebuild.
 * 7. (docs/decisions/039-uploads-admitted-by-expected-wait.md) An upload peak: photos stored a minute and the
 *    readers' p99 during uploads, this build beside BENCH_BASELINE_DIR's build (bench/api-uploads.ts).
 *    BENCH_SECTIONS (api,cluster,peer,rebuild,uploads) picks sections: api = 1-3 (no PostgreSQL needed), cluster = 4,
 *    peer = 5, rebuild = 6, uploads = 7.
 * Exit code 1 when a budget is missed. Options (environment): BENCH_PLACES (1000), BENCH_SECONDS (8),
 * BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_LOG_LEVEL (info, the server's default).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { API, DIFFICULTIES, type Place } from '@sendero/contract';
import { freePort, httpClient, spawnNode, waitForUrl, type CallOptions } from '../apps/server/test/helpers/process.js';
import { peerSection } from './api-peer.js';
import { uploadsSection } from './api-uploads.js';
import { benchAdmin, budgetLine, createBenchDatabase, figureLine, reviewWritePairs, seedHikers, seedPlaces, startBuiltServer, stopChildren } from './helpers.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverJs = join(root, 'apps/server/dist/server.js');
const PLACES = Number(process.env.BENCH_PLACES ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const BUDGET_LIST = 0.8;
const BUDGET_ONE = 0.5;
const BUDGET_PAGE = 0.7;
const BUDGET_CLUSTER_READS = 1.5;
const SECTIONS = (process.env.BENCH_SECTIONS ?? 'api,cluster,peer,rebuild,uploads').split(',').map((x) => x.trim());
const REBUILD_PLACES = Number(process.env.BENCH_REBUILD_PLACES ?? 10_000);
const BUDGET_REBUILD_MS = 20;
const CLUSTER_PLACES = 200;

const ADMIN = { email: 'bench.admin@example.com', password: randomBytes(12).toString('base64url') };
const USER = { email: 'bench.user@example.com', password: randomBytes(12).toString('base64url'), firstname: 'Bench', lastname: 'User' };

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'sendero-bench-'));

let dropClusterDb: (() => Promise<void>) | undefined;

function cleanup() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  stopChildren();
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

function spawnLogged(args: string[], env: NodeJS.ProcessEnv) {
  const run = spawnNode(args, { cwd: root, env });
  children.push(run.child);
  return run;
}

/** POST/PUT/GET through the shared test client, throwing unless 2xx. */
function api<T>(base: string, method: string, path: string, opts: CallOptions = {}): Promise<T> {
  return httpClient(base).ok<T>(method, path, opts);
}

/** The raw answer to GET url: status, headers and body bytes, exactly as sent. */
function rawGet(url: string): Promise<{ status: number; headers: IncomingHttpHeaders; rawHeaders: string[]; body: Buffer }> {
  return new Promise((ok, fail) => {
    httpGet(url, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(parts) }));
      res.on('error', fail);
    }).on('error', fail);
  });
}

async function seed(base: string): Promise<{ userToken: string; placeId: string }> {
  const admin = await api<{ token: string }>(base, 'POST', API.adminLogin, { json: ADMIN });
  await api(base, 'POST', API.register, { json: USER });
  const user = await api<{ token: string }>(base, 'POST', API.login, { json: { email: USER.email, password: USER.password } });

  const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'foto.png');
  const { url: photo } = await api<{ url: string }>(base, 'POST', API.upload('place'), { token: admin.token, form });

  const cities = ['Lima', 'Huaraz', 'Huancayo', 'Cusco', 'Arequipa', 'Trujillo'];
  let next = 0;
  let lastId = '';
  const worker = async () => {
    while (next < PLACES) {
      const i = next++;
      const place = await api<Place>(base, 'POST', API.placeCreate, {
        token: admin.token,
        json: {
          name: `Destino de prueba ${String(i + 1).padStart(4, '0')}`,
          city: cities[i % cities.length],
          difficulty: DIFFICULTIES[i % DIFFICULTIES.length],
          capacity: 10 + (i % 40),
          time: [1 + (i % 4), 3 + (i % 4) + (i % 3)],
          time_city: 1 + (i % 6),
          photos: [photo],
          description: 'Un sendero entre cerros y lagunas, con vistas amplias del valle y de los nevados cercanos.',
          how_to_get: 'Bus desde la ciudad hasta el pueblo más cercano y luego a pie por el camino señalizado.',
          tips: 'Lleva agua, bloqueador, casaca impermeable y algo de comer. Sal temprano.',
        },
      });
      await api(base, 'PUT', API.placeVerified(place._id), { token: admin.token });
      lastId = place._id;
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return { userToken: user.token, placeId: lastId };
}

/** A node:http server answering every request with the captured status, headers and body. */
function startBare(port: number, capture: { status: number; rawHeaders: string[]; body: Buffer }) {
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  const headers: Array<[string, string]> = [];
  for (let i = 0; i < capture.rawHeaders.length; i += 2) {
    const name = capture.rawHeaders[i]!;
    if (!skip.has(name.toLowerCase())) headers.push([name, capture.rawHeaders[i + 1]!]);
  }
  const bodyFile = join(dataDir, 'bare-body.bin');
  writeFileSync(bodyFile, capture.body);
  const code = `
    import { createServer } from 'node:http';
    import { readFileSync } from 'node:fs';
    const body = readFileSync(${JSON.stringify(bodyFile)});
    const headers = ${JSON.stringify(headers)};
    createServer((req, res) => {
      req.resume();
      res.statusCode = ${capture.status};
      for (const [k, v] of headers) res.setHeader(k, v);
      res.end(body);
    }).listen(${port}, '127.0.0.1');
  `;
  return spawnLogged(['--input-type=module', '-e', code], process.env);
}

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string, headers: Record<string, string> = {}, seconds = SECONDS): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  if (!existsSync(serverJs)) {
    console.error(`${serverJs} is missing: run "npm run build -w apps/server" first (npm run bench:api does).`);
    process.exit(1);
  }
  const [ourPort, barePort] = [await freePort(), await freePort()];
  const ours = `http://127.0.0.1:${ourPort}`;
  const bare = `http://127.0.0.1:${barePort}`;

  console.log(`Starting the built server on ${ours} (DATA_DIR ${dataDir}, LOG_LEVEL ${LOG_LEVEL})...`);
  const server = spawnLogged([serverJs], {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(ourPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SAMPLE_DATA: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL,
  });
  await waitForUrl(ours + API.health, server);

  let started = Date.now();
  const { userToken, placeId } = await seed(ours);
  console.log(`Seeded ${PLACES} verified places through the API in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

  const capture = await rawGet(ours + API.places);
  const list = JSON.parse(capture.body.toString()) as Place[];
  if (capture.status !== 200 || list.length !== PLACES) throw new Error(`GET /api/place answered ${capture.status} with ${list.length} places`);
  console.log(`GET /api/place: ${(capture.body.length / 1024).toFixed(0)} KB, ETag ${capture.headers.etag}`);

  const barePs = startBare(barePort, capture);
  await waitForUrl(bare + '/', barePs);
  const check = await rawGet(bare + API.places);
  if (!check.body.equals(capture.body)) throw new Error('the bare server does not answer the same bytes');

  const auth = { authorization: `Bearer ${userToken}` };
  const one = await rawGet(ours + API.place(placeId));
  if (one.status !== 401) throw new Error('GET /api/place/{id} without a token should be 401');

  // A shared destination's page with its meta tags (docs/product.md#sharing) against the plain index.html.
  const html = { accept: 'text/html' };
  const sharedPage = await rawGet(`${ours}/buscar-destino/destino/${placeId}`);
  const withMeta = sharedPage.status === 200 && sharedPage.body.toString().includes('og:title');
  if (!withMeta) console.log('No web build (apps/web/dist): the page rows are skipped.');

  const targets: Array<[string, string, Record<string, string>]> = [
    ['a', bare + API.places, {}],
    ['b', ours + API.places, {}],
    ['c', ours + API.place(placeId), auth],
    ...(withMeta
      ? ([
          ['d', `${ours}/index.html`, html],
          ['e', `${ours}/buscar-destino/destino/${placeId}`, html],
        ] as Array<[string, string, Record<string, string>]>)
      : []),
  ];
  // Warm-up (JIT, caches, connections), then rounds in turn so load from elsewhere hits all three.
  for (const [, url, headers] of targets) await measure(url, headers, 2);
  const results: Record<string, Figures[]> = { a: [], b: [], c: [], d: [], e: [] };
  started = Date.now();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, url, headers] of targets) {
      const f = await measure(url, headers);
      results[name]!.push(f);
      if (f.errors || f.non2xx) throw new Error(`${name}: ${f.errors} errors, ${f.non2xx} non-2xx answers`);
    }
    const [a, b, c] = (['a', 'b', 'c'] as const).map((n) => results[n]!.at(-1)!);
    console.log(
      `round ${round}: a ${a!.rps.toFixed(0)} req/s, b ${b!.rps.toFixed(0)} req/s, c ${c!.rps.toFixed(0)} req/s  (b/a ${(b!.rps / a!.rps).toFixed(2)}, c/a ${(c!.rps / a!.rps).toFixed(2)})`,
    );
  }
  const revalidate = await measure(ours + API.places, { 'if-none-match': String(capture.headers.etag) }, 4);

  const row = (label: string, fs: Figures[]) => {
    const rps = median(fs.map((f) => f.rps));
    const p99 = median(fs.map((f) => f.p99));
    console.log(`${label.padEnd(52)} ${rps.toFixed(0).padStart(8)} req/s   p99 ${p99.toFixed(1).padStart(6)} ms`);
    return rps;
  };
  console.log(`\n== API throughput: ${PLACES} verified places, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s (median)`);
  const a = row('(a) bare node:http, same bytes and headers', results.a!);
  const b = row('(b) our GET /api/place', results.b!);
  const c = row('(c) our GET /api/place/{id} with a token', results.c!);
  console.log(`${'    our GET /api/place with If-None-Match (304)'.padEnd(52)} ${revalidate.rps.toFixed(0).padStart(8)} req/s   p99 ${revalidate.p99.toFixed(1).padStart(6)} ms`);
  const ba = b / a;
  const ca = c / a;
  console.log(`b/a = ${ba.toFixed(2)}   (budget >= ${BUDGET_LIST}) -> ${ba >= BUDGET_LIST ? 'OK' : 'OVER BUDGET'}`);
  console.log(`c/a = ${ca.toFixed(2)}   (budget >= ${BUDGET_ONE}) -> ${ca >= BUDGET_ONE ? 'OK' : 'OVER BUDGET'}`);
  let ed = Infinity;
  if (withMeta) {
    const d = row('(d) plain index.html (static file)', results.d!);
    const e = row('(e) a destination page with its meta tags', results.e!);
    ed = e / d;
    console.log(`e/d = ${ed.toFixed(2)}   (budget >= ${BUDGET_PAGE}) -> ${ed >= BUDGET_PAGE ? 'OK' : 'OVER BUDGET'}`);
  }
  console.log(`(measured in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (ba < BUDGET_LIST || ca < BUDGET_ONE || ed < BUDGET_PAGE) process.exitCode = 1;
}

/**
 * Section 4: WEB_CONCURRENCY=1 and =2 on one PostgreSQL database, measured in turn in each round so
 * that load from elsewhere on the machine hits both.
 */
async function clusterSection() {
  const cores = availableParallelism();
  const db = await createBenchDatabase('sendero_bench_api');
  dropClusterDb = db.drop;
  const admin = benchAdmin();
  const env = (workers: number) => ({ DATABASE_URL: db.url, DATA_DIR: join(dataDir, `cluster-${workers}`), WEB_CONCURRENCY: String(workers), LOG_LEVEL });
  console.log(`\nStarting the built server on PostgreSQL with WEB_CONCURRENCY=1 and =2 (${cores} cores)...`);
  const one = await startBuiltServer(await freePort(), admin, env(1));
  const two = await startBuiltServer(await freePort(), admin, env(2));
  // Health answers once the first worker listens; the primary prints its line once both do.
  const deadline = Date.now() + 60_000;
  while (!two.run.output().includes('(2 worker processes)')) {
    if (Date.now() > deadline) throw new Error(`WEB_CONCURRENCY=2 did not start both workers:\n${two.run.output()}`);
    await new Promise((ok) => setTimeout(ok, 200));
  }
  const { token: adminToken } = await api<{ token: string }>(one.base, 'POST', API.adminLogin, { json: admin });
  const places = await seedPlaces(one.base, adminToken, CLUSTER_PLACES);
  const [reviewer] = await seedHikers(one.base, 1, 'cluster');
  const readPlace = places[0]!;
  const writePlaces = places.slice(1);
  const auth = { authorization: `Bearer ${reviewer!.token}` };

  type Case = 'detail' | 'list' | 'write';
  const cases: Case[] = ['detail', 'list', 'write'];
  const servers = [
    ['1', one.base],
    ['2', two.base],
  ] as const;
  const once = async (c: Case, base: string, seconds: number): Promise<Figures> => {
    if (c === 'write') {
      const f = await reviewWritePairs(base, reviewer!, writePlaces, seconds, CONNECTIONS);
      return { rps: f.rps, p99: f.p99, errors: f.bad, non2xx: 0 };
    }
    return measure(base + (c === 'detail' ? API.place(readPlace) : API.places), c === 'detail' ? auth : {}, seconds);
  };
  for (const c of cases) for (const [, base] of servers) await once(c, base, 2); // warm-up
  const results = new Map<string, Figures[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = [];
    for (const c of cases) {
      for (const [n, base] of servers) {
        const f = await once(c, base, SECONDS);
        if (f.errors || f.non2xx) throw new Error(`${c} with WEB_CONCURRENCY=${n}: ${f.errors} errors, ${f.non2xx} non-2xx answers`);
        results.set(`${c}:${n}`, [...(results.get(`${c}:${n}`) ?? []), f]);
        line.push(`${c}/${n} ${f.rps.toFixed(0)}`);
      }
    }
    console.log(`round ${round}: ${line.join(', ')} req/s`);
  }

  console.log(`\n== PostgreSQL, WEB_CONCURRENCY=1 and =2 side by side: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s (median), ${cores} cores`);
  const labels: Record<Case, string> = { detail: 'GET /api/place/{id} with a token', list: 'GET /api/place', write: 'POST /api/rating/create + DELETE (pairs)' };
  let ok = true;
  for (const c of cases) {
    const [a, b] = servers.map(([n]) => {
      const fs = results.get(`${c}:${n}`)!;
      return { rps: median(fs.map((f) => f.rps)), p99: median(fs.map((f) => f.p99)) };
    });
    console.log(figureLine(`${labels[c]}, WEB_CONCURRENCY=1`, a!, 60));
    console.log(figureLine(`${labels[c]}, WEB_CONCURRENCY=2`, b!, 60));
    const ratio = b!.rps / a!.rps;
    if (c !== 'write' && cores >= 2) ok = budgetLine(`${labels[c]}: =2 / =1`, ratio, BUDGET_CLUSTER_READS, 60) && ok;
    else console.log(`${`${labels[c]}: =2 / =1`.padEnd(60)} ${ratio.toFixed(2)}`);
  }
  if (!ok) process.exitCode = 1;
}

/** Section 6: the index and the list after a one-place write, at REBUILD_PLACES places. */
async function rebuildSection(): Promise<boolean> {
  console.log(`\n== The index and the list after a write, ${REBUILD_PLACES.toLocaleString('en-US')} verified places on PostgreSQL (in process)`);
  const database = await createBenchDatabase('sendero_bench_rebuild');
  try {
    const run = spawnNode(['--import', 'tsx', join(root, 'bench/catalogue-rebuild.ts'), database.url, '--seed', String(REBUILD_PLACES)], {
      cwd: root,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'apps/server/tsconfig.json') },
    });
    children.push(run.child);
    const code = await run.exited;
    const line = run.output().split('\n').findLast((l) => l.startsWith('{')) ?? '';
    if (code !== 0) throw new Error(`catalogue-rebuild.ts failed: ${run.output()}`);
    const r = JSON.parse(line) as Record<string, number | boolean>;
    const ms = (k: string) => `${(r[k] as number).toFixed(1)} ms`;
    let ok = true;
    for (const [label, prefix, same] of [
      ['GET /api/place/index', 'afterWrite', 'sameAsFullRebuild'],
      ['GET /api/place (list)', 'listAfterWrite', 'listSameAsFullRebuild'],
    ] as const) {
      const full = prefix === 'afterWrite' ? 'fullMs' : 'listFullMs';
      const median = r[`${prefix}MedianMs`] as number;
      const pass = median < BUDGET_REBUILD_MS && r[same] === true;
      ok &&= pass;
      console.log(
        `${label.padEnd(24)} full build ${ms(full)}; after a write: median ${ms(`${prefix}MedianMs`)}, max ${ms(`${prefix}MaxMs`)} (budget median < ${BUDGET_REBUILD_MS} ms)${r[same] ? '' : ', DIFFERS from a full rebuild'}  ${pass ? 'PASS' : 'FAIL'}`,
      );
    }
    return ok;
  } finally {
    await database.drop();
  }
}

try {
  if (SECTIONS.includes('api')) await main();
  if (SECTIONS.includes('cluster')) await clusterSection();
  if (SECTIONS.includes('peer') && !(await peerSection(dataDir))) process.exitCode = 1;
  if (SECTIONS.includes('rebuild') && !(await rebuildSection())) process.exitCode = 1;
  if (SECTIONS.includes('uploads') && !(await uploadsSection())) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  cleanup();
  await dropClusterDb?.();
}
