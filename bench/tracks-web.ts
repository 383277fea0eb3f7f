/**
 * The second part of `npm run bench:tracks` (docs/decisions/044-route-tracks.md): what a track costs
 * the destination's detail on a slow phone. The built server and web app (production, no sample data),
 * Debian's Chromium with the CPU slowed BENCH_CPU (4) times (CDP Emulation.setCPUThrottlingRate), a
 * 390 px phone, signed in, a fresh profile (cold HTTP cache) per load, map tiles not fetched.
 *
 * One place with a trailhead, loaded BENCH_WEB_ROUNDS (5) times without a track and 5 times with one whose
 * line has 2,000 points and whose profile has 500 (the server's own limits), alternately (the track
 * removed and uploaded again between loads, so the machine's load falls on both alike), after one
 * unmeasured load of each. Measured from the navigation's start (performance.now() in the page) to:
 * - without a track: the detail painted (the title and '¿Cómo llegar?' laid out, at an animation frame);
 * - with it: the same, and the elevation profile's chart painted (its area's SVG path laid out with a
 *   width, at an animation frame), the section scrolled to as soon as the detail is painted (the chart
 *   is drawn when it is on the screen).
 * Budget: the median with the chart at most 1.3 times the median of the detail without a track.
 *
 *   npx tsx bench/tracks-web.ts   (after `npm run build`; under the machine's lock: flock /tmp/browser.lock)
 *
 * BENCH_CPU_PROFILE=<file prefix> writes a CPU profile of each measured load with the track
 * (<prefix>-<n>.cpuprofile, for Chrome's DevTools).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, type Browser } from '@playwright/test';
import { API, SESSION_STORAGE_KEY, TEXT, TRACK_TEXT, type Place, type Session, type Track, type TrackUploadResponse } from '@sendero/contract';
import { freePort } from '../apps/server/test/helpers/process.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/env.js';
import { api, benchAdmin, median, runBench, startBuiltServer, stopChildren, uploadPhoto } from './helpers.js';

const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 5);
const CPU = Number(process.env.BENCH_CPU ?? 4);
const BUDGET = 1.3;
const LINE_POINTS = 2000;
const PROFILE_POINTS = 500;
const TRAILHEAD = { lat: -9.0457, lon: -77.6115 };

/** A GPX of exactly `n` points (the line keeps them all at 2,000), about 6 m apart, a climb of 700 m and back. */
function gpx(n: number): Buffer {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n'];
  let { lat, lon } = TRAILHEAD;
  let heading = 0.4;
  for (let i = 0; i < n; i++) {
    heading += Math.sin(i / 23) * 0.12;
    lat += Math.cos(heading) * 0.000055;
    lon += Math.sin(heading) * 0.000055;
    const ele = 3900 + 700 * Math.sin((Math.PI * i) / n) + 4 * Math.sin(i / 3);
    parts.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${ele.toFixed(1)}</ele></trkpt>\n`);
  }
  parts.push('</trkseg></trk></gpx>\n');
  return Buffer.from(parts.join(''));
}

interface Load {
  detailMs: number;
  chartMs: number | null;
}

/** In the page, at each animation frame: when the detail (and, asked for, the profile's chart) is laid out. */
const DETAIL_PAINTED = ({ name, howToGet }: { name: string; howToGet: string }) => {
  const h1 = document.querySelector('main h1');
  const heading = Array.from(document.querySelectorAll('main h2')).find((h) => h.textContent === howToGet);
  return h1?.textContent === name && heading !== undefined && heading.getBoundingClientRect().height > 0 ? performance.now() : false;
};
const CHART_PAINTED = () => {
  const area = document.querySelector('[data-testid="elevation-profile"] svg path.MuiLineChart-area') as SVGPathElement | null;
  return area && area.getAttribute('d') && area.getBBox().width > 0 ? performance.now() : false;
};

async function load(browser: Browser, url: string, session: Session, place: Place, withTrack: boolean, profileFile?: string): Promise<Load> {
  const { defaultBrowserType: _b, ...phone } = devices['iPhone 13'];
  const context = await browser.newContext({ ...phone, locale: 'es-PE' });
  try {
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await context.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), { key: SESSION_STORAGE_KEY, value: JSON.stringify(session) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    if (profileFile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'commit' });
    const args = { name: place.name, howToGet: TEXT.detail.howToGet };
    const detail = page.waitForFunction(DETAIL_PAINTED, args, { polling: 'raf', timeout: 120_000 });
    const chart = withTrack ? page.waitForFunction(CHART_PAINTED, undefined, { polling: 'raf', timeout: 120_000 }) : null;
    const detailMs = (await (await detail).jsonValue()) as number;
    // The chart is drawn when its section is on the screen (features/places/components/track): the
    // hiker scrolls to it as soon as the detail shows.
    if (withTrack) {
      const section = page.getByRole('region', { name: TRACK_TEXT.title }).or(page.getByTestId('track-placeholder'));
      await section.first().scrollIntoViewIfNeeded({ timeout: 120_000 });
    }
    const chartMs = chart ? ((await (await chart).jsonValue()) as number) : null;
    if (profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    return { detailMs, chartMs };
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'sendero-bench-tracks-web-'));
let browser: Browser | undefined;

await runBench(
  async () => {
    console.log(`== The detail with and without a track: ${LINE_POINTS.toLocaleString('en')}-point line, ${PROFILE_POINTS}-point profile, CPU ${CPU}x, 390 px phone, median of ${ROUNDS}`);
    const admin = benchAdmin();
    const { base } = await startBuiltServer(await freePort(), admin, { DATA_DIR: dataDir });
    const { token } = await api<{ token: string }>(base, 'POST', API.adminLogin, { json: admin });
    const photo = await uploadPhoto(base, token, 'place');
    const created = await api<Place>(base, 'POST', API.placeCreate, {
      token,
      json: {
        name: 'Laguna del banco',
        city: 'Huaraz',
        difficulty: 'Media',
        capacity: 20,
        time: [4, 6],
        time_city: 2,
        photos: [photo],
        description: 'Un sendero entre cerros y lagunas, con vistas amplias del valle y de los nevados cercanos.',
        how_to_get: 'Bus desde la ciudad hasta el pueblo más cercano y luego a pie por el camino señalizado.',
        tips: 'Lleva agua, bloqueador, casaca impermeable y algo de comer. Sal temprano.',
        ...TRAILHEAD,
      },
    });
    const place = await api<Place>(base, 'PUT', API.placeVerified(created._id), { token });
    const creds = { email: 'bench.hiker@sendero.test', password: 'Clave-banco-1', firstname: 'Banco María', lastname: 'Quispe' };
    await api(base, 'POST', API.register, { json: creds });
    const session = await api<Session>(base, 'POST', API.login, { json: { email: creds.email, password: creds.password } });

    const file = gpx(LINE_POINTS);
    const putTrack = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type: 'application/gpx+xml' }), 'ruta.gpx');
      return api<TrackUploadResponse>(base, 'PUT', API.placeTrack(place._id), { token, form });
    };
    const removeTrack = () => api(base, 'DELETE', API.placeTrack(place._id), { token });
    await putTrack();
    const track = await api<Track>(base, 'GET', API.placeTrack(place._id), { token });
    const linePoints = track.line.reduce((n, s) => n + s.length, 0);
    console.log(`  the track as the detail gets it: a line of ${linePoints} points, a profile of ${track.profile.length} points`);
    if (linePoints !== LINE_POINTS || track.profile.length !== PROFILE_POINTS) throw new Error('the track is not the one to measure');

    const url = `${base}/buscar-destino/destino/${place._id}`;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    // One unmeasured load of each (the server's caches and JIT, the disk).
    await load(browser, url, session, place, true);
    await removeTrack();
    await load(browser, url, session, place, false);

    const without: number[] = [];
    const withTrack: Load[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const plain = await load(browser, url, session, place, false);
      await putTrack();
      const tracked = await load(browser, url, session, place, true, process.env.BENCH_CPU_PROFILE ? `${process.env.BENCH_CPU_PROFILE}-${r}.cpuprofile` : undefined);
      await removeTrack();
      without.push(plain.detailMs);
      withTrack.push(tracked);
      console.log(`  load ${r}: without a track, detail painted at ${plain.detailMs.toFixed(0)} ms; with it, detail at ${tracked.detailMs.toFixed(0)} ms, chart at ${tracked.chartMs!.toFixed(0)} ms`);
    }
    const base0 = median(without);
    const chart = median(withTrack.map((l) => l.chartMs!));
    const detailWith = median(withTrack.map((l) => l.detailMs));
    const ratio = chart / base0;
    console.log(`  median: detail without a track ${base0.toFixed(0)} ms; with the track, detail ${detailWith.toFixed(0)} ms and chart painted ${chart.toFixed(0)} ms`);
    const pass = ratio <= BUDGET;
    console.log(`  ${pass ? 'PASS' : 'FAIL'} chart painted / detail without a track: ${ratio.toFixed(2)} (budget <= ${BUDGET})`);
    if (!pass) process.exitCode = 1;
  },
  async () => {
    await browser?.close();
    stopChildren();
    await new Promise((ok) => setTimeout(ok, 300));
    rmSync(dataDir, { recursive: true, force: true });
  },
);
