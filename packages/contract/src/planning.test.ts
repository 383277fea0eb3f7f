import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_STATE,
  EARTH_RADIUS_KM,
  collectInOrder,
  distanceKm,
  durationMatches,
  formatKm,
  haversineKm,
  planningPredicates,
  planSearch,
  readSearchState,
  sortPermutation,
  sortPlaces,
  travelHoursMatches,
  writeSearchState,
  type DurationBand,
  type Plannable,
  type SearchState,
} from './planning.js';
import { buildSearchIndex } from './search.js';
import { normalize } from './text.js';

interface P extends Plannable {
  name: string;
  city: string;
  difficulty: string;
}

let day = 0;
/** Each call is one day newer than the previous one. */
function place(name: string, over: Partial<P> = {}): P {
  day += 1;
  return {
    name,
    city: 'Lima',
    difficulty: 'Media',
    time: [2, 4],
    time_city: 3,
    rating: 0,
    comments: 0,
    created_at: new Date(Date.UTC(2025, 0, day)).toISOString(),
    lat: null,
    lon: null,
    ...over,
  };
}
const names = (list: readonly { name: string }[]) => list.map((p) => p.name);

const LIMA = { lat: -12.0464, lon: -77.0428 };

describe("'Horas de viaje': at most N hours from its city", () => {
  it('keeps places whose time_city is at most N, N included', () => {
    expect(travelHoursMatches({ time_city: 3 }, 3)).toBe(true);
    expect(travelHoursMatches({ time_city: 2.5 }, 3)).toBe(true);
    expect(travelHoursMatches({ time_city: 3.01 }, 3)).toBe(false);
    expect(travelHoursMatches({ time_city: 0 }, 1)).toBe(true);
  });
});

describe("'Duración de la caminata': the walking range overlaps the band", () => {
  const cases: [[number, number], DurationBand[]][] = [
    [[1, 2], ['short']],
    [[0, 0], ['short']],
    [[1, 3], ['short', 'medium']], // touches 3: may take 3 hours
    [[2, 5], ['short', 'medium']],
    [[3.5, 5], ['medium']],
    [[4, 8], ['medium', 'long']],
    [[6, 6], ['medium']], // exactly 6 is not "more than 6"
    [[6, 6.5], ['medium', 'long']],
    [[7, 9], ['long']],
    [[1, 10], ['short', 'medium', 'long']],
  ];
  it.each(cases)('a walk of %j hours is in %j', (time, bands) => {
    const inBands = (['short', 'medium', 'long'] as const).filter((b) => durationMatches({ time }, b));
    expect(inBands).toEqual(bands);
  });
});

describe('straight-line distance (haversine)', () => {
  it('matches known distances', () => {
    // Nashville (BNA) to Los Angeles (LAX): 2887.26 km with R = 6372.8 km (the classic worked example).
    expect(haversineKm({ lat: 36.12, lon: -86.67 }, { lat: 33.94, lon: -118.4 })).toBeCloseTo((2887.26 * EARTH_RADIUS_KM) / 6372.8, 1);
    // London to Paris, city centres: 343.6 km.
    expect(haversineKm({ lat: 51.5074, lon: -0.1278 }, { lat: 48.8566, lon: 2.3522 })).toBeCloseTo(343.56, 0);
    // Lima to Cusco, main squares: about 573 km.
    expect(Math.round(haversineKm(LIMA, { lat: -13.5167, lon: -71.9787 }))).toBe(573);
    // A quarter of the equator, and a whole half meridian.
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 90 })).toBeCloseTo((Math.PI / 2) * EARTH_RADIUS_KM, 6);
    expect(haversineKm({ lat: 90, lon: 0 }, { lat: -90, lon: 0 })).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
  });
  it('is zero for one point, symmetric, and crosses the antimeridian the short way', () => {
    expect(haversineKm(LIMA, LIMA)).toBe(0);
    const a = { lat: -9.0457, lon: -77.6115 };
    expect(haversineKm(a, LIMA)).toBeCloseTo(haversineKm(LIMA, a), 9);
    expect(haversineKm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(111.19, 1);
  });
  it('is unknown without the origin or the place coordinates', () => {
    expect(distanceKm({ lat: null, lon: null }, LIMA)).toBeNull();
    expect(distanceKm({}, LIMA)).toBeNull();
    expect(distanceKm({ lat: -9, lon: -77 }, null)).toBeNull();
    expect(distanceKm({ lat: -12.0464, lon: -77.0428 }, LIMA)).toBe(0);
  });
  it("words the distance on a card as 'a N km'", () => {
    expect(formatKm(0.4)).toBe('a menos de 1 km');
    expect(formatKm(0.6)).toBe('a 1 km');
    expect(formatKm(12.4)).toBe('a 12 km');
    expect(formatKm(572.9)).toBe('a 573 km');
  });
});

describe("'Ordenar por'", () => {
  // Created in this order: a is the oldest, e the newest.
  const a = place('a', { time_city: 2, rating: 4.5, comments: 2, lat: -11.35, lon: -77.37 }); // ~80 km from Lima
  const b = place('b', { time_city: 1, rating: 4.5, comments: 10 }); // no coordinates
  const c = place('c', { time_city: 2, rating: 5, comments: 1, lat: -9.05, lon: -77.61 }); // ~337 km
  const d = place('d', { time_city: 4, rating: 0, comments: 0, lat: -11.91, lon: -76.52 }); // ~59 km
  const e = place('e', { time_city: 2, rating: 4.5, comments: 2 }); // no coordinates
  const list = [a, b, c, d, e];

  it("'Más recientes' (default) lists newest first, whatever order the list came in", () => {
    expect(names(sortPlaces(list, 'newest'))).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(names(sortPlaces([c, a, e, b, d], 'newest'))).toEqual(['e', 'd', 'c', 'b', 'a']);
  });
  it("'Menos horas de viaje': fewest hours first, ties newest first", () => {
    expect(names(sortPlaces(list, 'travel'))).toEqual(['b', 'e', 'c', 'a', 'd']);
  });
  it("'Mejor calificados': rating, then number of reviews, then newest", () => {
    expect(names(sortPlaces(list, 'rating'))).toEqual(['c', 'b', 'e', 'a', 'd']);
  });
  it("'Más cerca de mí': nearest trailhead first, places without coordinates last (newest first)", () => {
    expect(names(sortPlaces(list, 'near', LIMA))).toEqual(['d', 'a', 'c', 'e', 'b']);
    // From Huaraz, Laguna 69's trailhead (c) is the nearest.
    expect(names(sortPlaces(list, 'near', { lat: -9.527, lon: -77.528 }))).toEqual(['c', 'a', 'd', 'e', 'b']);
  });
  it("'Más cerca de mí' before the position is known keeps the newest first", () => {
    expect(names(sortPlaces(list, 'near', null))).toEqual(['e', 'd', 'c', 'b', 'a']);
  });
  it('equal places keep the order they came in, and a bad date sorts as the oldest', () => {
    const twin1 = { ...a, name: 't1' };
    const twin2 = { ...a, name: 't2' };
    const undated = { ...a, name: 'x', created_at: 'no es fecha' };
    expect(names(sortPlaces([undated, twin1, twin2], 'newest'))).toEqual(['t1', 't2', 'x']);
    expect(names(sortPlaces([twin2, twin1], 'near', LIMA))).toEqual(['t2', 't1']);
  });
  it('a permutation covers every place once', () => {
    for (const order of ['newest', 'travel', 'rating', 'near'] as const) {
      expect([...sortPermutation(list, order, LIMA)].sort()).toEqual([0, 1, 2, 3, 4]);
    }
    expect(sortPermutation([], 'near', LIMA)).toHaveLength(0);
  });
});

describe('filtering in one pass, in the chosen order', () => {
  const list = [
    place('Laguna Churup', { city: 'Huaraz', time: [3, 4], time_city: 1, lat: -9.48, lon: -77.44, rating: 4 }),
    place('Lomas de Lachay', { time: [1, 3], time_city: 2.5, lat: -11.35, lon: -77.37, rating: 5 }),
    place('Nevado Huaytapallana', { city: 'Huancayo', time: [6, 8], time_city: 2, lat: -11.93, lon: -75.06, rating: 3 }),
    place('Laguna 69', { city: 'Huaraz', time: [5, 6], time_city: 3, rating: 4.8 }),
    place('Cañón de Autisha', { time: [1, 2], time_city: 3, lat: -11.74, lon: -76.61, rating: 4.1 }),
  ];
  const entries = list.map((item) => ({ item, name: normalize(item.name), city: normalize(item.city) }));
  type E = (typeof entries)[number];
  /** A text predicate as the search index gives them: over precomputed normalised keys. */
  const nameStarts = (typed: string) => (e: E) => e.name.split(' ').some((w) => w.startsWith(normalize(typed)));
  const run = (state: Partial<SearchState>, extra: ((e: E) => boolean)[] = [], origin = LIMA) => {
    const s = { ...DEFAULT_SEARCH_STATE, ...state };
    return names(collectInOrder(entries, sortPermutation(list, s.sort, origin), [...extra, ...planningPredicates<E>(s)]));
  };

  it('without filters lists everything in the chosen order', () => {
    expect(run({})).toEqual(['Cañón de Autisha', 'Laguna 69', 'Nevado Huaytapallana', 'Lomas de Lachay', 'Laguna Churup']);
    expect(run({ sort: 'rating' })).toEqual(['Lomas de Lachay', 'Laguna 69', 'Cañón de Autisha', 'Laguna Churup', 'Nevado Huaytapallana']);
  });
  it('combines hours, duration and a name typed without accents or capitals', () => {
    expect(run({ hours: 2 })).toEqual(['Nevado Huaytapallana', 'Laguna Churup']);
    expect(run({ duration: 'short' })).toEqual(['Cañón de Autisha', 'Lomas de Lachay', 'Laguna Churup']);
    expect(run({ duration: 'medium', hours: 3 })).toEqual(['Laguna 69', 'Nevado Huaytapallana', 'Lomas de Lachay', 'Laguna Churup']);
    expect(run({ duration: 'long', sort: 'near' })).toEqual(['Nevado Huaytapallana']);
    expect(run({ sort: 'near' }, [nameStarts('LAGUNA')])).toEqual(['Laguna Churup', 'Laguna 69']);
    expect(run({ sort: 'near', hours: 3 }, [nameStarts('canon')])).toEqual(['Cañón de Autisha']);
    expect(run({ hours: 1, duration: 'long' })).toEqual([]);
  });
  it('planSearch: the search index and its text filters (accents, case, word starts) with the planning filters and order', () => {
    const index = buildSearchIndex(list);
    const plan = (filters: Parameters<typeof planSearch>[2], sort: SearchState['sort'] = 'newest', origin: typeof LIMA | null = LIMA) =>
      names(planSearch(index, sortPermutation(list, sort, origin), filters));
    const none = { hours: null, duration: null };
    expect(plan({ ...none, name: 'LAGUNA', city: 'HUARÁZ' }, 'near')).toEqual(['Laguna Churup', 'Laguna 69']);
    expect(plan({ ...none, name: 'canon' })).toEqual(['Cañón de Autisha']);
    expect(plan({ ...none, name: 'de', hours: 3, duration: 'short' }, 'travel')).toEqual(['Lomas de Lachay', 'Cañón de Autisha']);
    expect(plan({ name: 'hua', hours: 2, duration: 'long' }, 'rating')).toEqual(['Nevado Huaytapallana']);
    expect(plan({ ...none, city: 'lima', difficulty: 'Media' }, 'near', null)).toEqual(['Cañón de Autisha', 'Lomas de Lachay']);
    expect(plan({ ...none, name: 'zzz' })).toEqual([]);
    expect(names(planSearch(index, null, none))).toEqual(names(list));
  });
  it('no predicate and no order gives the list as it is', () => {
    expect(names(collectInOrder(entries, null, []))).toEqual(names(list));
    expect(planningPredicates({ hours: null, duration: null })).toEqual([]);
  });
});

describe('the search state in the URL', () => {
  const read = (query: string) => readSearchState(new URLSearchParams(query));

  it('an empty URL is the default state, and the default state writes an empty URL', () => {
    expect(read('')).toEqual(DEFAULT_SEARCH_STATE);
    expect(writeSearchState(DEFAULT_SEARCH_STATE).toString()).toBe('');
  });
  it('restores every field it wrote', () => {
    const state: SearchState = {
      name: 'cañón del',
      city: 'Lima',
      difficulty: 'Dificil',
      hours: 4,
      duration: 'long',
      openIn: 2,
      free: true,
      noAgency: true,
      sort: 'near',
      view: 'map',
    };
    const query = writeSearchState(state).toString();
    expect(query).toBe('name=ca%C3%B1%C3%B3n+del&city=Lima&difficulty=Dificil&hours=4&duration=long&open=2&free=1&no_agency=1&sort=near&view=map');
    expect(read(query)).toEqual(state);
    // docs/product.md#access-facts: 'Este mes' stays 'this month' in a shared link.
    expect(read('open=este-mes').openIn).toBe('now');
    expect(writeSearchState({ ...DEFAULT_SEARCH_STATE, openIn: 'now' }).toString()).toBe('open=este-mes');
    for (const bad of ['open=0', 'open=13', 'open=febrero', 'free=no']) expect(read(bad)).toEqual(DEFAULT_SEARCH_STATE);
  });
  it('reads values whatever their accents or capitals, and writes them canonically', () => {
    const state = read('difficulty=fácil&sort=RATING&view= MAP &duration=Short');
    expect(state).toMatchObject({ difficulty: 'Facil', sort: 'rating', view: 'map', duration: 'short' });
    expect(writeSearchState(state).toString()).toBe('difficulty=Facil&duration=short&sort=rating&view=map');
  });
  it.each([
    ['sort=furthest', { sort: 'newest' }],
    ['sort=', { sort: 'newest' }],
    ['hours=-3', { hours: null }],
    ['hours=abc', { hours: null }],
    ['hours=7', { hours: null }], // not an offered option
    ['hours=1e3', { hours: null }],
    ['hours=Infinity', { hours: null }],
    ['hours=NaN', { hours: null }],
    ['hours= 3 ', { hours: 3 }],
    ['duration=eterna', { duration: null }],
    ['view=satellite', { view: 'list' }],
    ['difficulty=Imposible', { difficulty: '' }],
    ['sort=near&sort=rating', { sort: 'near' }],
  ])('ignores junk %s and restores the default', (query, expected) => {
    expect(read(query)).toMatchObject(expected);
  });
  it('keeps parameters it does not own and caps over-long texts', () => {
    const out = writeSearchState({ ...DEFAULT_SEARCH_STATE, hours: 2 }, new URLSearchParams('volver=%2Fx&sort=near'));
    expect(out.toString()).toBe('volver=%2Fx&hours=2');
    expect(read(`name=${'a'.repeat(5000)}`).name).toHaveLength(200);
  });
});
