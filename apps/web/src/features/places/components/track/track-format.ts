import { TRACK_TEXT } from '@sendero/contract';

/**
 * How 'Recorrido' writes its figures (docs/product.md#route-tracks), in the app's locale (es-PE, as
 * the access facts: '4,600 m', '12.3 km').
 */
const LOCALE = 'es-PE';

/** 'Distancia': kilometres with one decimal ('12.3 km'). */
export function formatKm(meters: number): string {
  return `${formatKmNumber(meters)} km`;
}

/** The number of kilometres alone, one decimal ('12.3'), as the profile's axis and position say it. */
export function formatKmNumber(meters: number): string {
  return (meters / 1000).toLocaleString(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Climb, descent and altitude: whole metres ('4,600 m'). */
export function formatMeters(meters: number): string {
  return `${Math.round(meters).toLocaleString(LOCALE)} m`;
}

/** A figure the file could not give (no elevation): 'Sin datos'. */
export function formatMetersOrNone(meters: number | null): string {
  return meters === null ? TRACK_TEXT.noData : formatMeters(meters);
}

/**
 * 'Tiempo estimado' ('5 h 30 min', '45 min', '3 h'): the DIN 33466 estimate rounded to 5 minutes,
 * an estimate being no more precise than that; never less than 5 minutes.
 */
export function formatDuration(minutes: number): string {
  const total = Math.max(5, Math.round(minutes / 5) * 5);
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** What the profile's keyboard handle says at a point: 'Km 3.2: 4,120 m de altitud'. */
export function formatProfilePoint(distanceM: number, elevationM: number): string {
  return TRACK_TEXT.profilePoint(formatKmNumber(distanceM), formatMeters(elevationM));
}

/**
 * The profile's vertical axis: the track's own lowest to highest point with a margin (5 % of the range,
 * at least 5 m), out to whole tens of metres, so an 800 m climb at 4,000 m fills the chart instead of
 * sitting on a bar that starts at sea level.
 */
export function elevationDomain(profile: readonly (readonly [number, number])[]): { min: number; max: number } {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [, ele] of profile) {
    if (ele < lo) lo = ele;
    if (ele > hi) hi = ele;
  }
  if (!Number.isFinite(lo)) return { min: 0, max: 100 };
  const margin = Math.max(5, (hi - lo) * 0.05);
  return { min: Math.floor((lo - margin) / 10) * 10, max: Math.ceil((hi + margin) / 10) * 10 };
}

/** How many profile points an arrow key moves: about 1 % of the track (PageUp/PageDown: 10 %). */
export function profileStep(points: number, page = false): number {
  return Math.max(1, Math.round(points / (page ? 10 : 100)));
}
