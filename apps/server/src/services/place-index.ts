import { eq, inArray, sql } from 'drizzle-orm';
import { encodePlaceIndex, factsFilterFields, packFacts, PLACE_INDEX_FORMAT, PLACE_INDEX_MAX, type AccessKind, type PlaceIndexEntry } from '@sendero/contract';
import { places } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import { makeCachedBody, type CachedBody } from '@/http/cached-body.js';
import { onPlaceChange } from './place-changes-hub.js';
import { SortedCache, type SortedCacheOrder, type SortedCacheSource } from './sorted-cache.js';

/**
 * The browsing index (docs/product.md#catalogue): one compact entry per place, kept in memory per
 * database handle and updated ONE ENTRY AT A TIME after each write, so a review or a verification at
 * 10,000 places costs a one-row read and a re-serialization, not a read of every row.
 *
 * - `verified` view: what everyone lists; `all` view: what an administrator lists. Both newest first.
 * - Subscribed to the place-change hub (place-changes-hub.ts): after a write commits, the entry is re-read (or
 *   dropped when the place is gone) before the next answer. Concurrent writes are applied in the order
 *   their re-reads finish, and each re-read sees the committed row, so the index converges to what a
 *   full rebuild would give (tested).
 * - Other processes' writes cannot reach this memory: the hub's `placesDropped(db)` drops everything (the
 *   place-change listener of several processes calls it), and without one the index is rebuilt when
 *   older than `PLACE_INDEX_TTL_MS` while another process may write (PostgreSQL only: PGlite's data
 *   directory belongs to one process).
 * - The body is the compact column format of the contract (place-index-wire.ts,
 *   docs/decisions/028-compact-place-index.md). Each entry's column values are serialized once when
 *   read; a view's body joins them column by column lazily once per version (only the city dictionary
 *   and the time differences depend on the neighbours), with a hash ETag; compressed forms lazily too.
 */
export const PLACE_INDEX_TTL_MS = 1000;

/** The columns serialized per entry, in the body's order (the city and the time are per body). */
const FIXED_COLUMNS = ['id', 'name', 'difficulty', 'time_min', 'time_max', 'time_city', 'photo', 'rating', 'comments', 'lat', 'lon'] as const;

interface Item {
  entry: PlaceIndexEntry;
  /** The entry's value in each of FIXED_COLUMNS, serialized once: a write re-serializes one entry, not all. */
  cols: string[];
  /** created_at in whole seconds (the body sends differences). */
  seconds: number;
  verified: boolean;
  /** created_at in ms, then id: the sort key (newest first). */
  at: number;
}

/** The columns of an index entry (also selected by the server search, services/place-search.ts). */
export const indexColumns = {
  id: places.id,
  name: places.name,
  city: places.city,
  difficulty: places.difficulty,
  timeMin: places.timeMin,
  timeMax: places.timeMax,
  timeCity: places.timeCity,
  photo: sql<string | null>`${places.photos}[1]`,
  rating: places.rating,
  comments: places.comments,
  createdAt: places.createdAt,
  lat: places.lat,
  lon: places.lon,
  verified: places.verified,
  /** Only a closed place has a closure note; `closedUntil` is then its last day or null (docs/product.md#trail-conditions). */
  closed: sql<boolean>`(${places.closureNote} is not null)`,
  closedUntil: places.closedUntil,
  /** docs/product.md#access-facts: what the filters 'Abierto en', 'Entrada libre' and 'Sin agencia' read. */
  closedMonths: places.closedMonths,
  feePen: places.feePen,
  access: places.access,
};

type IndexRow = {
  id: string;
  name: string;
  city: string;
  difficulty: PlaceIndexEntry['difficulty'];
  timeMin: number;
  timeMax: number;
  timeCity: number;
  photo: string | null;
  rating: number;
  comments: number;
  createdAt: Date;
  lat: number | null;
  lon: number | null;
  verified: boolean;
  closed: boolean;
  closedUntil: string | null;
  closedMonths: number[];
  feePen: number | string | null;
  access: AccessKind | null;
};

export function toIndexEntry(row: Omit<IndexRow, 'verified'>): PlaceIndexEntry {
  return {
    _id: row.id,
    name: row.name,
    city: row.city,
    difficulty: row.difficulty,
    time: [row.timeMin, row.timeMax],
    time_city: row.timeCity,
    photo: row.photo ?? null,
    rating: Number(row.rating),
    comments: row.comments,
    created_at: row.createdAt.toISOString(),
    lat: row.lat,
    lon: row.lon,
    ...(row.closed && { closed: { until: row.closedUntil } }),
    ...factsFilterFields({ closed_months: row.closedMonths, fee_pen: row.feePen === null ? null : Number(row.feePen), access: row.access }),
  };
}

function toItem(row: IndexRow): Item {
  const entry = toIndexEntry(row);
  // The contract's encoder on this one entry gives its column values (the oracle of the whole body).
  const wire = encodePlaceIndex([entry]) as unknown as Record<(typeof FIXED_COLUMNS)[number], unknown[]>;
  const cols = FIXED_COLUMNS.map((c) => JSON.stringify(wire[c][0]));
  return { entry, cols, seconds: Math.floor(row.createdAt.getTime() / 1000), verified: row.verified, at: row.createdAt.getTime() };
}

/** Newest first; equal times by id descending (the same order as the SQL `created_at desc, id desc`). */
const order: SortedCacheOrder<Item> = {
  id: (i) => i.entry._id,
  before: (a, b) => (a.at !== b.at ? a.at > b.at : a.entry._id > b.entry._id),
};

export type IndexView = 'verified' | 'all';

export class PlaceIndex {
  private bodies = new Map<string, CachedBody>();
  /** Every place (verified or not), kept in order and updated one place at a time after a write. */
  private readonly items = new SortedCache<Item>(order, () => this.bodies.clear());
  private readonly source: SortedCacheSource<Item>;

  constructor(
    db: Db,
    /** Set on each placeIndexFor() call: the place-change listener makes it Infinity while connected. */
    public ttlMs: number,
  ) {
    this.source = {
      all: async () => ((await db.select(indexColumns).from(places)) as IndexRow[]).map(toItem),
      some: async (ids) =>
        (
          (await db
            .select(indexColumns)
            .from(places)
            .where(ids.length === 1 ? eq(places.id, ids[0]!) : inArray(places.id, ids))) as IndexRow[]
        ).map(toItem),
    };
  }

  /** Time of the last re-read after a write, for the benchmark (ms). */
  get lastUpdateMs(): number {
    return this.items.lastUpdateMs;
  }

  /** Drops everything; the next read rebuilds from the database. */
  invalidate(): void {
    this.items.invalidate();
  }

  /** A place changed (created, edited, verified, reviewed, deleted): re-read that one entry before the next answer. */
  changed(id: string): void {
    this.items.changed(id);
  }

  /** The index brought up to date: loaded, expired (when other processes may write), pending entries applied. */
  private fresh(): Promise<readonly Item[]> {
    return this.items.fresh(this.source, this.ttlMs);
  }

  /** The entries of a view, newest first. */
  async entries(view: IndexView): Promise<PlaceIndexEntry[]> {
    const items = await this.fresh();
    const shown = view === 'all' ? items : items.filter((i) => i.verified);
    return shown.map((i) => i.entry);
  }

  /** The first photo's URL of a place (any place in the index: its id is the key), or null. */
  async photoOf(id: string): Promise<string | null> {
    await this.fresh();
    return this.items.get(id)?.entry.photo ?? null;
  }

  /** How many verified places there are. */
  async verifiedCount(): Promise<number> {
    const items = await this.fresh();
    let n = 0;
    for (const i of items) if (i.verified) n++;
    return n;
  }

  /** The view (optionally its `limit` newest) as ready-to-send bytes with an ETag, serialized once per version. */
  async body(view: IndexView, limit?: number): Promise<CachedBody> {
    const items = await this.fresh();
    const key = `${view}:${limit ?? ''}`;
    let body = this.bodies.get(key);
    if (!body) {
      body = makeCachedBody(Buffer.from(joinColumns(items, view, limit)));
      this.bodies.set(key, body);
    }
    return body;
  }
}

/**
 * The body of a view: the entries' serialized column values joined column by column. The same bytes
 * as JSON.stringify(encodePlaceIndex(entries)) (tested), without serializing every entry again.
 */
function joinColumns(items: readonly Item[], view: IndexView, limit?: number): string {
  const fixed: string[][] = FIXED_COLUMNS.map(() => []);
  const cities: string[] = [];
  const cityIndex = new Map<string, number>();
  const city: number[] = [];
  const created: number[] = [];
  const closed: number[] = [];
  const closedUntil: string[] = [];
  const facts: number[] = [];
  let previous = 0;
  for (const i of items) {
    if (view === 'verified' && !i.verified) continue;
    for (let c = 0; c < fixed.length; c++) fixed[c]!.push(i.cols[c]!);
    let n = cityIndex.get(i.entry.city);
    if (n === undefined) {
      n = cities.push(i.entry.city) - 1;
      cityIndex.set(i.entry.city, n);
    }
    if (i.entry.closed) {
      closed.push(city.length);
      closedUntil.push(JSON.stringify(i.entry.closed.until));
    }
    facts.push(packFacts(i.entry));
    city.push(n);
    created.push(created.length === 0 ? i.seconds : previous - i.seconds);
    previous = i.seconds;
    if (limit !== undefined && city.length >= limit) break;
  }
  const column = (name: (typeof FIXED_COLUMNS)[number]) => `[${fixed[FIXED_COLUMNS.indexOf(name)]!.join(',')}]`;
  return (
    `{"v":${PLACE_INDEX_FORMAT},"cities":${JSON.stringify(cities)},"id":${column('id')},"name":${column('name')},"city":[${city.join(',')}],` +
    `"difficulty":${column('difficulty')},"time_min":${column('time_min')},"time_max":${column('time_max')},"time_city":${column('time_city')},` +
    `"photo":${column('photo')},"rating":${column('rating')},"comments":${column('comments')},"created":[${created.join(',')}],` +
    `"lat":${column('lat')},"lon":${column('lon')}${closed.length > 0 ? `,"closed":[${closed.join(',')}],"closed_until":[${closedUntil.join(',')}]` : ''}` +
    `${facts.some((bits) => bits !== 0) ? `,"facts":[${facts.join(',')}]` : ''}}`
  );
}

const indexes = new WeakMap<Db, PlaceIndex>();

/**
 * The index of a database handle. `ttlMs` applies when other processes may write to the same database
 * (PostgreSQL): 0 keeps the index until a write or an invalidation.
 */
export function placeIndexFor(db: Db, ttlMs = 0): PlaceIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new PlaceIndex(db, ttlMs);
    indexes.set(db, index);
  }
  index.ttlMs = ttlMs;
  return index;
}

onPlaceChange({
  changed: (db, id) => indexes.get(db)?.changed(id),
  dropped: (db) => indexes.get(db)?.invalidate(),
});

export { PLACE_INDEX_MAX };
