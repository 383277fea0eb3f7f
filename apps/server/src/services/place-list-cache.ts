import { createHash } from 'node:crypto';
import type { Db } from '@/db/types.js';
import { makeCachedBody, type CachedBody } from '@/http/cached-body.js';
import { onPlaceChange, placeCacheMaxAge } from './place-changes-hub.js';
import { SortedCache, type SortedCacheOrder, type SortedCacheSource } from './sorted-cache.js';

/**
 * The serialized list of verified places (GET /api/place for everyone but admins), kept ready as
 * bytes with a strong ETag, plus gzip and brotli forms made once per version instead of per request.
 *
 * Consistency (docs/architecture.md#caching-and-consistency, several processes on one database):
 * - In this process every write that can change the list (create/update/verify/delete a place,
 *   create/delete a review) calls `placeChanged(db, id)` of the place-change hub
 *   (place-changes-hub.ts) after its transaction commits, so the next read re-reads that one place: a
 *   write shows up at once here.
 * - A write made by ANOTHER process reaches this one through PostgreSQL `LISTEN/NOTIFY`
 *   (plugins/place-changes.ts, docs/decisions/014-place-caches-until-notified.md): a trigger
 *   notifies the place's id at commit, and the listener invalidates here at once. While the listener
 *   is connected the list is kept until such a notification; while it is not (and when no listener
 *   runs), an entry also expires `PLACE_LIST_TTL_MS` after it was built, so a remote write is never
 *   "stale forever".
 * - A rebuild or a re-read that started before an invalidation is not stored (sorted-cache.ts), so
 *   a slow rebuild cannot put an older list back after a write.
 * - The ETag is a hash of the bytes, so rebuilding an unchanged list keeps clients' 304s working.
 */
export const PLACE_LIST_TTL_MS = 1000;

/** The list's bytes, ETag and compressed forms (see http/cached-body.ts). */
export type PlaceListEntry = CachedBody;

/** One place of the list: its JSON (serialized once when read) and its sort key. */
export interface PlaceListItem {
  id: string;
  /** created_at in ms (newest first, then id descending: the SQL `created_at desc, id desc`). */
  at: number;
  /** Only verified places are listed; a changed place that is not (any more) is dropped. */
  verified: boolean;
  json: string;
}

/** How the cache reads places: all of them (newest first), or a few by id (after writes). */
export interface PlaceListSource {
  all(): Promise<PlaceListItem[]>;
  some(ids: string[]): Promise<PlaceListItem[]>;
}

/** An item as kept: its JSON as bytes and a hash of them, made once when read. */
interface Kept extends PlaceListItem {
  bytes: Buffer;
  hash: Buffer;
}

function keep(item: PlaceListItem): Kept {
  const bytes = Buffer.from(item.json);
  return { ...item, bytes, hash: createHash('sha256').update(bytes).digest() };
}

const COMMA = Buffer.from(',');
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/**
 * The body (the same bytes as JSON.stringify of the list) copied from the kept bytes, and its ETag as a
 * hash of the items' hashes: a write at 10,000 places costs a copy, not a re-encoding and a hash of megabytes.
 */
function listBody(items: readonly Kept[]): PlaceListEntry {
  const parts: Buffer[] = [OPEN];
  const hash = createHash('sha256');
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(item.bytes);
    hash.update(item.hash);
  });
  parts.push(CLOSE);
  hash.update(String(items.length));
  return makeCachedBody(Buffer.concat(parts), Date.now(), `"${hash.digest('base64url').slice(0, 32)}"`);
}

const order: SortedCacheOrder<Kept> = {
  id: (i) => i.id,
  before: (a, b) => (a.at !== b.at ? a.at > b.at : a.id > b.id),
};

/** The verified places of `source`, each serialized and hashed once when read. */
const keptFrom = (source: PlaceListSource): SortedCacheSource<Kept> => ({
  all: async () => (await source.all()).filter((i) => i.verified).map(keep),
  some: async (ids) => (await source.some(ids)).filter((i) => i.verified).map(keep),
});

/**
 * The verified list kept as one serialized item per place, updated one place at a time after a write
 * in this process (sorted-cache.ts), the body joined again from the kept bytes.
 */
class PlaceListCache {
  /** The items changed since `entry` was joined. */
  private dirty = true;
  private readonly items = new SortedCache<Kept>(order, () => (this.dirty = true));
  private entry: PlaceListEntry | null = null;
  /** Time of the last update after a write, body included (ms), for the benchmark. */
  lastUpdateMs = 0;

  invalidate(): void {
    this.items.invalidate();
  }

  changed(id: string): void {
    this.items.changed(id);
  }

  async get(source: PlaceListSource, maxAgeMs: number): Promise<PlaceListEntry> {
    const updating = this.items.updating;
    const started = performance.now();
    const items = await this.items.fresh(keptFrom(source), maxAgeMs);
    const previous = this.entry;
    if (previous && !this.dirty) return previous;
    // The same bytes as JSON.stringify of the list, each place serialized once when read.
    const built = listBody(items);
    // Keep the previous compressed forms when nothing changed (the ETag is a hash of the bytes).
    this.entry = previous && previous.etag === built.etag ? previous : built;
    this.dirty = false;
    if (updating) this.lastUpdateMs = performance.now() - started;
    return this.entry;
  }
}

/** One cache per database handle: each test app (and each process) has its own. */
const caches = new WeakMap<Db, PlaceListCache>();

function cacheFor(db: Db): PlaceListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PlaceListCache();
    caches.set(db, cache);
  }
  return cache;
}

export function getPlaceList(db: Db, source: PlaceListSource): Promise<PlaceListEntry> {
  return cacheFor(db).get(source, placeCacheMaxAge(db, PLACE_LIST_TTL_MS));
}

/** The last list update after a write in this process (ms), for the benchmark. */
export function placeListLastUpdateMs(db: Db): number {
  return caches.get(db)?.lastUpdateMs ?? 0;
}

onPlaceChange({
  changed: (db, id) => caches.get(db)?.changed(id),
  dropped: (db) => caches.get(db)?.invalidate(),
});
