/**
 * `npm run bench:api`, section `uploads` (docs/decisions/039-uploads-admitted-by-expected-wait.md): an
 * ordinary peak of uploads, this build beside a baseline build in the same run.
 *
 * Each build runs on PGlite on a DATA_DIR of its own. Per round, one build after the other (the order
 * alternates): BENCH_UPLOAD_USERS (24) people each send a phone photo (BENCH_UPLOAD_MP megapixels, 3 by
 * default, noise so that it costs what a real one does) again and again for BENCH_UPLOAD_SECONDS (30),
 * waiting the answer's Retry-After (1 s without one) after a 503 or 429 as the web app does, while other
 * users read GET /api/place/{id} at 100 req/s from 4 connections. Printed per build: photos stored per
 * minute, uploads refused (503), other answers, the readers' p99 during the uploads, and the median of the
 * rounds; the budget: this build stores at least as many photos a minute as the baseline, and its readers'
 * p99 is no worse than the baseline's by more than 20 % (or 5 ms).
 *
 * The baseline is the build in BENCH_BASELINE_DIR (a checkout with `npm ci` and `npm run build -w
 * apps/server` done, e.g. `git worktree add ../uploads-baseline 96b92f1`, the build of decision 36); without
 * it the section measures this build alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { API } from '@sendero/contract';
import { freePort } from '../apps/server/test/helpers/process.js';
import { api, benchAdmin, median, seedHikers, seedPlaces, serverJs, startBuiltServer } from './helpers.js';

const USERS = Number(process.env.BENCH_UPLOAD_USERS ?? 24);
const MEGAPIXELS = Number(process.env.BENCH_UPLOAD_MP ?? 3);
const SECONDS = Number(process.env.BENCH_UPLOAD_SECONDS ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR;

interface Build {
  name: string;
  base: string;
  readerToken: string;
  readPlace: string;
  tokens: string[];
}

interface Round {
  stored: number;
  refused: number;
  other: number;
  perMinute: number;
  /** From the first photo sent to the last one answered (sending stops after SECONDS; the queue then drains). */
  wallSeconds: number;
  p99: number;
}

async function photo(): Promise<Buffer> {
  const width = Math.round(Math.sqrt((MEGAPIXELS * 1_000_000 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).blur(1.2).jpeg({ quality: 85 }).toBuffer();
}

/** The uploaders, in a worker thread of their own (their multipart encoding stays off the readers' timer). */
const UPLOADER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, tokens, photo, seconds } = workerData;
const end = Date.now() + seconds * 1000;
const tally = { stored: 0, refused: 0, other: 0 };
Promise.all(tokens.map(async (token) => {
  while (Date.now() < end) {
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
    let status = 0;
    let retryAfter = 1;
    try {
      const res = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form });
      await res.arrayBuffer();
      status = res.status;
      retryAfter = Number(res.headers.get('retry-after')) || 1;
    } catch {}
    // Answers after the end still count: the photo was sent within it.
    if (status === 201) tally.stored++;
    else if (status === 503 || status === 429) tally.refused++;
    else tally.other++;
    if (status === 503 || status === 429) await new Promise((ok) => setTimeout(ok, Math.min(retryAfter, Math.max(0, end - Date.now()) / 1000) * 1000));
  }
})).then(() => parentPort.postMessage(tally));
`;

async function round(b: Build, image: Buffer): Promise<Round> {
  const started = performance.now();
  const worker = new Worker(UPLOADER_SOURCE, { eval: true, workerData: { url: b.base + API.upload('rating'), tokens: b.tokens, photo: image, seconds: SECONDS } });
  const tally = new Promise<{ stored: number; refused: number; other: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  // The readers start once the uploads are under way and stop before the last ones are answered.
  await new Promise((ok) => setTimeout(ok, 1000));
  const readers = await autocannon({
    url: b.base + API.place(b.readPlace),
    headers: { authorization: `Bearer ${b.readerToken}` },
    connections: 4,
    overallRate: 100,
    duration: Math.max(1, SECONDS - 2),
  });
  const t = await tally;
  const minutes = (performance.now() - started) / 60_000;
  await worker.terminate();
  if (readers.non2xx || readers.errors) throw new Error(`${b.name}: ${readers.non2xx + readers.errors} failed reads`);
  return { ...t, perMinute: t.stored / minutes, wallSeconds: minutes * 60, p99: readers.latency.p99 };
}

async function start(name: string, script: string, dirs: string[]): Promise<Build> {
  const admin = benchAdmin();
  const dataDir = mkdtempSync(join(tmpdir(), `sendero-bench-uploads-${name}-`));
  dirs.push(dataDir);
  const { base } = await startBuiltServer(await freePort(), admin, { DATA_DIR: dataDir }, script);
  const { token } = await api<{ token: string }>(base, 'POST', API.adminLogin, { json: admin });
  const [readPlace] = await seedPlaces(base, token, 20, { workers: 4 });
  const hikers = await seedHikers(base, USERS + 1, name);
  return { name, base, readerToken: hikers[0]!.token, readPlace: readPlace!, tokens: hikers.slice(1).map((h) => h.token) };
}

const line = (name: string, r: Round) =>
  `  ${name.padEnd(9)} ${r.perMinute.toFixed(1).padStart(6)} photos/min stored (${r.wallSeconds.toFixed(0)} s to the last answer), ${String(r.stored).padStart(4)} 201, ${String(r.refused).padStart(4)} refused (503/429), ${String(r.other).padStart(3)} other; readers' p99 ${r.p99.toFixed(1)} ms`;

export async function uploadsSection(): Promise<boolean> {
  const image = await photo();
  console.log(
    `\n== An upload peak on PGlite: ${USERS} people sending a ${MEGAPIXELS} MP photo (${(image.length / 1024 / 1024).toFixed(1)} MB) again and again for ${SECONDS} s (Retry-After honoured), readers at 100 req/s; ${ROUNDS} rounds`,
  );
  const dirs: string[] = [];
  try {
    const builds = [await start('this', serverJs, dirs)];
    if (BASELINE_DIR) builds.push(await start('baseline', join(BASELINE_DIR, 'apps/server/dist/server.js'), dirs));
    else console.log('  (no BENCH_BASELINE_DIR: this build alone)');
    const results = new Map<string, Round[]>(builds.map((b) => [b.name, []]));
    for (let r = 1; r <= ROUNDS; r++) {
      const order = r % 2 ? builds : [...builds].reverse();
      for (const b of order) {
        const result = await round(b, image);
        results.get(b.name)!.push(result);
        console.log(`  round ${r}:${line(b.name, result)}`);
      }
    }
    const med = (name: string): Round => {
      const rs = results.get(name)!;
      const m = (k: keyof Round) => median(rs.map((x) => x[k]));
      return { stored: m('stored'), refused: m('refused'), other: m('other'), perMinute: m('perMinute'), wallSeconds: m('wallSeconds'), p99: m('p99') };
    };
    console.log('  median of the rounds:');
    for (const b of builds) console.log(line(b.name, med(b.name)));
    const ours = med('this');
    if (ours.other > 0) console.log('  FAIL: uploads answered with neither 201 nor 503/429');
    if (!BASELINE_DIR) return ours.other === 0;
    const base = med('baseline');
    const morePhotos = ours.perMinute >= base.perMinute;
    const readers = ours.p99 <= Math.max(base.p99 * 1.2, base.p99 + 5);
    console.log(`  ${morePhotos ? 'PASS' : 'FAIL'} photos a minute: ${ours.perMinute.toFixed(1)} against ${base.perMinute.toFixed(1)} (>= the baseline)`);
    console.log(`  ${readers ? 'PASS' : 'FAIL'} readers' p99 during uploads: ${ours.p99.toFixed(1)} ms against ${base.p99.toFixed(1)} ms (no worse than the baseline by 20 % or 5 ms)`);
    return morePhotos && readers && ours.other === 0;
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
