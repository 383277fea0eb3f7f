import { describe, expect, it } from 'vitest';
import { TRACK_TEXT, trackDistanceText, trackDurationText, trackMetresText } from '@sendero/contract';
import { elevationDomain, metresOrNone, profilePointText, profileStep } from './track-format';
import { measureLine, pointAlong } from './track-geometry';

describe("the figures of 'Recorrido'", () => {
  it('writes the distance in km with one decimal, metres whole, the time as hours and minutes', () => {
    expect(trackDistanceText(12_345)).toBe('12.3 km');
    expect(trackDistanceText(800)).toBe('0.8 km');
    expect(trackMetresText(4_612.4)).toBe('4,612 m');
    expect(trackDurationText(330)).toBe('5 h 30 min');
    expect(trackDurationText(45)).toBe('45 min');
  });

  it("says 'Sin datos' for a figure the file could not give", () => {
    expect(metresOrNone(null)).toBe(TRACK_TEXT.noData);
    expect(metresOrNone(0)).toBe('0 m');
    expect(metresOrNone(812.6)).toBe('813 m');
  });

  it('names a point of the profile by its km and altitude', () => {
    expect(profilePointText(3_240, 4_120.2)).toBe('Km 3.2: 4,120 m de altitud');
    expect(profilePointText(0, 850)).toBe('Km 0.0: 850 m de altitud');
  });
});

describe('the vertical axis of the profile', () => {
  it("spans the track's own lowest to highest point with a small margin", () => {
    // An 800 m climb at 4,000 m fills the chart (docs/product.md#tracks).
    const d = elevationDomain([[0, 4000], [5000, 4800], [9000, 4100]]);
    expect(d).toEqual({ min: 3960, max: 4840 });
    expect(d.max - d.min).toBeLessThan(800 * 1.15);
  });

  it('keeps a margin on a flat track and copes with no elevation', () => {
    expect(elevationDomain([[0, 100], [10, 100]])).toEqual({ min: 90, max: 110 });
    expect(elevationDomain([])).toEqual({ min: 0, max: 100 });
  });

  it('steps about 1 % of the points per arrow key and 10 % per page', () => {
    expect(profileStep(500)).toBe(5);
    expect(profileStep(500, true)).toBe(50);
    expect(profileStep(20)).toBe(1);
  });
});

describe('a profile point on the map', () => {
  // Along the equator, 0.01 degrees of longitude is about 1,112 m.
  const line = [
    [[0, 0, 10], [0.01, 0, 20]],
    [[0.05, 0, 30], [0.06, 0, 40]],
  ] as const;

  it('measures each segment, a gap between segments adding nothing', () => {
    expect(measureLine(line).total).toBeCloseTo(2 * 1111.95, 0);
  });

  it('puts a fraction of the distance at that fraction along the line', () => {
    const m = measureLine(line);
    expect(pointAlong(m, 0)).toEqual({ lat: 0, lon: 0 });
    expect(pointAlong(m, 0.25)!.lon).toBeCloseTo(0.005, 9);
    // Half way is the end of the first segment (the gap is not walked).
    expect(pointAlong(m, 0.5)!.lon).toBeCloseTo(0.01, 9);
    expect(pointAlong(m, 0.75)!.lon).toBeCloseTo(0.055, 9);
    expect(pointAlong(m, 1)).toEqual({ lat: 0, lon: 0.06 });
    expect(pointAlong(m, 7)).toEqual({ lat: 0, lon: 0.06 });
    expect(pointAlong(measureLine([]), 0.5)).toBeNull();
  });
});
