/**
 * Budget 1 (docs/product.md#web-rules): the JavaScript the landing page downloads before it is interactive, as gzip.
 * Loads `/` from the built server in Chromium and records every script response: those received by
 * the `load` event, and those received until the network is idle (the lazy landing route included).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { LANDING_JS_BUDGET_KB } from '@sendero/contract';

/** The budget of docs/product.md#web-rules, also checked without a browser on every build (apps/web/scripts/check-budget.ts). */
export const LANDING_BUDGET_KB = LANDING_JS_BUDGET_KB;

export interface Script {
  url: string;
  rawBytes: number;
  gzipBytes: number;
  /** What travelled on the wire (the server's own compression), when Chromium reports it. */
  transferBytes: number;
  encoding: string;
}

export interface LandingResult {
  atLoad: Script[];
  atIdle: Script[];
  gzipKbAtLoad: number;
  gzipKbAtIdle: number;
  withinBudget: boolean;
}

const kb = (scripts: Script[]) => scripts.reduce((a, s) => a + s.gzipBytes, 0) / 1024;

export async function runLandingBench(baseUrl: string, executablePath: string, args: string[]): Promise<LandingResult> {
  const browser = await chromium.launch({ executablePath, args });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const pending: Promise<Script | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const isJs = type === 'script' || /javascript/.test(response.headers()['content-type'] ?? '');
      if (!isJs || response.status() !== 200) return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            url: new URL(response.url()).pathname,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            transferBytes: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          };
        })().catch(() => null),
      );
    });

    await page.goto(baseUrl + '/', { waitUntil: 'load' });
    const atLoad = (await Promise.all([...pending])).filter((s): s is Script => s !== null);
    await page.waitForLoadState('networkidle');
    const atIdle = (await Promise.all(pending)).filter((s): s is Script => s !== null);

    const gzipKbAtIdle = kb(atIdle);
    return { atLoad, atIdle, gzipKbAtLoad: kb(atLoad), gzipKbAtIdle, withinBudget: gzipKbAtIdle <= LANDING_BUDGET_KB };
  } finally {
    await browser.close();
  }
}
