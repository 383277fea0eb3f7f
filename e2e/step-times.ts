import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/**
 * A Playwright reporter (E2E_STEP_TIMES=1, playwright.config.ts) that sums the time of the journeys'
 * top-level steps by kind (an action, an assertion, a navigation, a fixture) and prints the forty
 * largest at the end: where an e2e run's time goes, to know what to make faster.
 */
export default class StepTimes implements Reporter {
  private sums = new Map<string, { ms: number; n: number }>();
  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    if (step.parent && step.parent.category !== 'test.step' && step.parent.category !== 'hook' && step.parent.category !== 'fixture') return;
    let key = `${step.category}: ${step.title}`;
    key = key.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'").replace(/\/[^ ]*/g, '/…').slice(0, 90);
    if (step.category === 'pw:api') key = `${step.category}: ${step.title.split(/[ (]/)[0]}`;
    if (step.category === 'expect') key = `expect: ${step.title.replace(/^.*(to[A-Z]\w+|poll).*$/, '$1')}`;
    const s = this.sums.get(key) ?? { ms: 0, n: 0 };
    s.ms += step.duration;
    s.n += 1;
    this.sums.set(key, s);
  }
  onEnd(): void {
    const rows = [...this.sums.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40);
    for (const [k, s] of rows) console.log(`${(s.ms / 1000).toFixed(1).padStart(8)} s ${String(s.n).padStart(5)}  ${k}`);
  }
}
