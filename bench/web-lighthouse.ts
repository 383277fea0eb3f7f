/**
 * Budget 3 (issue 3): Lighthouse 12.8 (its default mobile profile with simulated throttling) on the
 * landing page served by the built server, in Debian's Chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const LIGHTHOUSE_BUDGETS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 90 } as const;
type Category = keyof typeof LIGHTHOUSE_BUDGETS;
const CATEGORIES = Object.keys(LIGHTHOUSE_BUDGETS) as Category[];

export interface LighthouseResult {
  scores: Record<Category, number>;
  /** Audits that cost points, per category, so a failing budget says what to fix. */
  losses: Record<Category, string[]>;
  withinBudget: boolean;
  /** Lighthouse's measure of this machine's CPU at the time (a loaded machine scores lower). */
  benchmarkIndex: number;
}

export async function runLighthouse(url: string, chromePath: string, flags: string[]): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...flags, '--headless=new'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
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
    return { scores, losses, withinBudget, benchmarkIndex: lhr.environment.benchmarkIndex };
  } finally {
    chrome.kill();
  }
}
