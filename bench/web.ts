/**
 * `npm run bench:web`: the web budgets of docs/product.md#web-rules and #saved, printed as figures against their budgets.
 * Not a test: it measures. Exit code 1 when a budget is missed, so a CI step can flag it.
 *   npm run bench:web                       build, then all three
 *   npm run bench:web -- --only search      one of: landing, search, planning, lighthouse (no build needed for search, planning)
 *   npm run bench:web -- --only lighthouse --path /ingresar   Lighthouse on that page only
 *   BENCH_BASELINE_DIR=<checkout of the build before, built> ...   the same Lighthouse table for that build, in the same run
 *   --no-simulated                          applied throttling alone (the judged figure)
 * Lighthouse is heavy: run it under `flock /tmp/browser.lock` on a shared machine; the load average is printed.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/env.js';
import { LANDING_BUDGET_KB, runLandingBench } from './web-landing.js';
import { loadavg } from 'node:os';
import { API, decodePlaceIndex, SESSION_STORAGE_KEY, type PlaceIndexWire, type Session } from '@sendero/contract';
import {
  LANDING_LCP_BUDGET_MS,
  LANDING_TBT_BUDGET_MS,
  LIGHTHOUSE_PATHS,
  LIGHTHOUSE_RUNS,
  SIGNED_IN_PATHS,
  lighthouseBudgets,
  runLighthouse,
  type LighthouseResult,
} from './web-lighthouse.js';
import { PLANNING_BUDGET_MS, PLANNING_MAX_RATIO, runPlanningBench } from './web-planning.js';
import { SEARCH_BUDGET_MS, runSearchBench } from './web-search.js';
import { startBuiltServer } from './web-serve.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3901);

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
const wants = (part: string) => !only || only === part;
const pathIndex = process.argv.indexOf('--path');
// --path /buscar-destino (or several, comma-separated; '/buscar-destino/destino/{place}' for the detail).
const lighthousePaths: readonly string[] = pathIndex >= 0 ? (process.argv[pathIndex + 1] ?? '/').split(',') : LIGHTHOUSE_PATHS;
const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER BUDGET');

let failed = false;

/** BENCH_BASELINE_DIR: a checkout of the build before the change, with `npm ci` and `npm run build` done there. */
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR;
/** --no-simulated: applied throttling alone (the judged figure), half the time. */
const simulated = !process.argv.includes('--no-simulated');

interface Row {
  build: 'ours' | 'baseline';
  path: string;
  applied: LighthouseResult;
  simulated?: LighthouseResult;
}
const rows: Row[] = [];

/** A member's session and a verified destination of the server's sample data, for the signed-in pages. */
async function memberAndPlace(url: string): Promise<{ session: { key: string; value: string }; placeId: string }> {
  const tag = Math.random().toString(36).slice(2, 10).replace(/[0-9]/g, 'x');
  const creds = { email: `bench.${tag}@sendero.test`, password: `Clave-${tag}-1`, firstname: 'Bench María', lastname: 'Quispe' };
  const post = (path: string, body: unknown) => fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const registered = await post(API.register, creds);
  if (registered.status !== 201) throw new Error(`register: HTTP ${registered.status} ${await registered.text()}`);
  const session = (await (await post(API.login, { email: creds.email, password: creds.password })).json()) as Session;
  const index = decodePlaceIndex((await (await fetch(url + API.placeIndex(1))).json()) as PlaceIndexWire);
  if (!index[0]) throw new Error('the sample data has no verified destination');
  return { session: { key: SESSION_STORAGE_KEY, value: JSON.stringify({ token: session.token, _id: session._id, role: session.role }) }, placeId: index[0]._id };
}

/** Every page of LIGHTHOUSE_PATHS on `url` with applied throttling (judged for 'ours') and, beside it, simulated. */
async function lighthouseTable(build: Row['build'], url: string): Promise<Row[]> {
  const { session, placeId } = await memberAndPlace(url);
  const out: Row[] = [];
  for (const pattern of lighthousePaths) {
    const path = pattern.replace('{place}', placeId);
    const signedIn = SIGNED_IN_PATHS.includes(pattern) ? session : undefined;
    const applied = await runLighthouse(`${url}${path}`, CHROMIUM_PATH, CHROMIUM_ARGS, 'devtools', LIGHTHOUSE_RUNS, signedIn);
    const sim = simulated ? await runLighthouse(`${url}${path}`, CHROMIUM_PATH, CHROMIUM_ARGS, 'simulate', LIGHTHOUSE_RUNS, signedIn) : undefined;
    const row: Row = { build, path: pattern, applied, simulated: sim };
    out.push(row);
    console.log(`\n== Lighthouse 12.8 (${build}) on ${url}${path}${signedIn ? ' signed in' : ''}, mobile, median of ${applied.runs.length} runs, load ${loadavg()[0]!.toFixed(1)}`);
    console.log(`   applied (CPU 4x, slow 4G): every run ${applied.runs.map((run) => run.performance).join(', ')}; TBT ${applied.runs.map((run) => run.tbtMs.toFixed(0)).join(', ')} ms`);
    console.log(`   FCP ${applied.metrics.fcpMs.toFixed(0)} ms, LCP ${applied.metrics.lcpMs.toFixed(0)} ms, TBT ${applied.metrics.tbtMs.toFixed(0)} ms, CLS ${applied.metrics.cls.toFixed(3)}`);
    if (sim) console.log(`   simulated (not judged): every run ${sim.runs.map((run) => run.performance).join(', ')}; CPU index ${sim.runs.map((run) => run.benchmarkIndex.toFixed(0)).join(', ')}`);
    if (build !== 'ours') continue;
    const budgets = lighthouseBudgets(path);
    for (const [id, budget] of Object.entries(budgets) as [keyof typeof budgets, number][]) {
      const ok = applied.scores[id] >= budget;
      failed ||= !ok;
      console.log(`   ${id.padEnd(15)} ${String(applied.scores[id]).padStart(3)}  (budget >= ${budget}) ${verdict(ok)}`);
      if (applied.losses[id].length) console.log(`      points lost on: ${applied.losses[id].join(', ')}`);
      if (id === 'performance') console.log(`      largest paint: ${applied.lcpElement}`);
      if (id === 'performance' && applied.longTasks.length) {
        console.log(`      longest tasks: ${applied.longTasks.map((t) => `${t.durationMs.toFixed(0)} ms at ${t.startMs.toFixed(0)} ms (${t.url.replace(url, '')})`).join(', ')}`);
      }
    }
    if (path === '/') {
      const lcpOk = applied.metrics.lcpMs < LANDING_LCP_BUDGET_MS;
      const tbtOk = applied.metrics.tbtMs < LANDING_TBT_BUDGET_MS;
      failed ||= !lcpOk || !tbtOk;
      console.log(`   landing LCP ${applied.metrics.lcpMs.toFixed(0)} ms (budget < ${LANDING_LCP_BUDGET_MS}) ${verdict(lcpOk)}; TBT ${applied.metrics.tbtMs.toFixed(0)} ms (budget < ${LANDING_TBT_BUDGET_MS}) ${verdict(tbtOk)}`);
    }
  }
  return out;
}

/** One line per page: this build beside the baseline, applied throttling (judged) then simulated (not). */
function printTable(all: Row[]): void {
  const cell = (r: Row | undefined) => (r ? `${String(r.applied.scores.performance).padStart(3)} ${(r.applied.metrics.lcpMs / 1000).toFixed(1).padStart(5)} s ${r.applied.metrics.tbtMs.toFixed(0).padStart(5)} ms` : '      -            ');
  const sim = (r: Row | undefined) => (r?.simulated ? String(r.simulated.scores.performance).padStart(3) : '  -');
  console.log(`\n== Lighthouse mobile, median of ${LIGHTHOUSE_RUNS}; applied throttling (CPU 4x, slow 4G) judged: performance, LCP, TBT; simulated printed beside, not judged. Load now ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`   ${'page'.padEnd(34)} ${'ours (applied)'.padEnd(22)} ${'baseline (applied)'.padEnd(22)} sim ours / base`);
  for (const path of [...new Set(all.map((r) => r.path))]) {
    const ours = all.find((r) => r.build === 'ours' && r.path === path);
    const base = all.find((r) => r.build === 'baseline' && r.path === path);
    console.log(`   ${path.padEnd(34)} ${cell(ours).padEnd(22)} ${cell(base).padEnd(22)} ${sim(ours)} / ${sim(base)}`);
  }
}

if (wants('search')) {
  const r = runSearchBench();
  console.log(`\n== Search filtering: ${r.places} places, ${r.keystrokes} simulated keystrokes`);
  console.log(`   index built once:        ${r.buildIndexMs.toFixed(1)} ms`);
  console.log(`   filterIndex per keystroke: mean ${r.indexed.meanMs.toFixed(3)} ms, p95 ${r.indexed.p95Ms.toFixed(3)} ms, max ${r.indexed.maxMs.toFixed(3)} ms`);
  console.log(`   filterNaive per keystroke: mean ${r.naive.meanMs.toFixed(3)} ms, p95 ${r.naive.p95Ms.toFixed(3)} ms, max ${r.naive.maxMs.toFixed(3)} ms`);
  console.log(`   naive / indexed: ${r.ratio.toFixed(1)}x`);
  console.log(`   budget: mean <= ${SEARCH_BUDGET_MS} ms per keystroke (filterIndex) -> ${verdict(r.withinBudget)}`);
  failed ||= !r.withinBudget;
}

if (wants('planning')) {
  const r = runPlanningBench();
  console.log(`\n== Planning: ${r.places} places, ${r.keystrokes} filter changes with every filter on, 'Más cerca de mí' order`);
  console.log(`   'Más cerca de mí' order, once per position: ${r.nearOrderMs.toFixed(1)} ms`);
  console.log(`   all filters + near, per change: mean ${r.full.meanMs.toFixed(3)} ms, p95 ${r.full.p95Ms.toFixed(3)} ms, max ${r.full.maxMs.toFixed(3)} ms`);
  console.log(`   name filter alone, per change:  mean ${r.nameOnly.meanMs.toFixed(3)} ms, p95 ${r.nameOnly.p95Ms.toFixed(3)} ms, max ${r.nameOnly.maxMs.toFixed(3)} ms`);
  console.log(`   all / name alone: ${r.ratio.toFixed(2)}x`);
  console.log(`   budget: <= ${PLANNING_MAX_RATIO}x the name filter and mean <= ${PLANNING_BUDGET_MS} ms -> ${verdict(r.withinBudget)}`);
  failed ||= !r.withinBudget;
}

if (wants('landing') || wants('lighthouse')) {
  for (const file of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
    if (!existsSync(resolve(root, file))) {
      console.error(`${file} is missing: run "npm run build" first (npm run bench:web does).`);
      process.exit(1);
    }
  }
  const server = await startBuiltServer(PORT);
  try {
    if (wants('landing')) {
      const r = await runLandingBench(server.url, CHROMIUM_PATH, CHROMIUM_ARGS);
      console.log(`\n== Landing JavaScript (${server.url}/ in Chromium, gzip -9 of each script body)`);
      for (const s of r.atIdle) {
        const late = r.atLoad.some((l) => l.url === s.url) ? '' : '  (after load)';
        console.log(
          `   ${(s.gzipBytes / 1024).toFixed(1).padStart(6)} KB gzip  ${(s.rawBytes / 1024).toFixed(1).padStart(7)} KB raw  ` +
            `${(s.transferBytes / 1024).toFixed(1).padStart(6)} KB sent (${s.encoding})  ${s.url}${late}`,
        );
      }
      console.log(`   until load:         ${r.gzipKbAtLoad.toFixed(1)} KB gzip in ${r.atLoad.length} scripts`);
      console.log(`   until network idle: ${r.gzipKbAtIdle.toFixed(1)} KB gzip in ${r.atIdle.length} scripts`);
      console.log(`   budget: <= ${LANDING_BUDGET_KB} KB gzip (until network idle) -> ${verdict(r.withinBudget)}`);
      failed ||= !r.withinBudget;
    }
    if (wants('lighthouse')) rows.push(...(await lighthouseTable('ours', server.url)));
  } finally {
    await server.stop();
  }
}

if (wants('lighthouse') && BASELINE_DIR) {
  // The build before the change, served the same way, measured in the same run (docs/decisions/037-lighthouse-median-of-five.md).
  const baseline = await startBuiltServer(PORT + 1, resolve(BASELINE_DIR));
  try {
    rows.push(...(await lighthouseTable('baseline', baseline.url)));
  } finally {
    await baseline.stop();
  }
}
if (rows.length) printTable(rows);

if (failed) process.exitCode = 1;
