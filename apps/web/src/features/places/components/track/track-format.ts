import { TRACK_TEXT, trackKmNumber, trackMetresText } from '@sendero/contract';

/**
 * What 'Recorrido' writes beyond the contract's figures as text (trackDistanceText, trackMetresText,
 * trackDurationText in track-texts.ts): a figure the file could not give, a point of the profile,
 * and the profile's vertical axis and keyboard steps (docs/product.md#tracks).
 */

/** A climb, descent or altitude, or 'Sin datos' when the file has no elevation. */
export function metresOrNone(metres: number | null): string {
  return metres === null ? TRACK_TEXT.noData : trackMetresText(metres);
}

/** What the profile's keyboard handle says at a point: 'Km 3.2: 4,120 m de altitud'. */
export function profilePointText(distanceM: number, elevationM: number): string {
  return TRACK_TEXT.profilePoint(trackKmNumber(distanceM), trackMetresText(elevationM));
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
