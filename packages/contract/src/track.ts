import { z } from 'zod';
import { simplify } from '@turf/simplify';
import { MSG } from './messages.js';
import { EARTH_RADIUS_M, haversineM, toRad } from './track-geo.js';

export { EARTH_RADIUS_M, haversineM } from './track-geo.js';

/**
 * Route tracks (docs/product.md#tracks, decision 44): the normalised points of a guide's GPX or KML
 * file, the one function that turns them into the figures every screen shows (distance, climb,
 * descent, lowest and highest point, DIN 33466 time), the simplified line for the map, the elevation
 * profile, the zod schemas of the four calls and their Spanish sentences. Pure code shared by the
 * server (which computes and stores), the web app (which shows) and their tests.
 */

// ---------------------------------------------------------------------------------------------
// Limits and constants
// ---------------------------------------------------------------------------------------------

/** Largest file accepted by PUT /api/place/{id}/track (413 above). */
export const TRACK_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** More points than this: 400 with `TRACK_MSG.tooManyPoints`. */
export const TRACK_MAX_POINTS = 200_000;
/** More segments than this is not a route (a segment per point); refused as an invalid track. */
export const TRACK_MAX_SEGMENTS = 1_000;
/** The map's line keeps at most this many points (Douglas-Peucker). */
export const TRACK_LINE_MAX_POINTS = 2_000;
/** The elevation profile has at most this many [distance_m, ele_m] pairs. */
export const TRACK_PROFILE_MAX_POINTS = 500;
/** Elevations outside this range (metres) are not on Earth's surface: the file is refused. */
export const TRACK_ELE_MIN_M = -500;
export const TRACK_ELE_MAX_M = 9_000;

/** Elevations are averaged over this many metres of distance on each side of a point. */
export const ELEVATION_WINDOW_M = 25;
/** A climb or a descent counts only once it exceeds this many metres since the last turn. */
export const ELEVATION_THRESHOLD_M = 5;
/** DIN 33466: 4 km/h across, 300 m/h up, 500 m/h down. */
export const DIN_HORIZONTAL_M_PER_H = 4_000;
export const DIN_ASCENT_M_PER_H = 300;
export const DIN_DESCENT_M_PER_H = 500;

// ---------------------------------------------------------------------------------------------
// Sentences
// ---------------------------------------------------------------------------------------------

/** What the server answers about tracks (docs/product.md#tracks). */
export const TRACK_MSG = {
  invalid: MSG.trackInvalid,
  tooManyPoints: MSG.trackTooManyPoints,
  tooLarge: MSG.trackTooLarge,
  fileMissing: MSG.trackFileMissing,
  notFound: MSG.trackNotFound,
  tooManyUploads: MSG.trackTooManyUploads,
} as const;

/** The file types the form's picker offers (the server reads the content, not the name). */
export const TRACK_FILE_ACCEPT = '.gpx,.kml,application/gpx+xml,application/vnd.google-earth.kml+xml';

// Screen sentences and the figures as text: track-texts.ts (no zod there, for the lazy 'Recorrido' chunk).

// ---------------------------------------------------------------------------------------------
// Points and the summary
// ---------------------------------------------------------------------------------------------

/** One normalised point: longitude, latitude (WGS84 degrees), elevation in metres or null. */
export type TrackPoint = [lon: number, lat: number, ele: number | null];
/** A track: its segments in file order (a gap between two segments is not walked). */
export type TrackSegments = TrackPoint[][];

export interface TrackSummary {
  distance_m: number;
  ascent_m: number | null;
  descent_m: number | null;
  min_ele_m: number | null;
  max_ele_m: number | null;
  duration_min: number;
  points: number;
  updated_at: string;
}


/** Distance from the segment's start to each of its points. */
function cumulativeDistances(segment: readonly TrackPoint[]): Float64Array {
  const out = new Float64Array(segment.length);
  for (let i = 1; i < segment.length; i++) out[i] = out[i - 1]! + haversineM(segment[i - 1]!, segment[i]!);
  return out;
}

/**
 * The elevations of one segment smoothed: each point with an elevation gets the mean of the
 * elevations within `ELEVATION_WINDOW_M` of distance on either side of it (along the segment).
 * Points without an elevation are skipped. Answers [distance along the segment, smoothed elevation].
 */
export function smoothSegmentElevation(segment: readonly TrackPoint[], along: Float64Array = cumulativeDistances(segment)): [number, number][] {
  const d: number[] = [];
  const e: number[] = [];
  segment.forEach((p, i) => {
    if (p[2] !== null) {
      d.push(along[i]!);
      e.push(p[2]);
    }
  });
  const out: [number, number][] = [];
  let lo = 0;
  let hi = 0;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    while (hi < d.length && d[hi]! <= d[i]! + ELEVATION_WINDOW_M) sum += e[hi++]!;
    while (d[lo]! < d[i]! - ELEVATION_WINDOW_M) sum -= e[lo++]!;
    out.push([d[i]!, sum / (hi - lo)]);
  }
  return out;
}

/**
 * Climb and descent of a series of elevations with a hysteresis: a leg up or down counts once it
 * exceeds `threshold` metres since the last turn, and then counts whole (from the turn to its
 * extreme); wobbles smaller than the threshold count nothing.
 */
export function climbWithHysteresis(elevations: readonly number[], threshold = ELEVATION_THRESHOLD_M): { ascent: number; descent: number } {
  let ascent = 0;
  let descent = 0;
  if (elevations.length === 0) return { ascent, descent };
  let base = elevations[0]!;
  let extreme = base;
  let dir = 0;
  for (const e of elevations) {
    if (dir === 0) {
      if (e - base > threshold) {
        dir = 1;
        extreme = e;
      } else if (base - e > threshold) {
        dir = -1;
        extreme = e;
      }
    } else if (dir === 1) {
      if (e > extreme) extreme = e;
      else if (extreme - e > threshold) {
        ascent += extreme - base;
        base = extreme;
        dir = -1;
        extreme = e;
      }
    } else if (e < extreme) extreme = e;
    else if (e - extreme > threshold) {
      descent += base - extreme;
      base = extreme;
      dir = 1;
      extreme = e;
    }
  }
  if (dir === 1) ascent += extreme - base;
  else if (dir === -1) descent += base - extreme;
  return { ascent, descent };
}

/**
 * DIN 33466 hiking time in minutes: horizontal time at 4 km/h, vertical time at 300 m/h up and
 * 500 m/h down; the total is the larger of the two plus half the smaller. Without elevation
 * (`ascent`/`descent` null), the horizontal time alone.
 */
export function dinDurationMin(distanceM: number, ascentM: number | null, descentM: number | null): number {
  const horizontal = (distanceM / DIN_HORIZONTAL_M_PER_H) * 60;
  if (ascentM === null || descentM === null) return Math.round(horizontal);
  const vertical = (ascentM / DIN_ASCENT_M_PER_H + descentM / DIN_DESCENT_M_PER_H) * 60;
  return Math.round(Math.max(horizontal, vertical) + Math.min(horizontal, vertical) / 2);
}

/** Every point of a track, its segments laid end to end. */
export const trackPointCount = (segments: readonly (readonly TrackPoint[])[]): number => segments.reduce((n, s) => n + s.length, 0);

/**
 * The summary of docs/product.md#tracks from the full-resolution points: distance summed inside each
 * segment (a gap adds nothing); elevations smoothed and counted with a hysteresis inside each segment
 * (a gap's change of height is not walked either); lowest and highest point of the smoothed
 * elevations; DIN 33466 time. Distances and elevations are whole metres.
 */
export function trackSummary(segments: readonly TrackPoint[][], updatedAt: string | Date = new Date()): TrackSummary {
  let distance = 0;
  let ascent = 0;
  let descent = 0;
  let minEle = Infinity;
  let maxEle = -Infinity;
  let hasEle = false;
  for (const segment of segments) {
    const along = cumulativeDistances(segment);
    distance += along.length > 0 ? along[along.length - 1]! : 0;
    const smoothed = smoothSegmentElevation(segment, along);
    if (smoothed.length === 0) continue;
    hasEle = true;
    const elevations = smoothed.map(([, e]) => e);
    const climb = climbWithHysteresis(elevations);
    ascent += climb.ascent;
    descent += climb.descent;
    for (const e of elevations) {
      if (e < minEle) minEle = e;
      if (e > maxEle) maxEle = e;
    }
  }
  const distance_m = Math.round(distance);
  const ascent_m = hasEle ? Math.round(ascent) : null;
  const descent_m = hasEle ? Math.round(descent) : null;
  return {
    distance_m,
    ascent_m,
    descent_m,
    min_ele_m: hasEle ? Math.round(minEle) : null,
    max_ele_m: hasEle ? Math.round(maxEle) : null,
    duration_min: dinDurationMin(distance, hasEle ? ascent : null, hasEle ? descent : null),
    points: trackPointCount(segments),
    updated_at: typeof updatedAt === 'string' ? updatedAt : updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Checking parsed points
// ---------------------------------------------------------------------------------------------

export type TrackProblem = 'invalid' | 'tooManyPoints';

/**
 * Why parsed points are not a track (null when they are): fewer than 2 points, more than
 * `TRACK_MAX_POINTS` or `TRACK_MAX_SEGMENTS`, a coordinate that is not a finite number in range, or an
 * elevation that is not a finite number within `TRACK_ELE_MIN_M`..`TRACK_ELE_MAX_M`.
 */
export function trackProblem(segments: readonly (readonly (readonly unknown[])[])[]): TrackProblem | null {
  const count = segments.reduce((n, s) => n + s.length, 0);
  if (count > TRACK_MAX_POINTS) return 'tooManyPoints';
  if (count < 2 || segments.length > TRACK_MAX_SEGMENTS) return 'invalid';
  for (const segment of segments) {
    for (const p of segment) {
      const [lon, lat, ele] = p;
      if (typeof lon !== 'number' || !Number.isFinite(lon) || lon < -180 || lon > 180) return 'invalid';
      if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) return 'invalid';
      if (ele !== null && ele !== undefined && (typeof ele !== 'number' || !Number.isFinite(ele) || ele < TRACK_ELE_MIN_M || ele > TRACK_ELE_MAX_M)) return 'invalid';
    }
  }
  return null;
}

/**
 * The stored form of parsed coordinates: [lon, lat, ele|null] rounded to 7 decimals (about 1 cm) and
 * 0.1 m, anything past the third value (a time, a measure) dropped, empty segments dropped.
 * Call after `trackProblem` said null.
 */
export function normaliseTrack(segments: readonly (readonly (readonly unknown[])[])[]): TrackSegments {
  const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
  return segments
    .filter((s) => s.length > 0)
    .map((s) =>
      s.map((p): TrackPoint => {
        const ele = p[2];
        return [round(p[0] as number, 7), round(p[1] as number, 7), typeof ele === 'number' ? round(ele, 1) : null];
      }),
    );
}

// ---------------------------------------------------------------------------------------------
// The map's line and the profile
// ---------------------------------------------------------------------------------------------

/** Douglas-Peucker (turf) on local metres of every segment at one tolerance; keeps each segment's ends. */
function simplifyAt(projected: [number, number, number][][], toleranceM: number): [number, number, number][][] {
  return projected.map((segment) => {
    if (segment.length <= 2 || toleranceM <= 0) return segment;
    const line = { type: 'LineString' as const, coordinates: segment.map((p) => [...p]) };
    const kept = simplify(line, { tolerance: toleranceM, highQuality: false, mutate: true }).coordinates as [number, number, number][];
    return kept.length >= 2 ? kept : [segment[0]!, segment[segment.length - 1]!];
  });
}

/**
 * The track simplified for the map: Douglas-Peucker (`@turf/simplify`) with the smallest tolerance,
 * found by bisection on metres, that leaves at most `maxPoints` points (every segment keeps at
 * least its two ends). The points kept are original points, elevation included.
 */
export function simplifyTrackLine(segments: readonly TrackPoint[][], maxPoints = TRACK_LINE_MAX_POINTS): TrackPoint[][] {
  const nonEmpty = segments.filter((s) => s.length > 0);
  if (trackPointCount(nonEmpty) <= maxPoints) return nonEmpty.map((s) => s.map((p) => [...p] as TrackPoint));
  // Local equirectangular metres around the track's mean latitude: fine for a hike's extent.
  let latSum = 0;
  let n = 0;
  for (const s of nonEmpty) {
    for (const p of s) latSum += p[1];
    n += s.length;
  }
  const k = (Math.PI / 180) * EARTH_RADIUS_M;
  const cosLat = Math.cos(toRad(latSum / n));
  const projected = nonEmpty.map((s) => s.map((p, i): [number, number, number] => [p[0] * k * cosLat, p[1] * k, i]));
  const count = (segs: [number, number, number][][]) => segs.reduce((m, s) => m + s.length, 0);
  let lo = 0;
  let hi = 1;
  let best = simplifyAt(projected, hi);
  while (count(best) > maxPoints && hi < 1e8) {
    lo = hi;
    hi *= 4;
    best = simplifyAt(projected, hi);
  }
  // Bisection to within 5 % (or 5 cm) of the smallest tolerance that fits: each try is a pass over
  // every point, and a few percent of tolerance is a few points of the line.
  while (hi - lo > Math.max(0.05, hi * 0.05)) {
    const mid = (lo + hi) / 2;
    const attempt = simplifyAt(projected, mid);
    if (count(attempt) <= maxPoints) {
      hi = mid;
      best = attempt;
    } else lo = mid;
  }
  return best.map((s, si) => s.map((p) => [...nonEmpty[si]![p[2]]!] as TrackPoint));
}

/**
 * The elevation profile: at most `maxPoints` pairs [distance_m along the whole track, smoothed
 * elevation in m] (distances continue across a gap without adding it); empty without elevations.
 * With more elevated points than that, the profile is sampled at even distances, each sample the
 * smoothed elevation interpolated between its neighbours. Whole metres for distance, 0.1 m for
 * elevation.
 */
export function trackProfile(segments: readonly TrackPoint[][], maxPoints = TRACK_PROFILE_MAX_POINTS): [number, number][] {
  const all: [number, number][] = [];
  let offset = 0;
  for (const segment of segments) {
    const along = cumulativeDistances(segment);
    for (const [d, e] of smoothSegmentElevation(segment, along)) all.push([offset + d, e]);
    offset += along.length > 0 ? along[along.length - 1]! : 0;
  }
  const round = ([d, e]: [number, number]): [number, number] => [Math.round(d), Math.round(e * 10) / 10];
  if (all.length <= maxPoints) return all.map(round);
  const first = all[0]![0];
  const last = all[all.length - 1]![0];
  const out: [number, number][] = [];
  let j = 0;
  for (let i = 0; i < maxPoints; i++) {
    const d = first + ((last - first) * i) / (maxPoints - 1);
    while (j < all.length - 2 && all[j + 1]![0] < d) j++;
    const [d0, e0] = all[j]!;
    const [d1, e1] = all[j + 1]!;
    const t = d1 > d0 ? Math.min(1, Math.max(0, (d - d0) / (d1 - d0))) : 0;
    out.push(round([d, e0 + (e1 - e0) * t]));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Schemas of the four calls
// ---------------------------------------------------------------------------------------------

export const TrackSummarySchema = z
  .object({
    distance_m: z.number().describe('Length in metres: haversine inside each segment, a gap between segments adds nothing.'),
    ascent_m: z.number().nullable().describe('Climb in metres (smoothed over 25 m each side, counted past a 5 m turn); null without elevation.'),
    descent_m: z.number().nullable().describe('Descent in metres, counted like the climb; null without elevation.'),
    min_ele_m: z.number().nullable().describe('Lowest smoothed elevation in metres; null without elevation.'),
    max_ele_m: z.number().nullable().describe('Highest smoothed elevation in metres; null without elevation.'),
    duration_min: z.number().describe('DIN 33466 hiking time in minutes.'),
    points: z.number().describe('Points stored at full resolution.'),
    updated_at: z.string().describe('When the track was uploaded (ISO 8601).'),
  })
  .meta({ id: 'TrackSummary', description: "A route track's figures, computed by the server from its full-resolution points." });

const TrackPointSchema = z.tuple([z.number(), z.number(), z.number().nullable()]).describe('[longitude, latitude, elevation in m or null]');

export const TrackSchema = z
  .object({
    summary: TrackSummarySchema,
    line: z.array(z.array(TrackPointSchema)).describe('The track simplified (Douglas-Peucker) to at most 2,000 points, per segment.'),
    profile: z.array(z.tuple([z.number(), z.number()])).describe('At most 500 [distance_m, ele_m] pairs along the whole track; empty without elevation.'),
  })
  .meta({ id: 'Track', description: "A place's route track for the map and the elevation profile." });
export type Track = z.infer<typeof TrackSchema>;

export const TrackUploadResponseSchema = z
  .object({ track: TrackSummarySchema })
  .meta({ id: 'TrackUploadResponse', description: 'The figures of the track just stored.' });
export type TrackUploadResponse = z.infer<typeof TrackUploadResponseSchema>;

/** A slug for the download's file name: 'Laguna 69' -> 'laguna-69' ('recorrido' when nothing is left). */
export function trackFileSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'recorrido';
}
