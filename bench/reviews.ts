/**
 * `npm run bench:reviews` (docs/product.md#web-rules): review writes and the detail reads against the original backend.
 *
 * Side by side, in rounds, with autocannon:
 *   peer  the original's calls re-created on node:http + `pg` (bench/peer/original.mjs, Express + pg: no
 *         transaction, insert + aggregate + update), on the same PostgreSQL tables as (pg);
 *   pg    the built Sendero server on PostgreSQL (a database created for the run and dropped after);
 *   lite  the built Sendero server on the embedded PGlite (a temporary DATA_DIR).
 * Cases: `write` = each connection creates a review and deletes it (one pair per loop, each on its own
 * place), `detail` = GET /api/place/{id}, `reviews` = GET /api/rating/{placeId} (a place with a few
 * reviews). Reads go through autocannon; writes through fetch workers (reviewWritePairs in helpers.ts). Prints req/s and p99 per target (median of the rounds) and the ratios pg/peer, lite/peer
 * and lite/pg against the budgets of docs/product.md#web-rules: write pg/peer >= 1, write lite/peer >= 0.8, reads
 * lite/pg >= 0.8. Exit code 1 when a budget is missed. Environment: BENCH_DATABASE_URL (a server
 * where databases may be created; postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (6),
 * BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_PLACES (200 places, the catalogue behind the calls).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API } from '@sendero/contract';
import { freePort, spawnNode, waitForUrl } from '../apps/server/test/helpers/process.js';
import {
  api,
  BENCH_JWT_SECRET,
  benchAdmin,
  budgetLine,
  benchScratch,
  median,
  reviewWritePairs,
  root,
  runBench,
  seedHikers,
  seedPlaces,
  serverJs,
  startBuiltServer,
  trackChild,
  type Figures,
} from './helpers.js';

const peerJs = join(root, 'bench/peer/original.mjs');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PLACES = Number(process.env.BENCH_PLACES ?? 200);
const READ_REVIEWS = 8;

const ADMIN = benchAdmin();
const scratch = benchScratch('reviews');
const { dataDir } = scratch;

interface Seeded {
  token: string;
  photo: string;
  writePlaces: string[];
  readPlace: string;
}

/** Places, a reviewer with an uploaded photo, and a read place with READ_REVIEWS reviews. */
async function seed(base: string, tag: string): Promise<Seeded> {
  const admin = await api<{ token: string }>(base, 'POST', API.adminLogin, { json: ADMIN });
  const ids = await seedPlaces(base, admin.token, PLACES);
  const readPlace = ids[0]!;
  const reviewers = await seedHikers(base, READ_REVIEWS, tag, 1);
  for (const [i, { token, photo }] of reviewers.entries()) {
    await api(base, 'POST', API.ratingCreate, { token, json: { id_place: readPlace, photo_url: photo, rating: 1 + (i % 5), comment: `Reseña de prueba número ${i + 1}.` } });
  }
  const { token, photo } = reviewers.at(-1)!;
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
  const database = await scratch.database();
  const [pgPort, litePort, peerPort] = [await freePort(), await freePort(), await freePort()];
  console.log(`Starting Sendero on PostgreSQL (${new URL(database.url).pathname.slice(1)}) and on PGlite (${dataDir}), seeding ${PLACES} places each...`);
  const { base: pgBase } = await startBuiltServer(pgPort, ADMIN, { DATABASE_URL: database.url, DATA_DIR: join(dataDir, 'pg'), STORAGE: 'local' });
  const { base: liteBase } = await startBuiltServer(litePort, ADMIN, { DATABASE_URL: '', DATA_DIR: join(dataDir, 'lite') });
  const [pgSeed, liteSeed] = [await seed(pgBase, 'pg'), await seed(liteBase, 'lite')];
  const peer = spawnNode([peerJs], { cwd: root, env: { ...process.env, PORT: String(peerPort), DATABASE_URL: database.url, JWT_SECRET: BENCH_JWT_SECRET } });
  trackChild(peer.child);
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
    ok = budgetLine(label, value, min, 34) && ok;
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

await runBench(main, scratch.cleanup);
