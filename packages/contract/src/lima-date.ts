/**
 * Lima's calendar and whether a closure holds (docs/product.md#trail-conditions), on their own: the place
 * cards of the landing import them, and the rest of conditions.ts (labels, the 'Estado reciente'
 * summary) stays out of the landing's first download (docs/decisions/027-landing-javascript-budget.md).
 */

/** Peru's one time zone (no daylight saving): the calendar of `walked_on`, the window and closures. */
export const PERU_TIME_ZONE = 'America/Lima';

/**
 * Made on first use, like every Intl format of the contract: creating one with a time zone loads the
 * locale's and the zone's data, ~45 ms of a 4x slower phone at this module's top level, part of every
 * page's start (docs/decisions/034-app-evaluated-in-stages.md; `intl-at-load.test.ts` guards it).
 */
let limaFormat: Intl.DateTimeFormat | undefined;

/** The date (YYYY-MM-DD) in Lima at the moment `now`. */
export function limaDate(now: Date | number = Date.now()): string {
  limaFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: PERU_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return limaFormat.format(typeof now === 'number' ? new Date(now) : now);
}

/** True while the closure holds on `today` (Lima's date): no date, or a date not yet passed. */
export function closureInForce(closure: { until: string | null } | null | undefined, today: string): boolean {
  if (!closure) return false;
  return closure.until === null || closure.until >= today;
}
