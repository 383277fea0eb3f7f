/**
 * `npm run bench:tracks` (docs/decisions/044-route-tracks.md): route track uploads against the built
 * server on PGlite.
 *
 * 1. One GPX of BENCH_TRACK_POINTS (100,000) points, about 5-6 MB, uploaded alone BENCH_ROUNDS (3)
 *    times: the time from sending to the answer, and the server's CPU time for it (user + system of the
 *    server process, its track worker thread included, from /proc).
 * 2. Readers: GET /api/place/{id} at 100 req/s from 4 connections for BENCH_TRACK_SECONDS (20), first
 *    with nothing else going on, then while four people upload such a file again and again. Budget: the
 *    readers' p99 during the uploads is at most twice their p99 without them.
 * 3. The detail with and without a track in a slowed Chromium: bench/tracks-web.ts, run after this file.
 *
 * Not in `npm test`; run it alone (under the machine's lock: `flock /tmp/browser.lock npm run bench:tracks`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { API, type Place, type TrackUploadResponse } from '@sendero/contract';
import { freePort } from '../apps/server/test/helpers/process.js';
import { api, benchAdmin, median, runBench, seedPlaces, startBuiltServer, stopChildren } from './helpers.js';

const POINTS = Number(process.env.BENCH_TRACK_POINTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_TRACK_SECONDS ?? 20);
const UPLOADERS = 4;

/** A GPX as a phone app writes it, without times: `n` points about 1.3 m apart (a second apart on foot) with their elevation. */
function gpx(n: number): Buffer {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Banco</name><trkseg>\n'];
  let lat = -9.0457;
  let lon = -77.6115;
  let heading = 0.3;
  for (let i = 0; i < n; i++) {
    heading += Math.sin(i / 37) * 0.08;
    lat += Math.cos(heading) * 0.000012;
    lon += Math.sin(heading) * 0.000012;
    const ele = 3900 + 700 * Math.sin((Math.PI * i) / n) + 3 * Math.sin(i / 5);
    parts.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${ele.toFixed(0)}</ele></trkpt>\n`);
  }
  parts.push('</trkseg></trk></gpx>\n');
  return Buffer.from(parts.join(''));
}

/** User + system CPU seconds of a process and all its threads so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function upload(base: string, token: string, placeId: string, file: Buffer): Promise<{ ms: number; body: TrackUploadResponse }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/gpx+xml' }), 'ruta.gpx');
  const started = performance.now();
  const res = await fetch(base + API.placeTrack(placeId), { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as TrackUploadResponse;
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

/** The uploaders, in a worker thread of their own (their multipart encoding stays off the readers' timer). */
const UPLOADER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, token, places, file, seconds } = workerData;
const end = Date.now() + seconds * 1000;
const tally = { ok: 0, other: 0, ms: [] };
Promise.all(places.map(async (placeId) => {
  while (Date.now() < end) {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'application/gpx+xml' }), 'ruta.gpx');
    const t0 = Date.now();
    let status = 0;
    try {
      const res = await fetch(base + '/api/place/' + placeId + '/track', { method: 'PUT', headers: { authorization: 'Bearer ' + token }, body: form });
      await res.arrayBuffer();
      status = res.status;
    } catch {}
    if (status === 200) { tally.ok++; tally.ms.push(Date.now() - t0); } else tally.other++;
  }
})).then(() => parentPort.postMessage(tally));
`;

async function readers(base: string, token: string, placeId: string): Promise<number> {
  const result = await autocannon({ url: base + API.place(placeId), headers: { authorization: `Bearer ${token}` }, connections: 4, overallRate: 100, duration: SECONDS });
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx + result.errors} failed reads`);
  return result.latency.p99;
}

const dataDir = mkdtempSync(join(tmpdir(), 'sendero-bench-tracks-'));

await runBench(
  async () => {
    const file = gpx(POINTS);
    console.log(`== Route tracks on PGlite: a GPX of ${POINTS.toLocaleString('en')} points, ${(file.length / 1024 / 1024).toFixed(1)} MB`);
    const admin = benchAdmin();
    const { base, run } = await startBuiltServer(await freePort(), admin, { DATA_DIR: dataDir });
    const pid = run.child.pid!;
    const { token } = await api<{ token: string }>(base, 'POST', API.adminLogin, { json: admin });
    const ids = await seedPlaces(base, token, 2 + UPLOADERS, { workers: 2 });
    const [readPlace, alonePlace, ...uploadPlaces] = ids as [string, string, ...string[]];
    await api<Place>(base, 'GET', API.place(readPlace), { token });

    // 1. Alone.
    const times: number[] = [];
    const cpus: number[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const cpu0 = cpuSeconds(pid);
      const { ms, body } = await upload(base, token, alonePlace, file);
      const cpu = cpuSeconds(pid) - cpu0;
      times.push(ms);
      cpus.push(cpu);
      console.log(`  upload ${r}: answered in ${(ms / 1000).toFixed(2)} s, server CPU ${cpu.toFixed(2)} s (${body.track.points} points, ${(body.track.distance_m / 1000).toFixed(1)} km, +${body.track.ascent_m} m)`);
    }
    console.log(`  median: upload-to-answer ${(median(times) / 1000).toFixed(2)} s, server CPU ${median(cpus).toFixed(2)} s per upload`);

    // 2. Readers without, then with, four uploaders.
    const quiet = await readers(base, token, readPlace);
    console.log(`  readers' p99 with no upload: ${quiet.toFixed(1)} ms`);
    const worker = new Worker(UPLOADER_SOURCE, { eval: true, workerData: { base, token, places: uploadPlaces, file: new Uint8Array(file), seconds: SECONDS } });
    const tally = new Promise<{ ok: number; other: number; ms: number[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await new Promise((ok) => setTimeout(ok, 500));
    const busy = await readers(base, token, readPlace);
    const t = await tally;
    await worker.terminate();
    console.log(`  readers' p99 during ${UPLOADERS} uploaders: ${busy.toFixed(1)} ms (${t.ok} uploads answered 200, median ${(median(t.ms) / 1000).toFixed(1)} s each; ${t.other} other)`);
    const ratio = busy / Math.max(quiet, 1);
    const pass = ratio <= 2 && t.other === 0;
    console.log(`  ${pass ? 'PASS' : 'FAIL'} readers' p99 ratio ${ratio.toFixed(2)} (budget <= 2)`);
    if (!pass) process.exitCode = 1;
  },
  async () => {
    stopChildren();
    await new Promise((ok) => setTimeout(ok, 300));
    rmSync(dataDir, { recursive: true, force: true });
  },
);
