/**
 * Lima's calendar and whether a closure holds (docs/product.md#trail-conditions), on their own: the place
 * cards of the landing import them, and the rest of conditions.ts (labels, the 'Estado reciente'
 * summary) stays out of the landing's first download (docs/decisions/027-landing-javascript-budget.md).
 */

/** Peru's one time zone (no daylight saving): the calendar of `walked_on`, the window and closures. */
export const PERU_TIME_ZONE = 'America/Lima';

/**
 * Peru's offset from UTC, the same all year (no daylight saving since 1994). Lima's date is read from it
 * rather than from an Intl format with the time zone: making that format loads the zone's data, ~115 ms of
 * a 4x slower phone in the render that hydrates a destination's page (its access facts read today's
 * date). `lima-date.test.ts` checks it against Intl.
 */
const PERU_OFFSET_MS = -5 * 60 * 60 * 1000;

/** Lima's wall clock at the moment `time`, to be read with the UTC getters (getUTCHours...). */
export function limaClock(time: number): Date {
  return new Date(time + PERU_OFFSET_MS);
}

/** The date (YYYY-MM-DD) in Lima at the moment `now`. */
export function limaDate(now: Date | number = Date.now()): string {
  return limaClock(typeof now === 'number' ? now : now.getTime()).toISOString().slice(0, 10);
}

/** The months as Spanish writes them, January first. */
export const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'] as const;

/** A month (1-12) as es-PE writes it in a date: September is 'setiembre', as Intl (CLDR) has it. */
export const calendarMonthName = (month: number): string => (month === 9 ? 'setiembre' : MONTH_NAMES[month - 1]!);

/** True while the closure holds on `today` (Lima's date): no date, or a date not yet passed. */
export function closureInForce(closure: { until: string | null } | null | undefined, today: string): boolean {
  if (!closure) return false;
  return closure.until === null || closure.until >= today;
}
