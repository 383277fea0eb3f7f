import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterNaive } from './search.js';
import { SUGGEST_CASE_PLACES, SUGGEST_CASES } from './suggest-cases.js';
import { editDistanceWithin, placeNameWords, suggestionFor, suggestionWords, suggestQuery, wordTrigrams } from './suggest.js';

const visible = SUGGEST_CASE_PLACES.filter((p) => p.verified);
const words = suggestionWords(visible.map((p) => p.name));

/** Plain Levenshtein, the oracle of the banded one. */
function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length]![b.length]!;
}

describe('did you mean (docs/product.md#did-you-mean)', () => {
  it('follows the table of cases over the verified places, as the browser does over the index', () => {
    expect(SUGGEST_CASES.length).toBeGreaterThanOrEqual(30);
    for (const { filters, suggestion } of SUGGEST_CASES) {
      // Only asked when the typed search finds nothing (or a suggestion would be pointless).
      const found = filterNaive(visible, filters).length > 0;
      const got = found ? null : suggestionFor(filters.name, words, (name) => filterNaive(visible, { ...filters, name }).length > 0);
      expect(got, JSON.stringify(filters)).toBe(suggestion);
    }
  });

  it('cuts a name into its distinct words, normalised, with their spelling', () => {
    expect(placeNameWords('Cañón del Colca (ruta 2) cañon')).toEqual([
      { word: 'canon', display: 'Cañón' },
      { word: 'del', display: 'del' },
      { word: 'colca', display: 'Colca' },
      { word: 'ruta', display: 'ruta' },
      { word: '2', display: '2' },
    ]);
    expect(words.find((w) => w.word === 'chacas')).toEqual({ word: 'chacas', display: 'Chacas', places: 2 });
    expect(words.some((w) => w.word === 'pumasillo')).toBe(false);
  });

  it("counts trigrams as pg_trgm does: two spaces before the word, one after, each once", () => {
    expect([...wordTrigrams('colca')].sort()).toEqual(['  c', ' co', 'ca ', 'col', 'lca', 'olc']);
    expect(wordTrigrams('aaaa').size).toBe(4);
  });

  it('measures edits exactly up to the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 8 }), fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 8 }), (a, b) => {
        expect(editDistanceWithin(a, b, 2)).toBe(Math.min(levenshtein(a, b), 3));
      }),
    );
  });

  it('never fails on any text, and changes only the words it replaces', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (query) => {
        const got = suggestQuery(query, words);
        if (got !== null) expect(got.split(' ').length).toBe(query.trim().split(/\s+/).length);
      }),
    );
  });
});
