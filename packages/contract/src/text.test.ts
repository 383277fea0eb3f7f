import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OUTING_LOCALE, OUTING_TIME_ZONE, SEARCH_COUNT_CAP } from './constants.js';
import { formatMatchCount, formatOutingDate, formatRating, formatReviewCount, formatSpotsLeft } from './text.js';

describe('outing texts', () => {
  it('dates an outing in Lima time, in Spanish for Peru, whatever the process time zone', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    // 11:00 UTC is 6:00 in Lima (UTC-5 all year).
    expect(formatOutingDate('2026-12-05T11:00:00.000Z', now)).toBe('sábado, 5 de diciembre, 6:00 a. m.');
    // Late evening in Lima is already the next day in UTC: the Lima day is the one shown.
    expect(formatOutingDate('2026-12-06T02:30:00.000Z', now)).toBe('sábado, 5 de diciembre, 9:30 p. m.');
  });

  it('adds the year when the outing is not in the current year', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(formatOutingDate('2027-12-05T11:00:00.000Z', now)).toBe('domingo, 5 de diciembre de 2027, 6:00 a. m.');
  });

  it("writes any moment as es-PE's Intl format in Lima's time zone does (noon, midnight, the new year in Lima)", () => {
    const parts = { timeZone: OUTING_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' } as const;
    const date = new Intl.DateTimeFormat(OUTING_LOCALE, parts);
    const withYear = new Intl.DateTimeFormat(OUTING_LOCALE, { ...parts, year: 'numeric' });
    const year = new Intl.DateTimeFormat('en-US', { timeZone: OUTING_TIME_ZONE, year: 'numeric' });
    // Browsers' ICU may put a no-break space where Node's has a space: compared with spaces made plain.
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    const intl = (at: Date, now: Date) => plain((year.format(at) === year.format(now) ? date : withYear).format(at));
    const moment = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((t) => new Date(Math.floor(t / 60_000) * 60_000));
    fc.assert(fc.property(moment, moment, (at, now) => formatOutingDate(at, now) === intl(at, now)), { numRuns: 1000 });
    for (const iso of ['2026-12-05T17:00:00Z', '2026-12-06T05:00:00Z', '2027-01-01T04:59:00Z', '2027-01-01T05:00:00Z', '2026-09-06T17:05:00Z']) {
      const now = new Date('2026-12-31T12:00:00Z');
      expect(formatOutingDate(iso, now)).toBe(intl(new Date(iso), now));
    }
    expect(formatOutingDate('2026-09-06T17:05:00Z', new Date('2026-01-01T12:00:00Z'))).toBe('domingo, 6 de setiembre, 12:05 p. m.');
    expect(() => formatOutingDate('not a date')).toThrow(RangeError);
  });

  it('says how many spots are left, with agreement for one', () => {
    expect(formatSpotsLeft(4)).toBe('Quedan 4 cupos');
    expect(formatSpotsLeft(1)).toBe('Queda 1 cupo');
  });
});

describe('rating texts', () => {
  it('shows the mean with one decimal and counts reviews with agreement for one', () => {
    expect(formatRating(4.5)).toBe('4.5');
    expect(formatRating(4)).toBe('4.0');
    expect(formatReviewCount(1)).toBe('1 reseña');
    expect(formatReviewCount(12)).toBe('12 reseñas');
    expect(formatReviewCount(1234)).toBe('1,234 reseñas');
  });

  it('writes every rating and count exactly as es-PE Intl does, without Intl for the usual ones', () => {
    const intlRating = (x: number) => x.toLocaleString('es-PE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    // The halves of the shortest decimal form round up, as Intl rounds them (0.15 -> 0.2, 1.45 -> 1.5).
    const wrong = Array.from({ length: 5001 }, (_, k) => k / 1000).filter((x) => formatRating(x) !== intlRating(x));
    expect(wrong).toEqual([]);
    expect(formatRating(0.15)).toBe('0.2');
    expect(formatRating(4.449999)).toBe('4.4');
    fc.assert(fc.property(fc.double({ min: 0, max: 5, noNaN: true }), (x) => formatRating(x) === intlRating(x)));
    // A mean of integer ratings, as the server keeps it.
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 50 }), (r) => {
        const mean = r.reduce((a, b) => a + b, 0) / r.length;
        return formatRating(mean) === intlRating(mean);
      }),
    );
    fc.assert(fc.property(fc.nat({ max: 2_000_000 }), (n) => formatReviewCount(n).startsWith(n === 1 ? '1 ' : `${n.toLocaleString('es-PE')} `)));
    fc.assert(fc.property(fc.nat({ max: 2_000_000 }), (n) => formatMatchCount(n, true) === `Más de ${n.toLocaleString('es-PE')} destinos`));
  });
});

describe('search count texts', () => {
  it('says an exact count as is and a capped count as "Más de"', () => {
    expect(formatMatchCount(1)).toBe('1 destino');
    expect(formatMatchCount(12)).toBe('12 destinos');
    expect(formatMatchCount(SEARCH_COUNT_CAP)).toBe('1,000 destinos');
    expect(formatMatchCount(SEARCH_COUNT_CAP, true)).toBe('Más de 1,000 destinos');
  });
});
