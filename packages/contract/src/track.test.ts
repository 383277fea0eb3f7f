import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { trackDistanceText, trackDurationText } from './track-texts.js';
import {
  climbWithHysteresis,
  dinDurationMin,
  EARTH_RADIUS_M,
  haversineM,
  normaliseTrack,
  simplifyTrackLine,
  trackFileSlug,
  trackProblem,
  trackProfile,
  trackSummary,
  TRACK_LINE_MAX_POINTS,
  TRACK_MAX_POINTS,
  TRACK_PROFILE_MAX_POINTS,
  TrackSchema,
  type TrackPoint,
} from './track.js';
import { PlaceDetailSchema } from './schemas.js';

/** docs/product.md#tracks */

/** Metres per degree of latitude on the haversine sphere. */
const M_PER_DEG = (Math.PI / 180) * EARTH_RADIUS_M;
const UPDATED = '2026-11-28T10:00:00.000Z';

/** A deterministic pseudo-random sequence (mulberry32) so the noisy tracks are the same every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Gaussian noise by Box-Muller. */
function gaussian(rand: () => number, sigma: number): number {
  const u = Math.max(rand(), 1e-12);
  return sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** `n` points along the meridian `lon`, from `lat0` going north in steps of `stepDeg`. */
function meridian(n: number, lat0: number, stepDeg: number, ele: (i: number) => number | null, lon = -77.5): TrackPoint[] {
  return Array.from({ length: n }, (_, i): TrackPoint => [lon, lat0 + i * stepDeg, ele(i)]);
}

describe('distance', () => {
  it('a straight line along a meridian is R times the latitude difference in radians', () => {
    // 1,001 points, 0.0001 degrees apart: 0.1 degrees = 11,119.5 m by hand (6,371,008.8 x 0.1 x pi/180).
    const points = meridian(1001, -9.5, 0.0001, () => null);
    const s = trackSummary([points], UPDATED);
    const byHand = 6_371_008.8 * 0.1 * (Math.PI / 180);
    expect(byHand).toBeCloseTo(11_119.5, 1);
    expect(Math.abs(s.distance_m - byHand) / byHand).toBeLessThan(0.01);
    expect(s.distance_m).toBe(Math.round(byHand));
    expect(s.points).toBe(1001);
  });

  it('along the equator a degree of longitude is as long as a degree of latitude', () => {
    expect(haversineM([0, 0], [1, 0])).toBeCloseTo(M_PER_DEG, 3);
    expect(haversineM([-77, -12], [-77, -11])).toBeCloseTo(M_PER_DEG, 3);
  });

  it('two segments with a gap: the gap adds nothing', () => {
    // Segment A: 0.01 degrees north (1,111.95 m); segment B starts 0.5 degrees away, 0.02 degrees long.
    const a = meridian(11, -13, 0.001, () => null);
    const b = meridian(21, -12.5, 0.001, () => null, -77.4);
    const s = trackSummary([a, b], UPDATED);
    const byHand = 0.03 * M_PER_DEG;
    expect(Math.abs(s.distance_m - byHand) / byHand).toBeLessThan(0.01);
    expect(s.points).toBe(32);
  });

  it('does not depend on the direction walked (property)', () => {
    const point = fc.tuple(fc.double({ min: -80, max: -70, noNaN: true }), fc.double({ min: -15, max: -5, noNaN: true }));
    fc.assert(
      fc.property(fc.array(point, { minLength: 2, maxLength: 50 }), (pts) => {
        const track: TrackPoint[] = pts.map(([lon, lat]) => [lon, lat, null]);
        const forward = trackSummary([track], UPDATED).distance_m;
        const backward = trackSummary([[...track].reverse()], UPDATED).distance_m;
        expect(Math.abs(forward - backward)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('elevation', () => {
  it('no elevation: the four elevation figures are null and the time is the horizontal time', () => {
    const points = meridian(1001, -9.5, 0.0001, () => null);
    const s = trackSummary([points], UPDATED);
    expect(s).toMatchObject({ ascent_m: null, descent_m: null, min_ele_m: null, max_ele_m: null });
    expect(s.duration_min).toBe(Math.round((s.distance_m / 4000) * 60));
    expect(trackProfile([points])).toEqual([]);
  });

  it('a climb and a descent with GPS noise stay within 10 % of the noise-free truth', () => {
    // 2,001 points 11.1 m apart (22.2 km): up 800 m from 3,200 m over the first half, down again over
    // the second; every elevation off by Gaussian noise of 4 m (a phone's GPS).
    const rand = random(33);
    const truth = (i: number) => 3200 + 800 * (i <= 1000 ? i / 1000 : (2000 - i) / 1000);
    const noisy = meridian(2001, -9.5, 0.0001, (i) => truth(i) + gaussian(rand, 4));
    const clean = trackSummary([meridian(2001, -9.5, 0.0001, truth)], UPDATED);
    // Smoothing rounds the summit and the ends off by a metre or two.
    expect(Math.abs(clean.ascent_m! - 800)).toBeLessThanOrEqual(3);
    expect(Math.abs(clean.descent_m! - 800)).toBeLessThanOrEqual(3);
    const s = trackSummary([noisy], UPDATED);
    expect(Math.abs(s.ascent_m! - 800) / 800).toBeLessThan(0.1);
    expect(Math.abs(s.descent_m! - 800) / 800).toBeLessThan(0.1);
    expect(Math.abs(s.max_ele_m! - 4000)).toBeLessThan(10);
    expect(Math.abs(s.min_ele_m! - 3200)).toBeLessThan(10);
    // Summing every step of the raw elevations would count the noise: far more than the truth.
    let raw = 0;
    for (let i = 1; i < noisy.length; i++) raw += Math.max(0, noisy[i]![2]! - noisy[i - 1]![2]!);
    expect(raw).toBeGreaterThan(1.5 * 800);
  });

  it('wobbles under 5 m count nothing; a 6 m step counts', () => {
    expect(climbWithHysteresis([100, 104, 100, 104, 100, 104])).toEqual({ ascent: 0, descent: 0 });
    expect(climbWithHysteresis([100, 106])).toEqual({ ascent: 6, descent: 0 });
    expect(climbWithHysteresis([100, 120, 117, 130, 100])).toEqual({ ascent: 30, descent: 30 });
  });

  it('points without elevation are skipped, not read as 0', () => {
    const points = meridian(201, -9.5, 0.0001, (i) => (i % 3 === 0 ? null : 1000 + i));
    const s = trackSummary([points], UPDATED);
    expect(s.min_ele_m).toBeGreaterThan(990);
    expect(s.ascent_m).toBeGreaterThan(150);
    expect(s.descent_m).toBe(0);
  });

  it('a gap between segments counts no climb either', () => {
    const a = meridian(101, -13, 0.0001, () => 3000);
    const b = meridian(101, -12.9, 0.0001, () => 3500);
    const s = trackSummary([a, b], UPDATED);
    expect(s).toMatchObject({ ascent_m: 0, descent_m: 0, min_ele_m: 3000, max_ele_m: 3500 });
  });

  it('climb minus descent is the smoothed change from start to end, give or take the 5 m threshold (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 5000, noNaN: true }), { minLength: 2, maxLength: 200 }), (eles) => {
        const { ascent, descent } = climbWithHysteresis(eles);
        expect(ascent).toBeGreaterThanOrEqual(0);
        expect(descent).toBeGreaterThanOrEqual(0);
        expect(Math.abs(ascent - descent - (eles.at(-1)! - eles[0]!))).toBeLessThanOrEqual(5 + 1e-6);
      }),
    );
  });
});

describe('DIN 33466 hiking time', () => {
  it('12 km, 600 m up, 600 m down: 3 h across, 3 h 12 min vertical, 4 h 42 min', () => {
    // Horizontal 12 / 4 = 3 h; vertical 600/300 + 600/500 = 2 + 1.2 = 3.2 h; 3.2 + 3/2 = 4.7 h = 282 min.
    expect(dinDurationMin(12_000, 600, 600)).toBe(282);
  });
  it('8 km, 1,200 m up, nothing down: the climb dominates, 5 h', () => {
    // Horizontal 2 h; vertical 4 h; 4 + 2/2 = 5 h.
    expect(dinDurationMin(8_000, 1200, 0)).toBe(300);
  });
  it('10 km, 300 m up, 1,000 m down: 4 h 15 min', () => {
    // Horizontal 2.5 h; vertical 1 + 2 = 3 h; 3 + 2.5/2 = 4.25 h = 255 min.
    expect(dinDurationMin(10_000, 300, 1000)).toBe(255);
  });
  it('without elevation: the horizontal time alone', () => {
    expect(dinDurationMin(10_000, null, null)).toBe(150);
  });
  it('the summary uses it', () => {
    const truth = (i: number) => 3000 + 600 * (i / 1000);
    const s = trackSummary([meridian(1001, -9.5, 0.0001, truth)], UPDATED);
    expect(s.duration_min).toBe(dinDurationMin(s.distance_m, s.ascent_m, s.descent_m));
  });
});

describe('checking and normalising parsed points', () => {
  const ok: number[][] = [
    [-77, -9, 4000],
    [-77.001, -9.001, 4001],
  ];
  it('accepts two points with or without elevation', () => {
    expect(trackProblem([ok])).toBeNull();
    expect(trackProblem([[[-77, -9], [-77.1, -9.1]]])).toBeNull();
  });
  it('refuses fewer than 2 points, out-of-range coordinates, bad elevations and too many points', () => {
    expect(trackProblem([])).toBe('invalid');
    expect(trackProblem([[[-77, -9, 10]]])).toBe('invalid');
    expect(trackProblem([[[-77, -91], [-77, -9]]])).toBe('invalid');
    expect(trackProblem([[[181, -9], [-77, -9]]])).toBe('invalid');
    expect(trackProblem([[[Number.NaN, -9], [-77, -9]]])).toBe('invalid');
    expect(trackProblem([[[-77, -9, Number.NaN], [-77, -9.1, 1]]])).toBe('invalid');
    expect(trackProblem([[[-77, -9, 1e300], [-77, -9.1, 1]]])).toBe('invalid');
    const many = Array.from({ length: TRACK_MAX_POINTS + 1 }, (_, i) => [-77, -9 + i * 1e-6]);
    expect(trackProblem([many])).toBe('tooManyPoints');
    expect(trackProblem([many.slice(0, TRACK_MAX_POINTS)])).toBeNull();
  });
  it('keeps longitude, latitude and elevation only, rounded', () => {
    expect(normaliseTrack([[[-77.123456789, -9.5, 4000.04, 1700000000], [-77, -9.6]], []])).toEqual([
      [
        [-77.1234568, -9.5, 4000],
        [-77, -9.6, null],
      ],
    ]);
  });
});

describe('line and profile', () => {
  /** A wandering 20,000-point path with climbs, in two segments. */
  function wandering(n: number, seed: number): TrackPoint[][] {
    const rand = random(seed);
    let lon = -77.5;
    let lat = -9.5;
    let heading = 0;
    let ele = 3500;
    const pts: TrackPoint[] = [];
    for (let i = 0; i < n; i++) {
      heading += (rand() - 0.5) * 0.6;
      lon += Math.cos(heading) * 0.00005;
      lat += Math.sin(heading) * 0.00005;
      ele += (rand() - 0.45) * 2;
      pts.push([lon, lat, ele]);
    }
    return [pts.slice(0, n / 2), pts.slice(n / 2)];
  }

  it('a long line keeps at most 2,000 original points, close to the limit, with every segment\'s ends', () => {
    const track = wandering(20_000, 7);
    const line = simplifyTrackLine(track);
    const count = line.reduce((n, s) => n + s.length, 0);
    expect(count).toBeLessThanOrEqual(TRACK_LINE_MAX_POINTS);
    expect(count).toBeGreaterThan(TRACK_LINE_MAX_POINTS * 0.8);
    expect(line).toHaveLength(2);
    line.forEach((segment, i) => {
      expect(segment[0]).toEqual(track[i]![0]);
      expect(segment.at(-1)).toEqual(track[i]!.at(-1));
      const originals = new Set(track[i]!.map((p) => p.join()));
      for (const p of segment) expect(originals.has(p.join())).toBe(true);
    });
  });

  it('a short line is kept whole', () => {
    const track = wandering(1000, 8);
    expect(simplifyTrackLine(track)).toEqual(track);
  });

  it('the profile has at most 500 pairs, distances growing from 0 to the whole length', () => {
    const track = wandering(20_000, 9);
    const profile = trackProfile(track);
    const s = trackSummary(track, UPDATED);
    expect(profile.length).toBe(TRACK_PROFILE_MAX_POINTS);
    expect(profile[0]![0]).toBe(0);
    expect(Math.abs(profile.at(-1)![0] - s.distance_m)).toBeLessThanOrEqual(1);
    for (let i = 1; i < profile.length; i++) expect(profile[i]![0]).toBeGreaterThanOrEqual(profile[i - 1]![0]);
    for (const [, e] of profile) {
      expect(e).toBeGreaterThanOrEqual(s.min_ele_m! - 1);
      expect(e).toBeLessThanOrEqual(s.max_ele_m! + 1);
    }
  });

  it('line and profile fit their schema', () => {
    const track = wandering(3000, 10);
    const body = { summary: trackSummary(track, UPDATED), line: simplifyTrackLine(track), profile: trackProfile(track) };
    expect(TrackSchema.parse(body)).toEqual(body);
  });

  it('the place detail carries the summary or null', () => {
    expect(PlaceDetailSchema.shape.track.safeParse(null).success).toBe(true);
    expect(PlaceDetailSchema.shape.track.safeParse(trackSummary(wandering(100, 1), UPDATED)).success).toBe(true);
  });
});

describe('texts', () => {
  it('distance in km with one decimal, time in hours and minutes, a slug for the file', () => {
    expect(trackDistanceText(12_345)).toBe('12.3 km');
    expect(trackDistanceText(1_234_567)).toBe('1,234.6 km');
    expect(trackDurationText(330)).toBe('5 h 30 min');
    expect(trackDurationText(45)).toBe('45 min');
    expect(trackDurationText(180)).toBe('3 h');
    expect(trackFileSlug('Laguna 69 — Huascarán')).toBe('laguna-69-huascaran');
    expect(trackFileSlug('¿?')).toBe('recorrido');
  });
});
