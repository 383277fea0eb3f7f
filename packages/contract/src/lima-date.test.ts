import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limaDate, PERU_TIME_ZONE } from './lima-date.js';

describe("Lima's date", () => {
  const intl = new Intl.DateTimeFormat('en-CA', { timeZone: PERU_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

  it('is the date Intl gives for America/Lima at any moment since 1995, from a number or a Date', () => {
    const since = Date.UTC(1995, 0, 1);
    const until = Date.UTC(2100, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: since, max: until }), (t) => {
        const expected = intl.format(new Date(t));
        return limaDate(t) === expected && limaDate(new Date(t)) === expected;
      }),
      { numRuns: 2000 },
    );
  });

  it('turns over at midnight in Lima, 05:00 UTC', () => {
    expect(limaDate(Date.UTC(2026, 10, 29, 4, 59, 59, 999))).toBe('2026-11-28');
    expect(limaDate(Date.UTC(2026, 10, 29, 5))).toBe('2026-11-29');
    expect(limaDate(Date.UTC(2027, 0, 1, 4, 59))).toBe('2026-12-31');
    expect(limaDate(Date.UTC(2028, 1, 29, 12))).toBe('2028-02-29');
  });
});
