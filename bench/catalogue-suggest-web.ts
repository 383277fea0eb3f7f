/**
 * Part of `npm run bench:catalogue` (docs/product.md#did-you-mean): the browser's suggestion per
 * keystroke over an index of N places with realistic names, in Chromium at 4x CPU slowdown. The
 * contract's own code (filterIndex, suggestionWords, suggestionFor), bundled by esbuild, runs in the page
 * as the search screen runs it: the index's word list made once (the screen makes it while idle after
 * the index loads); each keystroke filters, and one that finds nothing also computes the suggestion.
 * Budget: 50 ms per keystroke.
 */
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from '@playwright/test';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface BrowserSuggestionFigures {
  places: number;
  words: number;
  /** Making the index's word list, once per load (the screen does it while idle, off the keystrokes). */
  firstEmptyMs: number;
  /** Every keystroke (filter, and the suggestion when empty): worst and median. */
  worstKeystrokeMs: number;
  medianKeystrokeMs: number;
  suggestions: Record<string, string | null>;
}

/** The typed texts, letter by letter. */
const TYPED = ['salcantay', 'choquekirao', 'laguna ausangati', 'qwxzvkt'];

export async function measureBrowserSuggestion(browser: Browser, places: number, cpuSlowdown = 4): Promise<BrowserSuggestionFigures> {
  const bundle = await build({
    stdin: {
      contents: "export { buildSearchIndex, filterIndex } from './search.js'; export { suggestionFor, suggestionWords } from './suggest.js';",
      resolveDir: resolve(root, 'packages/contract/src'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'contract',
    minify: true,
    write: false,
    target: 'es2022',
  });
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><title>bench</title>');
    // tsx keeps function names with a helper the page does not have (as catalogue.ts's KEEP_NAMES_SHIM).
    await page.addScriptTag({ content: `window.__name = (f) => f;\n${bundle.outputFiles[0]!.text}` });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    return await page.evaluate(
      ({ n, typed }) => {
        type Contract = {
          buildSearchIndex: (items: { name: string; city: string; difficulty: string }[]) => unknown;
          filterIndex: (index: unknown, filters: { name: string }) => unknown[];
          suggestionWords: (names: string[]) => unknown[];
          suggestionFor: (name: string, words: unknown[], finds: (n: string) => boolean) => string | null;
        };
        const c = (window as unknown as { contract: Contract }).contract;
        // The same realistic names as bench/catalogue-suggest.ts seeds on the server.
        const kinds = ['Laguna', 'Cerro', 'Cascada', 'Mirador', 'Nevado', 'Cañón', 'Bosque de piedras', 'Aguas termales', 'Quebrada', 'Camino inca', 'Valle', 'Abra', 'Ruinas de', 'Puente colgante', 'Catarata'];
        const famous = ['Salkantay', 'Choquequirao', 'Ausangate', 'Huascarán', 'Pastoruri', 'Huaytapallana', 'Marcahuasi', 'Llanganuco', 'Wilcacocha', 'Ñahuinpuquio', 'Kuélap', 'Sóndor'];
        const s = ['hua', 'cha', 'pa', 'qui', 'llu', 'ccoy', 'ta', 'ra', 'ma', 'pu', 'yan', 'co', 'ri', 'sa', 'nca', 'lla', 'ti', 'pam', 'ku', 'war', 'mi', 'yu', 'sha', 'que'];
        const e = ['', '', 'cocha', 'pampa', 'huasi', 'marca', 'bamba', 'puquio', 'yoc'];
        const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
        const items = Array.from({ length: n }, (_, k) => {
          const i = k + 1;
          const word = i % 49 === 7 ? famous[(i * 2654435761) % 12]! : cap(s[i % 24]! + s[Math.floor(i / 24) % 24]! + (i % 3 === 0 ? s[Math.floor(i / 576) % 24]! : '') + e[Math.floor(i / 7) % 9]!);
          return { name: `${kinds[i % 15]} ${word}`, city: 'Cusco', difficulty: 'Media' };
        });
        const index = c.buildSearchIndex(items);
        const t0 = performance.now();
        const words = c.suggestionWords(items.map((p) => p.name));
        const firstEmptyMs = performance.now() - t0;
        const wordCount = words.length;
        const times: number[] = [];
        const suggestions: Record<string, string | null> = {};
        for (const text of typed) {
          for (let i = 1; i <= text.length; i++) {
            const name = text.slice(0, i);
            const t = performance.now();
            const found = c.filterIndex(index, { name });
            let suggestion: string | null = null;
            if (found.length === 0) {
              suggestion = c.suggestionFor(name, words, (corrected) => c.filterIndex(index, { name: corrected }).length > 0);
            }
            const ms = performance.now() - t;
            times.push(ms);
            if (i === text.length) suggestions[text] = suggestion;
          }
        }
        const sorted = [...times].sort((a, b) => a - b);
        return {
          places: n,
          words: wordCount,
          firstEmptyMs,
          worstKeystrokeMs: sorted[sorted.length - 1]!,
          medianKeystrokeMs: sorted[Math.floor(sorted.length / 2)]!,
          suggestions,
        };
      },
      { n: places, typed: TYPED },
    );
  } finally {
    await page.close();
  }
}
