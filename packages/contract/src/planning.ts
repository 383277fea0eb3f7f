import { SEARCH_DIFFICULTY_OPTIONS } from './constants.js';
import { searchPredicates, type SearchFilters, type SearchIndex } from './search.js';
import { normalize } from './text.js';
import { factsPredicates, type FactsFilterable, type FactsFilters, type OpenIn } from './access-facts.js';

/**
 * Planning by hours and distance (docs/product.md#planning): the search page's filters beyond docs/product.md#search
 * ('Horas de viaje', 'Duración de la caminata'), its orders ('Ordenar por'), the 'Lista' / 'Mapa'
 * switch, and how all of them live in the URL. Pure functions, shared by the web app and its tests.
 *
 * Cost per keystroke: the filters compare numbers already on the item (nothing to normalise), and
 * each order is a permutation of the loaded list computed once per load (and once per position for
 * 'Más cerca de mí'), so a change walks the list once in that order and never sorts.
 */

/** What the planning filters and orders read of a place (the place JSON and the browsing index both fit). */
export interface Plannable extends FactsFilterable {
  time: readonly [number, number];
  time_city: number;
  rating: number;
  comments: number;
  created_at: string;
  lat?: number | null;
  lon?: number | null;
}

// ---------------------------------------------------------------------------------------------
// 'Horas de viaje': at most N hours from its city (time_city <= N)
// ---------------------------------------------------------------------------------------------

export const TRAVEL_HOURS_LABEL = 'Horas de viaje';
export const TRAVEL_HOURS_EMPTY_LABEL = 'Cualquier distancia';
export const TRAVEL_HOURS_OPTIONS = [1, 2, 3, 4, 5, 6, 8, 12] as const;
export const travelHoursLabel = (hours: number) => `Hasta ${hours} ${hours === 1 ? 'hora' : 'horas'}`;

export function travelHoursMatches(item: Pick<Plannable, 'time_city'>, hours: number): boolean {
  return item.time_city <= hours;
}

// ---------------------------------------------------------------------------------------------
// 'Duración de la caminata': the place's [min, max] walking hours overlaps the band
// ---------------------------------------------------------------------------------------------

export const DURATION_LABEL = 'Duración de la caminata';
export const DURATION_EMPTY_LABEL = 'Cualquier duración';
export const DURATION_BANDS = ['short', 'medium', 'long'] as const;
export type DurationBand = (typeof DURATION_BANDS)[number];

/**
 * Closed bands: a walk of 1 to 3 hours may take 3, so it is in 'Hasta 3 horas' and in '3 a 6 horas'.
 * 'Más de 6 horas' means more than 6: a walk of at most 6 hours is not in it.
 */
export const DURATION_BAND_INFO: Record<DurationBand, { label: string; from: number; to: number; fromExclusive: boolean }> = {
  short: { label: 'Hasta 3 horas', from: 0, to: 3, fromExclusive: false },
  medium: { label: '3 a 6 horas', from: 3, to: 6, fromExclusive: false },
  long: { label: 'Más de 6 horas', from: 6, to: Number.POSITIVE_INFINITY, fromExclusive: true },
};

export function durationMatches(item: Pick<Plannable, 'time'>, band: DurationBand): boolean {
  const { from, to, fromExclusive } = DURATION_BAND_INFO[band];
  const [min, max] = item.time;
  return min <= to && (fromExclusive ? max > from : max >= from);
}

// ---------------------------------------------------------------------------------------------
// Straight-line distance
// ---------------------------------------------------------------------------------------------

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km between two WGS84 points (haversine formula). */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function hasCoordinates<T extends { lat?: number | null; lon?: number | null }>(item: T): item is T & GeoPoint {
  return typeof item.lat === 'number' && typeof item.lon === 'number' && Number.isFinite(item.lat) && Number.isFinite(item.lon);
}

/** km from `origin` to the place's trailhead, or null when either is unknown. */
export function distanceKm(item: Pick<Plannable, 'lat' | 'lon'>, origin: GeoPoint | null | undefined): number | null {
  return origin && hasCoordinates(item) ? haversineKm(origin, item) : null;
}

/** What a card says in the 'Más cerca de mí' order: 'a N km' ('a menos de 1 km' when closer). */
export function formatKm(km: number): string {
  const rounded = Math.round(km);
  return rounded < 1 ? 'a menos de 1 km' : `a ${rounded.toLocaleString('es-PE')} km`;
}

// ---------------------------------------------------------------------------------------------
// 'Ordenar por'
// ---------------------------------------------------------------------------------------------

export const SORT_LABEL = 'Ordenar por';
export const SORT_ORDERS = ['newest', 'travel', 'rating', 'near'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SORT_ORDER_LABELS: Record<SortOrder, string> = {
  newest: 'Más recientes',
  travel: 'Menos horas de viaje',
  rating: 'Mejor calificados',
  near: 'Más cerca de mí',
};
export const DEFAULT_SORT: SortOrder = 'newest';

/**
 * The positions of `items` in the given order, computed once per load (and per position for 'near').
 * Ties keep the newest first, then the list's own order. 'Más recientes': newest first. 'Menos horas
 * de viaje': time_city ascending. 'Mejor calificados': rating, then number of reviews, descending.
 * 'Más cerca de mí': distance from `origin` ascending; places without coordinates (or every place,
 * while the position is unknown) come last.
 */
export function sortPermutation(items: readonly Plannable[], order: SortOrder, origin?: GeoPoint | null): Uint32Array {
  const n = items.length;
  const created = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = Date.parse(items[i]!.created_at);
    created[i] = Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  }
  // Primary key ascending (so "descending" orders store negatives); +Infinity sorts last.
  const key = new Float64Array(n);
  const second = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const item = items[i]!;
    if (order === 'travel') key[i] = item.time_city;
    else if (order === 'rating') {
      key[i] = -item.rating;
      second[i] = -item.comments;
    } else if (order === 'near') key[i] = distanceKm(item, origin) ?? Number.POSITIVE_INFINITY;
  }
  const positions = Array.from({ length: n }, (_, i) => i);
  positions.sort((a, b) => key[a]! - key[b]! || second[a]! - second[b]! || created[b]! - created[a]! || a - b || 0);
  return Uint32Array.from(positions);
}

/** The items in the given order (a convenience over sortPermutation). */
export function sortPlaces<T extends Plannable>(items: readonly T[], order: SortOrder, origin?: GeoPoint | null): T[] {
  return Array.from(sortPermutation(items, order, origin), (i) => items[i]!);
}

// ---------------------------------------------------------------------------------------------
// Filtering in one pass
// ---------------------------------------------------------------------------------------------

export interface PlanningFilters {
  hours: number | null;
  duration: DurationBand | null;
}

/** An index entry: at least the item (the text filters' keys sit beside it). */
export type EntryPredicate<E extends { item: Plannable }> = (entry: E) => boolean;

/**
 * 'Horas de viaje', 'Duración de la caminata' and docs/product.md#access-facts's 'Abierto en', 'Entrada
 * libre' and 'Sin agencia' as predicates over index entries (none when unset).
 */
export function planningPredicates<E extends { item: Plannable }>(filters: PlanningFilters & Partial<FactsFilters>): EntryPredicate<E>[] {
  const out: EntryPredicate<E>[] = [];
  const { hours, duration } = filters;
  if (hours !== null) out.push((e) => e.item.time_city <= hours);
  if (duration !== null) out.push((e) => durationMatches(e.item, duration));
  for (const p of factsPredicates({ openIn: filters.openIn ?? null, free: filters.free ?? false, noAgency: filters.noAgency ?? false })) out.push((e) => p(e.item));
  return out;
}

/**
 * The items of the entries that pass every predicate, walking the entries once in `order` (a
 * permutation from sortPermutation, or the list's own order when null).
 */
export function collectInOrder<E extends { item: unknown }>(
  entries: readonly E[],
  order: ArrayLike<number> | null,
  predicates: readonly ((entry: E) => boolean)[],
): E['item'][] {
  const out: E['item'][] = [];
  const n = entries.length;
  const count = predicates.length;
  for (let k = 0; k < n; k++) {
    const e = entries[order ? order[k]! : k]!;
    let ok = true;
    for (let p = 0; p < count && ok; p++) ok = predicates[p]!(e);
    if (ok) out.push(e.item);
  }
  return out;
}

/**
 * The search page's one pass (docs/product.md#planning): the text filters of docs/product.md#search over the
 * index's normalised keys, plus 'Horas de viaje' and 'Duración de la caminata', walking the entries
 * in `order` (a permutation from sortPermutation over the same list, or null for the list's order).
 */
export function planSearch<T extends Plannable>(index: SearchIndex<T>, order: ArrayLike<number> | null, filters: SearchFilters & PlanningFilters & Partial<FactsFilters>): T[] {
  return collectInOrder(index.entries, order, [...searchPredicates<T>(filters), ...planningPredicates(filters)]);
}

// ---------------------------------------------------------------------------------------------
// The search page's state in the URL
// ---------------------------------------------------------------------------------------------

export const SEARCH_VIEWS = ['list', 'map'] as const;
export type SearchView = (typeof SEARCH_VIEWS)[number];
export const SEARCH_VIEW_LABELS: Record<SearchView, string> = { list: 'Lista', map: 'Mapa' };

/** Everything the search page keeps in its URL: docs/product.md#search's three filters and docs/product.md#planning's additions. */
export interface SearchState extends PlanningFilters, FactsFilters {
  name: string;
  city: string;
  /** One of SEARCH_DIFFICULTY_OPTIONS, or '' for none. */
  difficulty: string;
  sort: SortOrder;
  view: SearchView;
}

export const DEFAULT_SEARCH_STATE: SearchState = {
  name: '',
  city: '',
  difficulty: '',
  hours: null,
  duration: null,
  openIn: null,
  free: false,
  noAgency: false,
  sort: DEFAULT_SORT,
  view: 'list',
};

/** URL parameter of each field. */
export const SEARCH_PARAMS = {
  name: 'name',
  city: 'city',
  difficulty: 'difficulty',
  hours: 'hours',
  duration: 'duration',
  openIn: 'open',
  free: 'free',
  noAgency: 'no_agency',
  sort: 'sort',
  view: 'view',
} as const satisfies Record<keyof SearchState, string>;

/** The option among `options` that `raw` names, ignoring accents, case and spaces around it. */
function pick<T extends string>(options: readonly T[], raw: string | null): T | null {
  if (raw === null) return null;
  const wanted = normalize(raw);
  return options.find((o) => normalize(o) === wanted) ?? null;
}

const MAX_TEXT = 200;

/** 'Abierto en' → 'Este mes' in the URL: `open=este-mes` (a link keeps meaning the month it is opened in). */
export const OPEN_IN_NOW_PARAM = 'este-mes';

function readOpenIn(raw: string | null): OpenIn {
  if (raw === null) return null;
  const value = raw.trim().toLowerCase();
  if (value === OPEN_IN_NOW_PARAM) return 'now';
  return /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 12 ? Number(value) : null;
}

const readFlag = (raw: string | null) => raw !== null && ['1', 'true', 'si', 'sí'].includes(raw.trim().toLowerCase());

/**
 * The search state a URL describes. Anything unknown or malformed (an unknown order, negative or
 * non-numeric hours, an unlisted band) falls back to its default; it never throws.
 */
export function readSearchState(params: URLSearchParams): SearchState {
  const text = (key: string) => (params.get(key) ?? '').slice(0, MAX_TEXT);
  const hoursRaw = params.get(SEARCH_PARAMS.hours);
  const hours = hoursRaw !== null && /^\s*\d+(\.\d+)?\s*$/.test(hoursRaw) ? Number(hoursRaw) : Number.NaN;
  return {
    name: text(SEARCH_PARAMS.name),
    city: text(SEARCH_PARAMS.city),
    difficulty: pick(SEARCH_DIFFICULTY_OPTIONS, params.get(SEARCH_PARAMS.difficulty)) ?? '',
    hours: (TRAVEL_HOURS_OPTIONS as readonly number[]).includes(hours) ? hours : null,
    duration: pick(DURATION_BANDS, params.get(SEARCH_PARAMS.duration)),
    openIn: readOpenIn(params.get(SEARCH_PARAMS.openIn)),
    free: readFlag(params.get(SEARCH_PARAMS.free)),
    noAgency: readFlag(params.get(SEARCH_PARAMS.noAgency)),
    sort: pick(SORT_ORDERS, params.get(SEARCH_PARAMS.sort)) ?? DEFAULT_SORT,
    view: pick(SEARCH_VIEWS, params.get(SEARCH_PARAMS.view)) ?? DEFAULT_SEARCH_STATE.view,
  };
}

/**
 * The URL parameters of a state: `base`'s other parameters are kept, defaults are left out (so the
 * plain page has a plain URL) and every value is written in its canonical spelling.
 */
export function writeSearchState(state: SearchState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(base);
  const put = (key: string, value: string | null) => {
    if (value) out.set(key, value);
    else out.delete(key);
  };
  put(SEARCH_PARAMS.name, state.name);
  put(SEARCH_PARAMS.city, state.city);
  put(SEARCH_PARAMS.difficulty, state.difficulty);
  put(SEARCH_PARAMS.hours, state.hours === null ? null : String(state.hours));
  put(SEARCH_PARAMS.duration, state.duration);
  put(SEARCH_PARAMS.openIn, state.openIn === null ? null : state.openIn === 'now' ? OPEN_IN_NOW_PARAM : String(state.openIn));
  put(SEARCH_PARAMS.free, state.free ? '1' : null);
  put(SEARCH_PARAMS.noAgency, state.noAgency ? '1' : null);
  put(SEARCH_PARAMS.sort, state.sort === DEFAULT_SORT ? null : state.sort);
  put(SEARCH_PARAMS.view, state.view === DEFAULT_SEARCH_STATE.view ? null : state.view);
  return out;
}
