import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The contract is in the first chunk of every page: creating an Intl format while it loads (the locale's
 * and a time zone's data) was ~45 ms of a 4x slower phone at the app's start, before any screen. Every
 * format is made on first use instead, and the dates and numbers a destination's page shows as it
 * hydrates need none (lima-date.ts, text.ts).
 */
describe('loading the contract', () => {
  const real = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat, toLocaleString: Number.prototype.toLocaleString };
  afterEach(() => {
    Intl.DateTimeFormat = real.DateTimeFormat;
    Intl.NumberFormat = real.NumberFormat;
    Number.prototype.toLocaleString = real.toLocaleString;
  });

  // The fresh import of the whole contract (its zod schemas) takes ~1 s on a quiet machine: the time
  // limit is not what this test is about.
  it('creates no Intl format, nor do the dates and numbers the detail shows first', { timeout: 60_000 }, async () => {
    const made: string[] = [];
    const counting = <T extends object>(name: string, ctor: T): T =>
      new Proxy(ctor, {
        construct(target, args: unknown[]) {
          made.push(name);
          return Reflect.construct(target as new (...a: unknown[]) => object, args) as object;
        },
        apply(target, self, args: unknown[]) {
          made.push(name);
          return Reflect.apply(target as (...a: unknown[]) => unknown, self, args) as unknown;
        },
      });
    Intl.DateTimeFormat = counting('DateTimeFormat', real.DateTimeFormat);
    Intl.NumberFormat = counting('NumberFormat', real.NumberFormat);
    Number.prototype.toLocaleString = function (this: number, ...args: Parameters<number['toLocaleString']>) {
      made.push('toLocaleString');
      return real.toLocaleString.apply(this, args);
    };
    vi.resetModules();
    const contract = await import('./index.js');
    expect(made).toEqual([]);

    // They still work.
    expect(contract.limaDate(Date.UTC(2026, 10, 29, 3))).toBe('2026-11-28');
    expect(contract.limaDate(Date.UTC(2026, 10, 29, 6))).toBe('2026-11-29');
    expect(contract.formatCalendarDate('2026-11-20')).toBe('20 de noviembre de 2026');
    expect(contract.formatCalendarDate('2026-01-02')).toBe('2 de enero de 2026');
    // Lima's date and the calendar date are written without Intl at all.
    expect(made).toEqual([]);
  });
});
