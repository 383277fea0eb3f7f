/**
 * `npm run bench:outings` (docs/product.md#outings): taking spots on group outings under load,
 * next to a review create (POST /api/rating/create, the other write that locks a row: the place's)
 * measured in the same run, on the built server on PostgreSQL and on PGlite.
 *
 * Per target, per round, on fresh outings and places (created untimed before the round):
 *   hot     200 hikers join ONE outing of 50 spots, all at once: exactly 50 get 200 and 150 get 409
 *           'Esta salida ya no tiene cupos.'; next to 200 hikers reviewing ONE place, all at once.
 *   spread  2,000 joins spread over 100 outings of 20 spots (20 hikers each, BENCH_CONNECTIONS calls
 *           in flight, in random order): all 200; next to 2,000 review creates spread the same way
 *           over 100 places.
 * After every join phase each outing is read back as the administrator: overbooking = outings whose
 * `taken` exceeds `spots` or differs from their participants, or from the 200s they answered; it must
 * be 0. Prints joins/s and p99 next to reviews/s and p99 (median of the rounds, after one warm-up round)
 * and the ratios joins/s / reviews/s against the budgets below. Exit code 1 when a budget is missed,
 * a count is wrong or anything overbooks. Environment: BENCH_DATABASE_URL (a PostgreSQL server where
 * databases may be created; postgres://postgres@127.0.0.1:5432/postgres), BENCH_ROUNDS (3),
 * BENCH_CONNECTIONS (10), BENCH_TARGETS (pg,lite).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API, MSG, type Outing } from '@sendero/contract';
import { freePort } from '../apps/server/test/helpers/process.js';
import {
  api,
  benchAdmin,
  budgetLine,
  benchScratch,
  figureLine,
  median,
  percentile,
  runBench,
  seedHikers,
  seedPlaces,
  serverJs,
  startBuiltServer,
  timedCall,
  type Figures,
  type Hiker,
} from './helpers.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pg,lite').split(',').map((s) => s.trim()) as Array<'pg' | 'lite'>;
const HIKERS = 200;
const HOT_SPOTS = 50;
const OUTINGS = 100;
const PER_OUTING = 20;
/** Budgets: joins/s over review creates/s in the same run, on the same server. */
const BUDGET_SPREAD = 0.8;
const BUDGET_HOT = 0.8;

const ADMIN = benchAdmin();
const scratch = benchScratch('outings');
const { dataDir } = scratch;

interface Target {
  name: 'pg' | 'lite';
  base: string;
  adminToken: string;
  hikers: Hiker[];
}

interface Round {
  /** hot + 1: the hot outing's place last. */
  places: string[];
  outings: string[];
  hotOuting: string;
}

/** Fresh places and outings for one round (untimed). */
async function prepareRound(t: Target): Promise<Round> {
  const places = await seedPlaces(t.base, t.adminToken, OUTINGS + 1, { capacity: HOT_SPOTS });
  const startsAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const organize = (placeId: string, spots: number) =>
    api<Outing>(t.base, 'POST', API.outingCreate, { token: t.adminToken, json: { id_place: placeId, starts_at: startsAt, meeting_point: 'Plaza de Armas', spots } });
  const outings: string[] = [];
  for (let i = 0; i < OUTINGS; i++) outings.push((await organize(places[i]!, PER_OUTING))._id);
  const hotOuting = (await organize(places[OUTINGS]!, HOT_SPOTS))._id;
  return { places, outings, hotOuting };
}

/** The hikers of outing (or place) i in the spread case: 20 distinct ones, each in 10 of the 100. */
const spreadHikers = (t: Target, i: number) => Array.from({ length: PER_OUTING }, (_, k) => t.hikers[((i % (HIKERS / PER_OUTING)) * PER_OUTING + k) % HIKERS]!);

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const joinOuting = (t: Target, outingId: string, h: Hiker) => timedCall(t.base + API.outingJoin(outingId), { method: 'PUT', headers: auth(h.token) });
const review = (t: Target, placeId: string, h: Hiker) =>
  timedCall(t.base + API.ratingCreate, {
    method: 'POST',
    headers: { ...auth(h.token), 'content-type': 'application/json' },
    body: JSON.stringify({ id_place: placeId, photo_url: h.photo, rating: 4, comment: 'Reseña del banco de pruebas.' }),
  });

interface Outcome extends Figures {
  /** Answers by status. */
  statuses: Map<number, number>;
  /** Joins: 200s per outing. */
  okPerOuting: Map<string, number>;
  /** Joins: 409 answers whose message is not 'Esta salida ya no tiene cupos.' */
  wrong409: number;
}

/** Runs `calls` with `inFlight` at a time (all at once when inFlight >= calls.length). */
async function run(calls: Array<{ key: string; call: () => ReturnType<typeof timedCall> }>, inFlight: number, expected: number): Promise<Outcome> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const okPerOuting = new Map<string, number>();
  let wrong409 = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(inFlight, calls.length) }, async () => {
      while (next < calls.length) {
        const { key, call } = calls[next++]!;
        const r = await call();
        latencies.push(r.ms);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === expected) okPerOuting.set(key, (okPerOuting.get(key) ?? 0) + 1);
        if (r.status === 409 && (r.body as { error?: { message?: string } })?.error?.message !== MSG.outingFull) wrong409++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rps: calls.length / seconds, p99: percentile(latencies, 0.99), bad: 0, statuses, okPerOuting, wrong409 };
}

function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/** Outings read back as the administrator that overbook or disagree with the 200s they answered. */
async function overbooked(t: Target, ids: string[], ok: Map<string, number>): Promise<string[]> {
  const wrong: string[] = [];
  for (const id of ids) {
    const o = await api<Outing>(t.base, 'GET', API.outing(id), { token: t.adminToken });
    const participants = o.participants?.length ?? -1;
    if (o.taken > o.spots || o.taken !== participants || o.taken !== (ok.get(id) ?? 0)) wrong.push(`${id}: spots ${o.spots}, taken ${o.taken}, participants ${participants}, 200s ${ok.get(id) ?? 0}`);
  }
  return wrong;
}

const describe = (o: Outcome) => [...o.statuses].map(([s, n]) => `${n}×${s}`).join(' ');

interface RoundFigures {
  hotJoin: Figures;
  hotReview: Figures;
  spreadJoin: Figures;
  spreadReview: Figures;
  overbooking: number;
}

/** One round on one target; throws on a wrong count. */
async function measureRound(t: Target): Promise<RoundFigures> {
  const r = await prepareRound(t);
  const problems: string[] = [];

  const hotJoin = await run(
    t.hikers.map((h) => ({ key: r.hotOuting, call: () => joinOuting(t, r.hotOuting, h) })),
    HIKERS,
    200,
  );
  if (hotJoin.statuses.get(200) !== HOT_SPOTS || hotJoin.statuses.get(409) !== HIKERS - HOT_SPOTS || hotJoin.wrong409) {
    problems.push(`hot joins: ${describe(hotJoin)} (${hotJoin.wrong409} other 409s), expected ${HOT_SPOTS}×200 ${HIKERS - HOT_SPOTS}×409`);
  }
  const hotPlace = r.places[OUTINGS]!;
  const hotReview = await run(
    t.hikers.map((h) => ({ key: hotPlace, call: () => review(t, hotPlace, h) })),
    HIKERS,
    201,
  );
  if (hotReview.statuses.get(201) !== HIKERS) problems.push(`hot reviews: ${describe(hotReview)}`);

  const joins = shuffle(r.outings.flatMap((id, i) => spreadHikers(t, i).map((h) => ({ key: id, call: () => joinOuting(t, id, h) }))));
  const spreadJoin = await run(joins, CONNECTIONS, 200);
  if (spreadJoin.statuses.get(200) !== OUTINGS * PER_OUTING) problems.push(`spread joins: ${describe(spreadJoin)}`);
  const reviews = shuffle(r.places.slice(0, OUTINGS).flatMap((id, i) => spreadHikers(t, i).map((h) => ({ key: id, call: () => review(t, id, h) }))));
  const spreadReview = await run(reviews, CONNECTIONS, 201);
  if (spreadReview.statuses.get(201) !== OUTINGS * PER_OUTING) problems.push(`spread reviews: ${describe(spreadReview)}`);

  const wrong = [...(await overbooked(t, [r.hotOuting], hotJoin.okPerOuting)), ...(await overbooked(t, r.outings, spreadJoin.okPerOuting))];
  problems.push(...wrong.map((w) => `overbooked or miscounted outing ${w}`));
  if (problems.length) throw new Error(`${t.name}:\n  ${problems.join('\n  ')}`);
  return { hotJoin, hotReview, spreadJoin, spreadReview, overbooking: wrong.length };
}

async function startTarget(name: 'pg' | 'lite'): Promise<Target> {
  const port = await freePort();
  let env: Record<string, string>;
  if (name === 'pg') {
    const db = await scratch.database();
    env = { DATABASE_URL: db.url, DATA_DIR: join(dataDir, 'pg'), STORAGE: 'local' };
  } else {
    env = { DATABASE_URL: '', DATA_DIR: join(dataDir, 'lite') };
  }
  const { base } = await startBuiltServer(port, ADMIN, env);
  const { token: adminToken } = await api<{ token: string }>(base, 'POST', API.adminLogin, { json: ADMIN });
  const started = Date.now();
  const hikers = await seedHikers(base, HIKERS, name);
  console.log(`${name}: ${HIKERS} hikers signed up, signed in and with a photo in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { name, base, adminToken, hikers };
}

async function main() {
  if (!existsSync(serverJs)) throw new Error(`${serverJs} is missing: run "npm run build -w apps/server" first (npm run bench:outings does).`);
  const targets: Target[] = [];
  for (const name of TARGETS) targets.push(await startTarget(name));

  for (const t of targets) await measureRound(t); // warm-up
  const results = new Map<string, RoundFigures[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = [];
    for (const t of targets) {
      const f = await measureRound(t);
      results.set(t.name, [...(results.get(t.name) ?? []), f]);
      line.push(
        `${t.name}: hot join ${f.hotJoin.rps.toFixed(0)} / review ${f.hotReview.rps.toFixed(0)}, spread join ${f.spreadJoin.rps.toFixed(0)} / review ${f.spreadReview.rps.toFixed(0)}`,
      );
    }
    console.log(`round ${round}: ${line.join('; ')} req/s`);
  }

  let ok = true;
  console.log(
    `\n== Outings: hot = ${HIKERS} at once on one outing of ${HOT_SPOTS} spots (and ${HIKERS} reviews at once on one place); ` +
      `spread = ${OUTINGS * PER_OUTING} joins over ${OUTINGS} outings (and as many reviews over ${OUTINGS} places), ${CONNECTIONS} in flight; ` +
      `${ROUNDS} rounds (median)`,
  );
  for (const t of targets) {
    const rs = results.get(t.name)!;
    const med = (pick: (r: RoundFigures) => Figures) => ({ rps: median(rs.map((r) => pick(r).rps)), p99: median(rs.map((r) => pick(r).p99)) });
    const db = t.name === 'pg' ? 'PostgreSQL' : 'PGlite';
    const hotJoin = med((r) => r.hotJoin);
    const hotReview = med((r) => r.hotReview);
    const spreadJoin = med((r) => r.spreadJoin);
    const spreadReview = med((r) => r.spreadReview);
    console.log(figureLine(`${db}: hot joins (50 × 200, 150 × 409)`, hotJoin));
    console.log(figureLine(`${db}: hot review creates (200 × 201)`, hotReview));
    console.log(figureLine(`${db}: spread joins (2,000 × 200)`, spreadJoin));
    console.log(figureLine(`${db}: spread review creates (2,000 × 201)`, spreadReview));
    const overbooking = rs.reduce((n, r) => n + r.overbooking, 0);
    console.log(`${`${db}: overbooked or miscounted outings`.padEnd(52)} ${overbooking}   (must be 0) -> ${overbooking === 0 ? 'OK' : 'FAILED'}`);
    ok &&= overbooking === 0;
    ok = budgetLine(`${db}: hot joins/s / review creates/s`, hotJoin.rps / hotReview.rps, BUDGET_HOT) && ok;
    ok = budgetLine(`${db}: spread joins/s / review creates/s`, spreadJoin.rps / spreadReview.rps, BUDGET_SPREAD) && ok;
  }
  if (!ok) process.exitCode = 1;
}

await runBench(main, scratch.cleanup);
