/**
 * Lighthouse 12.8 (its default mobile profile) on the pages of docs/decisions/037-lighthouse-median-of-five.md,
 * served by the built server, in Debian's Chromium: the landing, /ingresar, /registro, and signed in the
 * search screen and a destination's detail.
 *
 * Judged with APPLIED throttling (Lighthouse's `devtools` method: the CPU really slowed four times, the
 * network really shaped to slow 4G, 560 ms a request and 1.4 Mbit/s): performance >= 95 on every page,
 * and on the landing LCP < 2.5 s and total blocking time < 200 ms. Lighthouse's default, simulated
 * throttling, which on a loaded two-core machine swings 85-100 between runs of one build, is measured
 * too and printed beside, not judged.
 *
 * Each page is measured several times (BENCH_LIGHTHOUSE_RUNS, 5 by default), one browser each, and
 * judged on the run with the median performance score (Lighthouse's computeMedianRun picks by first
 * paint and time to interactive alone).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own driver library (a dependency of lighthouse ~12.8), to write the session before a run.
import puppeteer from 'puppeteer-core';
import type { Result as Lhr } from 'lighthouse';
import { WEB_BUILD } from '@sendero/contract';

export const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 90 } as const;
type Category = keyof typeof LIGHTHOUSE_BUDGETS;

/** `{place}` is a verified destination's id, read from the server's index. */
export const DETAIL_PATH = '/buscar-destino/destino/{place}';
/** The pages judged (docs/decisions/037-lighthouse-median-of-five.md); the last two signed in. */
export const LIGHTHOUSE_PATHS = ['/', '/ingresar', '/registro', '/buscar-destino', DETAIL_PATH] as const;
/** Pages behind the session guard: measured signed in. */
export const SIGNED_IN_PATHS: readonly string[] = ['/buscar-destino', DETAIL_PATH];

/** Every page: performance >= 95 with applied throttling (decision 037); the landing also LCP and TBT. */
export function lighthouseBudgets(_path: string): Record<Category, number> {
  return { ...LIGHTHOUSE_BUDGETS };
}
/** The landing's paint and blocking-time budgets (docs/product.md#web-rules), with applied throttling. */
export const LANDING_LCP_BUDGET_MS = 2500;
export const LANDING_TBT_BUDGET_MS = 200;
const CATEGORIES = Object.keys(LIGHTHOUSE_BUDGETS) as Category[];

export interface LighthouseResult {
  scores: Record<Category, number>;
  /** Audits that cost points, per category, so a failing budget says what to fix. */
  losses: Record<Category, string[]>;
  withinBudget: boolean;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
  /** The longest main-thread tasks of the simulated load, as Lighthouse attributes them (script URL or "Unattributable"). */
  longTasks: Array<{ url: string; startMs: number; durationMs: number }>;
  /** The element Lighthouse took as the largest paint (its selector and snippet), so a slow LCP says what to fix. */
  lcpElement: string;
  /** Lighthouse's measure of this machine's CPU at the time (a loaded machine scores lower). */
  benchmarkIndex: number;
  /** Every run's performance score and blocking time, in the order they ran (the result is the median run's). */
  runs: Array<{ performance: number; tbtMs: number; benchmarkIndex: number }>;
}

export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

/** Lighthouse's default `simulate` (the judged figure), or `devtools`: applied throttling. */
export type ThrottlingMethod = 'simulate' | 'devtools';

/** `runs` runs of the page, one browser each; the run with the median performance score is the result. */
export async function runLighthouse(
  url: string,
  chromePath: string,
  flags: string[],
  method: ThrottlingMethod = 'simulate',
  runs = LIGHTHOUSE_RUNS,
  session?: { key: string; value: string },
): Promise<LighthouseResult> {
  const lhrs: Lhr[] = [];
  for (let i = 0; i < runs; i++) lhrs.push(await runLighthouseRetried(url, chromePath, flags, method, session));
  const all = lhrs.map((lhr) => ({
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }));
  const byScore = lhrs.map((lhr, i) => ({ lhr, score: all[i]!.performance })).sort((a, b) => a.score - b.score);
  return { ...summarize(byScore[Math.floor((byScore.length - 1) / 2)]!.lhr), runs: all };
}

/** One run; a trace Chromium failed to record (NO_NAVSTART, NO_FCP on a loaded machine) is run again, once. */
async function runLighthouseRetried(url: string, chromePath: string, flags: string[], method: ThrottlingMethod, session?: { key: string; value: string }): Promise<Lhr> {
  try {
    return await runLighthouseOnce(url, chromePath, flags, method, session);
  } catch (e) {
    if (!(e instanceof TraceError)) throw e;
    console.warn(`   (${e.message}: running Lighthouse again)`);
    return runLighthouseOnce(url, chromePath, flags, method, session);
  }
}

/**
 * Signs the fresh browser in, as the app does after a login: the session in localStorage and the cookie that says so, written from
 * a page of the origin that loads nothing of the app (/api/health), so the HTTP cache stays empty.
 * Lighthouse then runs without its storage reset (which would erase the session); the browser is new.
 */
async function signIn(port: number, url: string, session: { key: string; value: string }): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(new URL('/api/health', url).href);
    // With the cookie the app keeps beside a stored session (apps/web/src/lib/session.ts), as after a login.
    await page.evaluate(
      ({ key, value, cookie }) => {
        window.localStorage.setItem(key, value);
        document.cookie = `${cookie}=${(JSON.parse(value) as { role: string }).role}; Path=/; SameSite=Lax`;
      },
      { ...session, cookie: WEB_BUILD.signedInCookie },
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

class TraceError extends Error {}

async function runLighthouseOnce(url: string, chromePath: string, flags: string[], method: ThrottlingMethod, session?: { key: string; value: string }): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...flags, '--headless=new'] });
  try {
    if (session) await signIn(chrome.port, url, session);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      throttlingMethod: method,
      ...(session ? { disableStorageReset: true } : {}),
    });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) {
      const message = `lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
      throw /^NO_(NAVSTART|FCP|TRACING_STARTED)/.test(lhr.runtimeError.code) ? new TraceError(message) : new Error(message);
    }
    return lhr;
  } finally {
    chrome.kill();
  }
}

function summarize(lhr: Lhr): Omit<LighthouseResult, 'runs'> {
  const scores = {} as Record<Category, number>;
  const losses = {} as Record<Category, string[]>;
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = Math.round((category?.score ?? 0) * 100);
    losses[id] = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit!.id} (${Math.round((audit!.score ?? 0) * 100)}${audit!.displayValue ? `, ${audit!.displayValue}` : ''})`);
  }
  const withinBudget = CATEGORIES.every((id) => scores[id] >= LIGHTHOUSE_BUDGETS[id]);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const metrics = { fcpMs: metric('first-contentful-paint'), lcpMs: metric('largest-contentful-paint'), tbtMs: metric('total-blocking-time'), cls: metric('cumulative-layout-shift') };
  const items = (lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; startTime?: number; duration?: number }> } | undefined)?.items ?? [];
  // The five longest, or with BENCH_LIGHTHOUSE_TASKS=n the n longest, in the order they ran.
  const shown = Number(process.env.BENCH_LIGHTHOUSE_TASKS ?? 5);
  const longest = items.slice(0, shown);
  if (shown > 5) longest.sort((a, b) => (a.startTime ?? 0) - (b.startTime ?? 0));
  const longTasks = longest.map((task) => ({ url: task.url ?? '', startMs: task.startTime ?? Number.NaN, durationMs: task.duration ?? Number.NaN }));
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { selector?: string; snippet?: string } }> }> } | undefined)?.items;
  const lcpNode = lcpItems?.[0]?.items?.[0]?.node;
  const lcpElement = lcpNode ? `${lcpNode.selector ?? ''} ${(lcpNode.snippet ?? '').slice(0, 160)}` : 'none';
  return { scores, losses, withinBudget, metrics, longTasks, lcpElement, benchmarkIndex: lhr.environment.benchmarkIndex };
}
