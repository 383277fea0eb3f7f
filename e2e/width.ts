import { expect, type Page } from '@playwright/test';

/**
 * The page is never wider than the screen (docs/product.md#web-rules), measured three ways because a
 * phone and a desktop browser show an overflow differently: on a desktop the document (or the body)
 * scrolls sideways; on a phone the browser zooms out to fit the wider page, so `innerWidth` (the
 * visual viewport) grows past the layout viewport while documentElement stays at the screen's width.
 * The allowance of 20 px is a desktop vertical scrollbar, which innerWidth counts and clientWidth does not.
 */
export interface Widths {
  path: string;
  screen: number;
  document: number;
  body: number;
  inner: number;
}

function measure(): Widths {
  const root = document.documentElement;
  return {
    path: location.pathname + location.search,
    screen: root.clientWidth,
    document: root.scrollWidth,
    body: document.body ? document.body.scrollWidth : 0,
    inner: window.innerWidth,
  };
}

export const overflows = (w: Widths) => w.document > w.screen || w.body > w.screen || w.inner - w.screen > 20;

/** Measures after the next two frames, so whatever the last action changed has been laid out. */
export async function pageWidths(page: Page): Promise<Widths> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  return page.evaluate(measure);
}

/** Fails when the page is wider than the screen now (`when` names the moment in the message). */
export async function expectNoHorizontalOverflow(page: Page, when = ''): Promise<void> {
  const w = await pageWidths(page);
  expect(overflows(w), `page wider than the screen ${when} on ${w.path}: ${JSON.stringify(w)}`).toBe(false);
}

/**
 * Watches every document a page loads, for the whole test: after any change to the DOM, a resize or
 * the end of a scroll, the widths are measured on the next frame and every overflow is reported to
 * the test. The `page` fixture fails the test on any report, so every screen of every journey, in
 * every project, is checked at load and after each dialog, menu and carousel page it opens.
 */
export async function watchWidth(page: Page): Promise<Widths[]> {
  const found: Widths[] = [];
  await page.exposeBinding('__senderoWidthReport', (_source, w: Widths) => {
    if (found.length < 20) found.push(w);
  });
  await page.addInitScript(`(${watcher.toString()})(${measure.toString()}, ${overflows.toString()})`);
  return found;
}

/* Runs in the page (serialized by addInitScript): keep it free of imports and closures. */
function watcher(measureFn: () => Widths, overflowsFn: (w: Widths) => boolean) {
  const report = (window as unknown as { __senderoWidthReport: (w: Widths) => void }).__senderoWidthReport;
  let frame = 0;
  let reported = '';
  const check = () => {
    frame = 0;
    if (!document.body) return;
    const w = measureFn();
    if (!overflowsFn(w)) return;
    const key = JSON.stringify(w);
    if (key === reported) return;
    reported = key;
    report(w);
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(check);
  };
  new MutationObserver(schedule).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  window.addEventListener('resize', schedule);
  window.addEventListener('scrollend', schedule, true);
  window.visualViewport?.addEventListener('resize', schedule);
}
