import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  closureInForce,
  formatCalendarDate,
  earliestWalkedOn,
  isCalendarDate,
  limaDate,
  summarizeConditions,
  type ConditionReport,
} from './conditions.js';
import { MSG } from './messages.js';
import { PlaceClosureRequestSchema, RatingCreateSchema, RatingUpdateSchema } from './schemas.js';
import { decodePlaceIndex, encodePlaceIndex } from './place-index-wire.js';

const report = (walked_on: string | null, extra: Partial<ConditionReport> = {}): ConditionReport => ({
  walked_on,
  condition: null,
  hazards: [],
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe("Lima's calendar", () => {
  it('a day in Lima starts at 05:00 UTC', () => {
    expect(limaDate(new Date('2026-11-28T04:59:59.999Z'))).toBe('2026-11-27');
    expect(limaDate(new Date('2026-11-28T05:00:00.000Z'))).toBe('2026-11-28');
  });

  it('dates are real calendar dates', () => {
    expect(['2026-02-28', '2024-02-29'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', 'ayer', ''].map(isCalendarDate)).toEqual([false, false, false, false, false]);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(earliestWalkedOn('2026-11-28')).toBe('2024-11-28');
  });
});

describe("'Estado reciente': the 30-day window", () => {
  const today = '2026-11-28';

  it('29 and 30 days back are in, 31 is out', () => {
    expect(summarizeConditions([report(addDays(today, -29))], today)?.reports).toBe(1);
    expect(summarizeConditions([report(addDays(today, -30))], today)?.last_walked_on).toBe('2026-10-29');
    expect(summarizeConditions([report(addDays(today, -31))], today)).toBeNull();
  });

  it("moves at Lima's midnight, not UTC's", () => {
    const walked = '2026-10-29'; // 30 days before 2026-11-28
    const justBefore = limaDate(new Date('2026-11-29T04:59:59.999Z')); // still the 28th in Lima
    const justAfter = limaDate(new Date('2026-11-29T05:00:00.000Z'));
    expect(summarizeConditions([report(walked)], justBefore)).not.toBeNull();
    expect(summarizeConditions([report(walked)], justAfter)).toBeNull();
  });

  it('reviews without a date and future dates never count; none at all is null', () => {
    expect(summarizeConditions([report(null, { condition: 'peligroso' })], today)).toBeNull();
    expect(summarizeConditions([report(addDays(today, 1))], today)).toBeNull();
    expect(summarizeConditions([], today)).toBeNull();
  });

  it('names every hazard of every report, each once, in the list order', () => {
    const summary = summarizeConditions(
      [report('2026-11-20', { hazards: ['derrumbe', 'barro'] }), report('2026-11-10', { hazards: ['barro', 'nieve_hielo'] }), report('2026-10-01', { hazards: ['inseguridad'] })],
      today,
    );
    expect(summary).toEqual({ last_walked_on: '2026-11-20', condition: null, hazards: ['barro', 'nieve_hielo', 'derrumbe'], reports: 2 });
  });

  it('the most recent condition: by date walked, then the later-written review of the same date', () => {
    const reports = [
      report('2026-11-20', { condition: 'despejado', created_at: '2026-11-21T10:00:00.000Z' }),
      report('2026-11-20', { condition: 'peligroso', created_at: '2026-11-22T10:00:00.000Z' }),
      report('2026-11-19', { condition: 'cerrado', created_at: '2026-11-27T10:00:00.000Z' }),
    ];
    expect(summarizeConditions(reports, today)?.condition).toBe('peligroso');
    expect(summarizeConditions(reports.reverse(), today)?.condition).toBe('peligroso');
    // A more recent report that names no condition leaves the last one that does.
    expect(summarizeConditions([report('2026-11-25'), ...reports], today)).toMatchObject({ condition: 'peligroso', last_walked_on: '2026-11-25', reports: 4 });
  });
});

describe('closures', () => {
  it('hold until their last day has passed, or until reopened', () => {
    expect(closureInForce({ until: '2026-11-28' }, '2026-11-28')).toBe(true);
    expect(closureInForce({ until: '2026-11-27' }, '2026-11-28')).toBe(false);
    expect(closureInForce({ until: null }, '2030-01-01')).toBe(true);
    expect(closureInForce(null, '2026-11-28')).toBe(false);
  });

  it('ride in the browsing index only for closed places', () => {
    const entry = { _id: '00000000-0000-4000-8000-000000000001', name: 'A', city: 'Lima', difficulty: 'Fácil' as const, time: [1, 2] as [number, number], time_city: 1, photo: null, rating: 0, comments: 0, created_at: '2026-01-01T00:00:00.000Z', lat: null, lon: null };
    expect(encodePlaceIndex([entry]).closed).toBeUndefined();
    const closed = { ...entry, _id: '00000000-0000-4000-8000-000000000002', closed: { until: '2026-12-01' } };
    const wire = encodePlaceIndex([entry, closed]);
    expect([wire.closed, wire.closed_until]).toEqual([[1], ['2026-12-01']]);
    expect(decodePlaceIndex(wire).map((e) => e.closed)).toEqual([undefined, { until: '2026-12-01' }]);
  });
});

describe('bad input', () => {
  afterEach(() => vi.useRealTimers());
  const base = { id_place: '00000000-0000-4000-8000-000000000001', photo_url: '/uploads/x.webp', rating: 4, comment: 'Bien' };
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('SPEC’s review without the new fields stays valid', () => {
    expect(RatingCreateSchema.safeParse(base).success).toBe(true);
  });

  it('walked_on: a future date, three years back or a non-date are refused', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T15:00:00Z'), toFake: ['Date'] });
    expect(RatingCreateSchema.safeParse({ ...base, walked_on: '2026-11-28' }).success).toBe(true);
    expect(RatingCreateSchema.safeParse({ ...base, walked_on: '2024-11-28' }).success).toBe(true);
    expect(messageOf(RatingCreateSchema.safeParse({ ...base, walked_on: '2026-11-29' }))).toBe(MSG.walkedOnFuture);
    expect(messageOf(RatingCreateSchema.safeParse({ ...base, walked_on: '2023-11-28' }))).toBe(MSG.walkedOnTooOld);
    expect(messageOf(RatingCreateSchema.safeParse({ ...base, walked_on: 'ayer' }))).toBe(MSG.walkedOnInvalid);
    expect(messageOf(RatingCreateSchema.safeParse({ ...base, walked_on: 20261101 }))).toBe(MSG.walkedOnInvalid);
  });

  it('condition and hazards come from their lists; at most five, each once', () => {
    expect(messageOf(RatingCreateSchema.safeParse({ ...base, condition: 'regular' }))).toBe(MSG.conditionInvalid);
    expect(messageOf(RatingCreateSchema.safeParse({ ...base, hazards: ['lava'] }))).toBe(MSG.hazardInvalid);
    expect(messageOf(RatingCreateSchema.safeParse({ ...base, hazards: ['barro', 'barro'] }))).toBe(MSG.hazardsRepeated);
    const six = ['barro', 'nieve_hielo', 'derrumbe', 'rio_crecido', 'senalizacion', 'sendero_borrado'];
    expect(messageOf(RatingCreateSchema.safeParse({ ...base, hazards: six }))).toBe(MSG.hazardsTooMany);
    expect(RatingCreateSchema.safeParse({ ...base, hazards: six.slice(0, 5), condition: 'obstaculos' }).success).toBe(true);
  });

  it('an update names something to change', () => {
    expect(messageOf(RatingUpdateSchema.safeParse({}))).toBe(MSG.reviewUpdateEmpty);
    expect(RatingUpdateSchema.safeParse({ rating: 2 }).success).toBe(true);
  });

  it('a closure note of 2 or 301 characters, a past date, a date without note', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T15:00:00Z'), toFake: ['Date'] });
    expect(PlaceClosureRequestSchema.safeParse({ until: null, note: 'abc' }).success).toBe(true);
    expect(PlaceClosureRequestSchema.safeParse({ until: null, note: null }).success).toBe(true);
    expect(PlaceClosureRequestSchema.safeParse({ until: '2026-11-28', note: 'x'.repeat(300) }).success).toBe(true);
    expect(messageOf(PlaceClosureRequestSchema.safeParse({ until: null, note: 'ab' }))).toBe(MSG.closureNoteInvalid);
    expect(messageOf(PlaceClosureRequestSchema.safeParse({ until: null, note: 'x'.repeat(301) }))).toBe(MSG.closureNoteInvalid);
    expect(messageOf(PlaceClosureRequestSchema.safeParse({ until: '2026-11-27', note: 'Derrumbe' }))).toBe(MSG.closureUntilPast);
    expect(messageOf(PlaceClosureRequestSchema.safeParse({ until: 'pronto', note: 'Derrumbe' }))).toBe(MSG.closureUntilInvalid);
    expect(messageOf(PlaceClosureRequestSchema.safeParse({ until: '2026-12-01', note: null }))).toBe(MSG.closureReopenWithDate);
  });
});

describe('dates as people read them', () => {
  it('a calendar date is the same day wherever it is shown', () => {
    expect(formatCalendarDate('2026-11-20')).toBe('20 de noviembre de 2026');
    expect(formatCalendarDate('2027-01-02')).toBe('2 de enero de 2027');
  });

  it('writes dates of 1990-2100 as es-PE Intl does: every day of 2024-2028, the ends of every month', () => {
    const intl = new Intl.DateTimeFormat('es-PE', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
    const days: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t <= Date.UTC(2028, 11, 31); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
    for (let year = 1990; year <= 2100; year++) {
      for (let month = 0; month < 12; month++) {
        days.push(new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10), new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10));
      }
    }
    // One assertion for all of them: thousands of expect() calls outlasted the test's time on a busy machine.
    const wrong = days.filter((day) => formatCalendarDate(day) !== intl.format(new Date(`${day}T12:00:00Z`)));
    expect(wrong).toEqual([]);
  });
});
