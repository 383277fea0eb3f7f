import { DIFFICULTIES, UPLOADS_PATH_PREFIX } from './constants.js';
import type { PlaceIndexEntry } from './schemas.js';
import { packFacts, unpackFacts } from './facts-bits.js';

/**
 * The browsing index as sent by GET /api/place/index (docs/product.md#catalogue,
 * docs/decisions/028-compact-place-index.md): one array per field instead of one object per place, so
 * no key is repeated; cities as indexes into a list; the difficulty as its index in DIFFICULTIES; the
 * rating in integer tenths; coordinates in integer 1e-5 degrees (about a metre); the creation time in
 * seconds, as the difference from the entry before (the index is newest first); the first photo as a
 * short cover tag (below) instead of its 70-character URL. `decodePlaceIndex` gives back the entries.
 */
export const PLACE_INDEX_FORMAT = 1;

/** Degrees are sent as integers of this unit. */
const COORD_SCALE = 1e5;

/** How many hex digits of the photo's content hash name a cover (a cache key: the place id names the place). */
export const COVER_TAG_LENGTH = 4;

const TAG_RE = /^[0-9a-f]{4}$/;
const CONTENT_UPLOAD_RE = /^\/uploads\/([0-9a-f]{64})\.webp$/;
/** `/uploads/cover-<place id without dashes>-<tag>[-400|-800].webp`: the first photo of a place. */
export const COVER_KEY_RE = /^cover-([0-9a-f]{32})-([0-9a-f]{4})(?:-(400|800))?\.webp$/;

/** The cover tag of a photo URL: the start of its content hash, or null when it is not one of our uploads. */
export function coverTag(photo: string): string | null {
  return CONTENT_UPLOAD_RE.exec(photo)?.[1]?.slice(0, COVER_TAG_LENGTH) ?? null;
}

const compactId = (id: string) => id.replace(/-/g, '');
const fullId = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The cover URL of a place (its first photo, served with the upload's -400/-800 variants). */
export function coverUrl(placeId: string, tag: string): string {
  return `${UPLOADS_PATH_PREFIX}cover-${compactId(placeId)}-${tag}.webp`;
}

/** The place id of a cover key (`cover-...webp` under /uploads/), with its tag and width. */
export function parseCoverKey(key: string): { placeId: string; tag: string; width: 400 | 800 | null } | null {
  const m = COVER_KEY_RE.exec(key);
  if (!m) return null;
  return { placeId: fullId(m[1]!), tag: m[2]!, width: m[3] ? (Number(m[3]) as 400 | 800) : null };
}

/**
 * The index as sent; its zod schema (the API's response schema) is PlaceIndexWireSchema in
 * place-index-wire-schema.ts. This module imports no zod: the landing decodes the index in its first
 * bundle, and a schema here would bring all of zod into it (docs/decisions/027-landing-javascript-budget.md).
 */
export interface PlaceIndexWire {
  v: typeof PLACE_INDEX_FORMAT;
  cities: string[];
  id: string[];
  name: string[];
  city: number[];
  difficulty: number[];
  time_min: number[];
  time_max: number[];
  time_city: number[];
  photo: (string | null)[];
  rating: number[];
  comments: number[];
  created: number[];
  lat: (number | null)[];
  lon: (number | null)[];
  /**
   * Temporarily closed places only (docs/product.md#trail-conditions): their positions in the arrays,
   * and in `closed_until` their last closed day (null: until reopened). Both absent when none is
   * closed, so an open catalogue pays nothing for them.
   */
  closed?: number[];
  closed_until?: (string | null)[];
  /**
   * docs/product.md#access-facts: one integer per place (packFacts: bits 0-11 the closed months, 12 a
   * free entry, 13 an agency needed); absent when every place's is 0.
   */
  facts?: number[];
}

/** The entries an index sends (also the server's oracle: decode(encode(x)) is x as sent). */
export function encodePlaceIndex(entries: readonly PlaceIndexEntry[]): PlaceIndexWire {
  const cities: string[] = [];
  const cityIndex = new Map<string, number>();
  let previous = 0;
  const wire: PlaceIndexWire = { v: PLACE_INDEX_FORMAT, cities, id: [], name: [], city: [], difficulty: [], time_min: [], time_max: [], time_city: [], photo: [], rating: [], comments: [], created: [], lat: [], lon: [] };
  entries.forEach((e, i) => {
    let c = cityIndex.get(e.city);
    if (c === undefined) {
      c = cities.push(e.city) - 1;
      cityIndex.set(e.city, c);
    }
    const seconds = Math.floor(Date.parse(e.created_at) / 1000);
    wire.id.push(compactId(e._id));
    wire.name.push(e.name);
    wire.city.push(c);
    wire.difficulty.push(DIFFICULTIES.indexOf(e.difficulty));
    wire.time_min.push(e.time[0]);
    wire.time_max.push(e.time[1]);
    wire.time_city.push(e.time_city);
    wire.photo.push(e.photo === null ? null : (coverTag(e.photo) ?? e.photo));
    wire.rating.push(Math.round(e.rating * 10));
    wire.comments.push(e.comments);
    wire.created.push(i === 0 ? seconds : previous - seconds);
    previous = seconds;
    wire.lat.push(e.lat === null ? null : Math.round(e.lat * COORD_SCALE));
    wire.lon.push(e.lon === null ? null : Math.round(e.lon * COORD_SCALE));
    if (e.closed) {
      (wire.closed ??= []).push(i);
      (wire.closed_until ??= []).push(e.closed.until);
    }
  });
  const facts = entries.map(packFacts);
  if (facts.some((bits) => bits !== 0)) wire.facts = facts;
  return wire;
}

/** The entries of a sent index, newest first (photos as cover URLs, times to the second, coordinates to 1e-5). */
export function decodePlaceIndex(wire: PlaceIndexWire): PlaceIndexEntry[] {
  const out: PlaceIndexEntry[] = new Array(wire.id.length);
  const closed = new Map((wire.closed ?? []).map((position, n) => [position, wire.closed_until?.[n] ?? null]));
  let seconds = 0;
  for (let i = 0; i < wire.id.length; i++) {
    const id = fullId(wire.id[i]!);
    const photo = wire.photo[i] ?? null;
    seconds = i === 0 ? wire.created[0]! : seconds - wire.created[i]!;
    const lat = wire.lat[i] ?? null;
    const lon = wire.lon[i] ?? null;
    out[i] = {
      _id: id,
      name: wire.name[i]!,
      city: wire.cities[wire.city[i]!]!,
      difficulty: DIFFICULTIES[wire.difficulty[i]!]!,
      time: [wire.time_min[i]!, wire.time_max[i]!],
      time_city: wire.time_city[i]!,
      photo: photo === null ? null : TAG_RE.test(photo) ? coverUrl(id, photo) : photo,
      rating: wire.rating[i]! / 10,
      comments: wire.comments[i]!,
      created_at: new Date(seconds * 1000).toISOString(),
      lat: lat === null ? null : lat / COORD_SCALE,
      lon: lon === null ? null : lon / COORD_SCALE,
    };
    if (closed.has(i)) out[i]!.closed = { until: closed.get(i) ?? null };
    const bits = wire.facts?.[i] ?? 0;
    if (bits !== 0) Object.assign(out[i]!, unpackFacts(bits));
  }
  return out;
}
