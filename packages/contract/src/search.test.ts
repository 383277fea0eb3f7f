import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, filterIndex, filterNaive } from './search.js';
import { SEARCH_CASE_PLACES, SEARCH_CASES } from './search-cases.js';
import { firstWord, formatDistance, formatWalkingTime, normalize, shortName } from './text.js';
import { LANDING_CAROUSEL_BREAKPOINTS, SEARCH_CAROUSEL_BREAKPOINTS, slidesForWidth } from './constants.js';

const places = [
  { name: 'Laguna Humantay', city: 'Cusco', difficulty: 'Exigente' },
  { name: 'Lomas de Lachay', city: 'Lima', difficulty: 'Fácil' },
  { name: 'Nevado Pastoruri', city: 'Huaraz', difficulty: 'Media' },
  { name: 'Cañón de Autisha', city: 'Lima', difficulty: 'Difícil' },
  { name: 'Bosque de Zárate', city: 'Limatambo', difficulty: 'Media' },
];
const names = (filters: Parameters<typeof filterIndex>[1]) => filterIndex(buildSearchIndex(places), filters).map((p) => p.name);

describe('searching destinations (docs/product.md#search)', () => {
  it('as a visitor with no filter I see every destination', () => {
    expect(names({})).toHaveLength(5);
    expect(names({ name: '   ', city: '', difficulty: '' })).toHaveLength(5);
  });

  it('matches a name when any of its words starts with the typed text, ignoring accents and case', () => {
    expect(names({ name: 'lach' })).toEqual(['Lomas de Lachay']);
    expect(names({ name: 'CANON' })).toEqual(['Cañón de Autisha']);
    expect(names({ name: 'zara' })).toEqual(['Bosque de Zárate']);
    expect(names({ name: 'de' })).toEqual(['Lomas de Lachay', 'Cañón de Autisha', 'Bosque de Zárate']);
  });

  it('does not match a name in the middle of a word', () => {
    expect(names({ name: 'guna' })).toEqual([]);
    expect(names({ name: 'ruri' })).toEqual([]);
  });

  it('matches a typed text that spans words', () => {
    expect(names({ name: 'laguna hum' })).toEqual(['Laguna Humantay']);
    expect(names({ name: 'de lac' })).toEqual(['Lomas de Lachay']);
  });

  it('matches a city that starts with the typed text', () => {
    expect(names({ city: 'lima' })).toEqual(['Lomas de Lachay', 'Cañón de Autisha', 'Bosque de Zárate']);
    expect(names({ city: 'HUA' })).toEqual(['Nevado Pastoruri']);
    expect(names({ city: 'ima' })).toEqual([]);
  });

  it('matches the unaccented dropdown value against the accented difficulty', () => {
    expect(names({ difficulty: 'Facil' })).toEqual(['Lomas de Lachay']);
    expect(names({ difficulty: 'Dificil' })).toEqual(['Cañón de Autisha']);
    expect(names({ difficulty: 'Media' })).toEqual(['Nevado Pastoruri', 'Bosque de Zárate']);
  });

  it('combines the three filters', () => {
    expect(names({ city: 'lima', difficulty: 'Media' })).toEqual(['Bosque de Zárate']);
    expect(names({ name: 'lomas', city: 'cusco' })).toEqual([]);
  });

  it('follows the shared table of cases (the server search is checked against the same table)', () => {
    const index = buildSearchIndex(SEARCH_CASE_PLACES);
    for (const { filters, names } of SEARCH_CASES) {
      expect(filterIndex(index, filters).map((p) => p.name), JSON.stringify(filters)).toEqual(names);
    }
  });

  it('gives the same answer as the independently written naive filter, for any places and filters', () => {
    // Small alphabets (accents, case, spaces) so that random names and typed texts often match.
    const text = fc.string({ unit: fc.constantFrom('a', 'á', 'A', 'n', 'ñ', 'e', 'É', ' ', 'l', 'u'), maxLength: 12 });
    const place = fc.record({ name: text, city: text, difficulty: fc.constantFrom('Fácil', 'Media', 'Difícil', 'Exigente') });
    const filters = fc.record(
      { name: text, city: text, difficulty: fc.constantFrom('', 'Facil', 'Media', 'Dificil', 'Exigente') },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(place, { maxLength: 20 }), filters, (items, f) => {
        expect(filterIndex(buildSearchIndex(items), f)).toEqual(filterNaive(items, f));
      }),
      { numRuns: 500 },
    );
    // And on the fixed examples above.
    for (const f of [{ name: 'la' }, { city: 'li' }, { difficulty: 'media' }, { name: 'de', city: 'lima' }, { name: 'de lac' }]) {
      expect(filterNaive(places, f)).toEqual(filterIndex(buildSearchIndex(places), f));
    }
  });
});

describe('texts', () => {
  it('normalises accents, case and surrounding spaces', () => {
    expect(normalize('  Cañón DIFÍCIL ')).toBe('canon dificil');
  });
  it('takes the first word of a name and the short author name', () => {
    expect(firstWord('  Ana María ')).toBe('Ana');
    expect(firstWord('')).toBe('');
    expect(shortName('Ana María', 'Pérez Soto')).toBe('Ana Pérez');
  });
  it('formats the walking time and the distance as the cards show them', () => {
    expect(formatWalkingTime([2, 4])).toBe('2 - 4 horas');
    expect(formatDistance(3, 'Lima')).toBe('A 3 horas de Lima');
  });
});

describe('card carousel slides by width (docs/product.md#constants)', () => {
  it('landing: 700, 950, 1300, 1800, 2600 px give 1 to 5 slides', () => {
    expect([360, 700, 701, 950, 1300, 1800, 2600, 3000].map((w) => slidesForWidth(w, LANDING_CAROUSEL_BREAKPOINTS))).toEqual([
      1, 1, 2, 2, 3, 4, 5, 5,
    ]);
  });
  it('search page: 900 gives 1, 1150 gives 2, 1500 gives 3, 1800 gives 4, 2600 gives 5', () => {
    expect([390, 900, 901, 1150, 1500, 1800, 2600].map((w) => slidesForWidth(w, SEARCH_CAROUSEL_BREAKPOINTS))).toEqual([
      1, 1, 2, 2, 3, 4, 5,
    ]);
  });
});
