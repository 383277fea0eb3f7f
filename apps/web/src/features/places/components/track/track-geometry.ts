import { haversineM } from '@sendero/contract';

/**
 * Where a point of the elevation profile lies on the map (docs/product.md#tracks). The profile
 * gives distances along the full-resolution track; the map draws the simplified line, a little shorter.
 * A profile point at a fraction of the whole distance is put at the same fraction along the line.
 */

/** [lon, lat, ele or null], as GET /api/place/{id}/track sends the line, per segment. */
export type LinePoint = readonly [number, number, (number | null)?];
export type TrackLine = readonly (readonly LinePoint[])[];

export interface MeasuredLine {
  /** The points of every segment in order, and the distance walked to each (a gap adds nothing). */
  points: LinePoint[];
  along: number[];
  total: number;
}

export function measureLine(line: TrackLine): MeasuredLine {
  const points: LinePoint[] = [];
  const along: number[] = [];
  let total = 0;
  for (const segment of line) {
    segment.forEach((p, i) => {
      if (i > 0) total += haversineM(segment[i - 1]!, p);
      points.push(p);
      along.push(total);
    });
  }
  return { points, along, total };
}

/** The point at `fraction` (0..1) of the way along the line, interpolated between its two neighbours. */
export function pointAlong(measured: MeasuredLine, fraction: number): { lat: number; lon: number } | null {
  const { points, along, total } = measured;
  if (points.length === 0) return null;
  const target = Math.min(1, Math.max(0, fraction)) * total;
  // The first point at or past the target (binary search: a line has up to 2,000 points).
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (along[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  const b = points[lo]!;
  if (lo === 0 || along[lo] === along[lo - 1]) return { lat: b[1], lon: b[0] };
  const a = points[lo - 1]!;
  const t = (target - along[lo - 1]!) / (along[lo]! - along[lo - 1]!);
  return { lat: a[1] + (b[1] - a[1]) * t, lon: a[0] + (b[0] - a[0]) * t };
}
