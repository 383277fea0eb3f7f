/**
 * Where the time of the search screen and a destination's detail goes, on a slowed phone: the built
 * server with sample data, Chromium with the CPU slowed 4x and the network shaped to Lighthouse's slow 4G
 * (CDP Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions), signed in. Prints, per page:
 * when the first card (or the detail's title) and its photo painted, LCP, the long tasks, the request
 * waterfall (start, end, size), and the CPU profile's self time by script and by function until then.
 * For the search screen also what each keystroke in the name field costs (Event Timing durations).
 *
 *   npx tsx bench/profile-screens.ts [--root <checkout with a build>] [--pages search,detail] [--runs N] [--keys]
 *     [--settle <ms after the network is idle, 1500>] [--profile-out <prefix of .cpuprofile files>]
 *
 * Not a test, not judged: a diagnostic for docs/decisions/037-lighthouse-median-of-five.md's pages.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request, type CDPSession, type Page } from '@playwright/test';
import { API, SESSION_STORAGE_KEY, WEB_BUILD, decodePlaceIndex, type PlaceIndexWire, type Session } from '@sendero/contract';
import { spawnNode, waitForUrl } from '../apps/server/test/helpers/process.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/env.js';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback?: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const root = resolve(arg('root', here)!);
const port = Number(arg('port', process.env.E2E_PORT ?? '3950'));
const pages = (arg('pages', 'search,detail') ?? '').split(',');
const runs = Number(arg('runs', '1'));
const keys = process.argv.includes('--keys');
const cpu = Number(arg('cpu', '4'));
const profileOut = arg('profile-out');
/** How long the recording goes on once the network is idle: the renders of the last answers. */
const settleMs = Number(arg('settle', '1500'));

/** Lighthouse's mobile slow 4G as its `devtools` method applies it (constants.throttling.mobileSlow4G). */
const SLOW_4G = { latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };

const server = spawnNode(['--import', 'tsx', 'e2e/web-server.ts'], {
  cwd: root,
  env: { ...process.env, E2E_PORT: String(port), E2E_DATA_PREFIX: '/tmp/e-profile-' },
});
const base = `http://127.0.0.1:${port}`;

interface Req {
  url: string;
  start: number;
  end?: number;
  bytes: number;
  type?: string;
}

try {
  await waitForUrl(`${base}/api/health`, server, 180_000);
  const api = await request.newContext({ baseURL: base });
  const tag = Math.random().toString(36).slice(2, 10).replace(/[0-9]/g, 'x');
  const creds = { email: `prof.${tag}@sendero.test`, password: `Clave-${tag}-1`, firstname: 'Prof María', lastname: 'Quispe' };
  const reg = await api.post(API.register, { data: creds });
  if (reg.status() !== 201) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
  const session = (await (await api.post(API.login, { data: { email: creds.email, password: creds.password } })).json()) as Session;
  const index = decodePlaceIndex((await (await api.get(API.placeIndex())).json()) as PlaceIndexWire);
  console.log(`catalogue: ${index.length} places; root ${root}`);
  const placeId = index[0]!._id;
  const targets: Record<string, string> = { search: '/buscar-destino', detail: `/buscar-destino/destino/${placeId}`, landing: '/', login: '/ingresar' };

  for (const name of pages) {
    for (let run = 0; run < runs; run++) await profile(name, targets[name]!, session, run);
  }
} finally {
  await server.stop();
}

async function profile(name: string, path: string, session: Session, run: number): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await context.addInitScript(
      ({ key, value }) => {
        window.localStorage.setItem(key, value);
        const w = window as unknown as { __lcp: number[]; __long: Array<[number, number]>; __events: Array<[string, number, number]> };
        w.__lcp = [];
        w.__long = [];
        w.__events = [];
        new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__lcp.push(e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__long.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((l) =>
          l.getEntries().forEach((e) => w.__events.push([e.name, e.duration, (e as PerformanceEventTiming).processingEnd - (e as PerformanceEventTiming).processingStart])),
        ).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      },
      { key: SESSION_STORAGE_KEY, value: JSON.stringify(session) },
    );
    // The cookie the app keeps beside a stored session (apps/web/src/lib/session.ts), as after a login.
    await context.addCookies([{ name: WEB_BUILD.signedInCookie, value: session.role, url: `http://127.0.0.1:${port}` }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const reqs = new Map<string, Req>();
    let t0 = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!t0) t0 = e.timestamp;
      reqs.set(e.requestId, { url: e.request.url, start: (e.timestamp - t0) * 1000, bytes: 0, type: e.type });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = reqs.get(e.requestId);
      if (r) {
        r.end = (e.timestamp - t0) * 1000;
        r.bytes = e.encodedDataLength;
      }
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    await page.goto(base + path, { waitUntil: 'commit' });
    const marker = name === 'search' ? page.locator('article img').first() : name === 'detail' ? page.locator('main h1').first() : page.locator('h1').first();
    await marker.waitFor({ state: 'visible', timeout: 120_000 });
    const markerAt = await page.evaluate(() => performance.now());
    // The first photo decoded and shown.
    const photoAt = await page
      .evaluate(async () => {
        const img = document.querySelector('main img') as HTMLImageElement | null;
        if (!img) return null;
        if (!img.complete) await new Promise((r) => img.addEventListener('load', r, { once: true }));
        return performance.now();
      })
      .catch(() => null);
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    await page.waitForTimeout(settleMs);
    const { profile } = await cdp.send('Profiler.stop');
    if (profileOut) writeFileSync(`${profileOut}-${name}-${run}.cpuprofile`, JSON.stringify(profile));
    // Where each section starts, in screens of this phone: what a part made "as it nears the screen" waits for.
    const sections = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main h2, [data-testid="track-placeholder"]')).map((el) => [el.textContent?.slice(0, 30) || el.getAttribute('data-testid'), Math.round(el.getBoundingClientRect().top + window.scrollY)] as const),
    );
    console.log(`  sections (top, px; the screen is ${page.viewportSize()?.height} px): ${sections.map(([t, y]) => `${t} ${y}`).join(' · ')}`);
    const perf = (await page.evaluate(() => {
      const w = window as unknown as { __lcp: number[]; __long: Array<[number, number]> };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      return { lcp: w.__lcp.at(-1) ?? null, long: w.__long, fcp, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
    })) as { lcp: number | null; long: Array<[number, number]>; fcp: number | null; dcl: number; load: number };
    const tbt = perf.long.filter(([s]) => perf.fcp === null || s >= perf.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
    const list = [...reqs.values()].sort((a, b) => a.start - b.start);
    const scripts = list.filter((r) => r.type === 'Script');
    console.log(`\n=== ${name} ${path} run ${run + 1} (CPU ${cpu}x, slow 4G)`);
    console.log(
      `  FCP ${perf.fcp?.toFixed(0)} ms, marker visible ${markerAt.toFixed(0)} ms, first photo ${photoAt?.toFixed(0) ?? '-'} ms, LCP ${perf.lcp?.toFixed(0)} ms, DCL ${perf.dcl.toFixed(0)}, load ${perf.load.toFixed(0)}, TBT(after FCP) ${tbt.toFixed(0)} ms`,
    );
    console.log(`  long tasks: ${perf.long.map(([s, d]) => `${d.toFixed(0)}@${s.toFixed(0)}`).join(' ')}`);
    console.log(`  ${scripts.length} scripts, ${(scripts.reduce((s, r) => s + r.bytes, 0) / 1024).toFixed(1)} KB sent; ${list.length} requests`);
    for (const r of list) {
      const u = r.url.replace(base, '');
      console.log(`   ${r.start.toFixed(0).padStart(6)} → ${(r.end ?? Number.NaN).toFixed(0).padStart(6)} ms ${(r.bytes / 1024).toFixed(1).padStart(6)} KB ${(r.type ?? '').padEnd(10)} ${u.length > 90 ? u.slice(0, 90) + '…' : u}`);
    }
    summarizeProfile(profile, markerAt);
    if (keys && name === 'search') await keystrokes(page, cdp);
  } finally {
    await browser.close();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** Self time by script and by function, over the whole recording and up to `untilMs` (page time). */
function summarizeProfile(profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[]; timeDeltas?: number[] }, untilMs: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const byUrl = new Map<string, number>();
  const byFn = new Map<string, number>();
  let t = 0;
  let busy = 0;
  // The profile's clock is not the page's; count the first `untilMs` of non-idle samples' span.
  let first = -1;
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0;
    const node = byId.get(samples[i]!)!;
    const fn = node.callFrame.functionName || '(anonymous)';
    if (fn === '(idle)' || fn === '(program)') continue;
    if (first < 0) first = t;
    const dt = (deltas[i + 1] ?? 0) / 1000;
    busy += dt;
    const url = node.callFrame.url.replace(/^https?:\/\/[^/]+/, '') || fn;
    byUrl.set(url, (byUrl.get(url) ?? 0) + dt);
    const key = `${fn} ${url}:${node.callFrame.lineNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + dt);
  }
  const top = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`  CPU profile: ${busy.toFixed(0)} ms of script/GC in the whole recording (marker at ${untilMs.toFixed(0)} ms)`);
  console.log('  self time by script:');
  for (const [u, ms] of top(byUrl, 14)) console.log(`   ${ms.toFixed(0).padStart(6)} ms  ${u}`);
  console.log('  self time by function:');
  for (const [f, ms] of top(byFn, 25)) console.log(`   ${ms.toFixed(0).padStart(6)} ms  ${f.length > 120 ? f.slice(0, 120) + '…' : f}`);
}

/** Types a name letter by letter at the throttled CPU; prints each keystroke's Event Timing durations. */
async function keystrokes(page: Page, cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const field = page.getByRole('searchbox').first().or(page.getByRole('textbox').first()).first();
  await field.click();
  await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events.length = 0));
  for (const ch of 'laguna') {
    await page.keyboard.type(ch);
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(800);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(800);
  const events = (await page.evaluate(() => (window as unknown as { __events: Array<[string, number, number]> }).__events)) as Array<[string, number, number]>;
  const keyish = events.filter(([n]) => /key|input|beforeinput/.test(n));
  console.log(`  keystrokes (Event Timing ≥16 ms, duration/processing): ${keyish.map(([n, d, p]) => `${n} ${d.toFixed(0)}/${p.toFixed(0)}`).join(', ') || 'none ≥ 16 ms'}`);
  const perKey = keyish.filter(([n]) => n === 'keydown' || n === 'keyup' || n === 'keypress');
  if (perKey.length) console.log(`  max ${Math.max(...perKey.map(([, d]) => d)).toFixed(0)} ms over ${perKey.length} key events`);
}
