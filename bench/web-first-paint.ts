/**
 * `npm run bench:first-paint`: the first contentful paint of `/` on a weak phone network (400 kbps down
 * and up, 400 ms round trip, no cache), in Chromium against the built server, measured side by side:
 *   before: the page as it was, an empty <div id="root"> (the hero waits for the JavaScript);
 *   after:  the page as served now, with the hero as static HTML and CSS in index.html.
 * Both documents come through the same interception with the same simulated delay; every other
 * request (scripts, fonts, API) goes through Chromium's network throttling. Runs alternate.
 * Prints the median FCP of each and the ratio after/before. Not part of `npm test`.
 */
import { chromium, type Route } from '@playwright/test';
import { startBuiltServer } from './web-serve.js';
import { TEXT } from '@sendero/contract';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LATENCY_MS = 400;
const BYTES_PER_S = (400 * 1000) / 8;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The index.html of before this change: nothing inside #root. */
function withoutStaticMarkup(html: string): string {
  return html.replace(/<div id="root">[\s\S]*?<\/main>\s*<\/div>/, '<div id="root"></div>');
}

async function firstPaint(url: string, variant: 'before' | 'after'): Promise<{ fcp: number; heroAt: number }> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: BYTES_PER_S,
      uploadThroughput: BYTES_PER_S,
    });
    await page.route(
      (u) => u.pathname === '/',
      async (route: Route) => {
        const response = await route.fetch();
        const original = await response.text();
        const body = variant === 'before' ? withoutStaticMarkup(original) : original;
        // The document's own trip on the same network: one round trip plus its bytes (gzip ~1/3).
        await new Promise((r) => setTimeout(r, LATENCY_MS + ((body.length / 3) * 1000) / BYTES_PER_S));
        await route.fulfill({ response, body });
      },
    );
    await page.goto(url + '/', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: TEXT.landing.title }).waitFor({ state: 'visible', timeout: 120_000 });
    const heroAt = await page.evaluate(() => performance.now());
    const fcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const entry = performance.getEntriesByName('first-contentful-paint')[0];
          if (entry) return resolve(entry.startTime);
          new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({ type: 'paint', buffered: true });
        }),
    );
    return { fcp, heroAt };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 4000 + Math.floor(Math.random() * 2000)));
try {
  const results = { before: [] as { fcp: number; heroAt: number }[], after: [] as { fcp: number; heroAt: number }[] };
  for (let i = 0; i < RUNS; i += 1) {
    for (const variant of ['before', 'after'] as const) {
      const r = await firstPaint(server.url, variant);
      results[variant].push(r);
      console.log(`run ${i + 1} ${variant.padEnd(6)} FCP ${r.fcp.toFixed(0)} ms, hero visible by ${r.heroAt.toFixed(0)} ms`);
    }
  }
  const before = median(results.before.map((r) => r.fcp));
  const after = median(results.after.map((r) => r.fcp));
  console.log(`\nFCP of / at 400 kbps / 400 ms RTT, median of ${RUNS}:`);
  console.log(`  before (empty #root): ${before.toFixed(0)} ms`);
  console.log(`  after  (static hero): ${after.toFixed(0)} ms`);
  console.log(`  after/before = ${(after / before).toFixed(2)}`);
} finally {
  await server.stop();
}
