/**
 * Planning budget (docs/product.md#planning): 5,000 places, one filter change with every filter
 * active (name, city, difficulty, 'Horas de viaje', 'Duración de la caminata') in the 'Más cerca de
 * mí' order, against the name filter of docs/product.md#search alone, side by side in the same process over
 * the same simulated keystrokes. Budget: at most 2x the name filter's time, and under 4 ms.
 */
import { performance } from 'node:perf_hooks';
import {
  buildSearchIndex,
  distanceKm,
  durationMatches,
  filterIndex,
  filterNaive,
  planSearch,
  sortPermutation,
  type DurationBand,
  type GeoPoint,
  type Plannable,
  type SearchFilters,
  type Searchable,
} from '@sendero/contract';
import { alternatingPasses, makeKeystrokes, makePlaces, type Timing } from './web-search.js';

export const PLANNING_BUDGET_MS = 4;
export const PLANNING_MAX_RATIO = 2;

type Place = Searchable & Plannable;

/** Deterministic, like web-search.ts: two runs time the same work. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The search bench's places with what planning reads: hours, walking range, rating, date, and a trailhead on 4 of 5 (in Peru). */
export function makePlannablePlaces(): Place[] {
  const next = rng(7);
  const start = Date.UTC(2024, 0, 1);
  return makePlaces().map((p, i) => {
    const min = Math.round(next() * 8 * 2) / 2;
    return {
      ...p,
      time: [min, min + Math.round(next() * 6 * 2) / 2] as [number, number],
      time_city: Math.round(next() * 12 * 2) / 2,
      rating: Math.round(next() * 50) / 10,
      comments: Math.floor(next() * 40),
      created_at: new Date(start + (5000 - i) * 3_600_000).toISOString(),
      ...(next() < 0.8 ? { lat: -18 + next() * 15, lon: -81 + next() * 12 } : { lat: null, lon: null }),
    };
  });
}

const LIMA: GeoPoint = { lat: -12.0464, lon: -77.0428 };
const PLANNING: { hours: number; duration: DurationBand }[] = [
  { hours: 6, duration: 'medium' },
  { hours: 3, duration: 'short' },
  { hours: 12, duration: 'long' },
];

/** The same keystrokes as the search bench, with every other filter set: the full search page. */
function fullKeystrokes(): (SearchFilters & { hours: number; duration: DurationBand })[] {
  const keys = makeKeystrokes();
  return keys.map((k, i) => ({
    name: k.name ?? 'la',
    city: k.city ?? 'hua',
    difficulty: k.difficulty ?? 'Media',
    ...PLANNING[i % PLANNING.length]!,
  }));
}

export interface PlanningBenchResult {
  places: number;
  keystrokes: number;
  /** The 'Más cerca de mí' order, computed once per position. */
  nearOrderMs: number;
  full: Timing;
  nameOnly: Timing;
  ratio: number;
  withinBudget: boolean;
}

export function runPlanningBench(rounds = 5): PlanningBenchResult {
  const places = makePlannablePlaces();
  const index = buildSearchIndex(places);
  const nameKeys = makeKeystrokes().map((k) => ({ name: k.name ?? k.city ?? '' }));
  const fullKeys = fullKeystrokes();

  const t = performance.now();
  const near = sortPermutation(places, 'near', LIMA);
  const nearOrderMs = performance.now() - t;

  // Same answers as an independent reference first: a fast wrong filter would be no result at all.
  const byDistance = (a: Place, b: Place) => (distanceKm(a, LIMA) ?? Infinity) - (distanceKm(b, LIMA) ?? Infinity);
  for (const f of fullKeys.slice(0, 60)) {
    const got = planSearch(index, near, f).map((p) => (p as { name: string }).name);
    const want = filterNaive(places, f)
      .filter((p) => p.time_city <= f.hours && durationMatches(p, f.duration))
      .sort((a, b) => byDistance(a, b) || Date.parse(b.created_at) - Date.parse(a.created_at))
      .map((p) => p.name);
    if (got.join('|') !== want.join('|')) throw new Error(`planSearch disagrees with the reference on ${JSON.stringify(f)}`);
  }

  const {
    timings: [a, b],
    timed,
  } = alternatingPasses(rounds, [
    { keys: fullKeys, search: (f) => planSearch(index, near, f).length },
    { keys: nameKeys, search: (f) => filterIndex(index, f).length },
  ]);
  const ratio = a.meanMs / b.meanMs;
  return {
    places: places.length,
    keystrokes: timed,
    nearOrderMs,
    full: a,
    nameOnly: b,
    ratio,
    withinBudget: ratio <= PLANNING_MAX_RATIO && a.meanMs <= PLANNING_BUDGET_MS,
  };
}
