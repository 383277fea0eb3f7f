/**
 * The track's geometry that the web app's 'Recorrido' reads too (docs/product.md#tracks), in a module
 * without zod: imported from track.ts, the section's chunk also evaluated zod and the track's schemas,
 * ~100 ms of a 4x slower phone.
 */

/** Mean Earth radius (IUGG), the sphere of the haversine distance. */
export const EARTH_RADIUS_M = 6_371_008.8;

export const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine, sphere of `EARTH_RADIUS_M`). */
export function haversineM(a: readonly [number, number, ...unknown[]], b: readonly [number, number, ...unknown[]]): number {
  const dLat = toRad(b[1] - a[1]);
  const dLon = toRad(b[0] - a[0]);
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a[1])) * Math.cos(toRad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}
