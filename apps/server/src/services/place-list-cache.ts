import type { Db } from '@/db/types.js';
import { makeCachedBody, type CachedBody } from '@/http/cached-body.js';
import { invalidatePlaceIndex, placeIndexChanged } from './place-index.js';
import { invalidatePlaceShares, placeShareChanged } from './place-share.js';

/**
 * The serialized list of verified places (GET /api/place for everyone but admins), kept ready as
 * bytes with a strong ETag, plus gzip and brotli forms made once per version instead of per request.
 *
 * Consistency (docs/architecture.md#caching-and-consistency, several processes on one database):
 * - In this process every write that can change the list (create/update/verify/delete a place,
 *   create/delete a review) calls `invalidatePlaceList(db)` after its transaction commits, so the
 *   next read rebuilds: a write shows up at once here.
 * - A write made by ANOTHER process reaches this one through PostgreSQL `LISTEN/NOTIFY`
 *   (plugins/place-changes.ts, docs/decisions/014-verified-list-cached-one-second.md): a trigger
 *   notifies the place's id at commit, and the listener invalidates here at once. While the listener
 *   is connected the list is kept until such a notification; while it is not (and when no listener
 *   runs), an entry also expires `PLACE_LIST_TTL_MS` after it was built, so a remote write is never
 *   "stale forever".
 * - A rebuild that started before an invalidation is not stored (generation check), so a slow
 *   rebuild cannot put an older list back after a write.
 * - The ETag is a hash of the bytes, so rebuilding an unchanged list keeps clients' 304s working.
 */
export const PLACE_LIST_TTL_MS = 1000;

/** The list's bytes, ETag and compressed forms (see http/cached-body.ts). */
export type PlaceListEntry = CachedBody;

class PlaceListCache {
  private entry: PlaceListEntry | null = null;
  private generation = 0;
  private inflight: { generation: number; promise: Promise<PlaceListEntry> } | null = null;

  constructor(private readonly ttlMs: number) {}

  invalidate(): void {
    this.generation++;
    this.entry = null;
    this.inflight = null;
  }

  async get(build: () => Promise<Buffer>, maxAgeMs = this.ttlMs): Promise<PlaceListEntry> {
    const entry = this.entry;
    if (entry && Date.now() - entry.builtAt < maxAgeMs) return entry;
    // One rebuild at a time per generation: a burst of requests shares it.
    if (this.inflight && this.inflight.generation === this.generation) return this.inflight.promise;
    const generation = this.generation;
    const promise = (async () => {
      const built = makeCachedBody(await build());
      // Keep the previous entry's lazily compressed forms when nothing changed.
      const next = entry && entry.etag === built.etag ? { ...entry, builtAt: built.builtAt } : built;
      if (this.generation === generation) this.entry = next;
      return next;
    })();
    this.inflight = { generation, promise };
    try {
      return await promise;
    } finally {
      if (this.inflight?.promise === promise) this.inflight = null;
    }
  }
}

/** One cache per database handle: each test app (and each process) has its own. */
const caches = new WeakMap<Db, PlaceListCache>();

function cacheFor(db: Db): PlaceListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PlaceListCache(PLACE_LIST_TTL_MS);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * How long this process may trust its place caches of `db`, set by the place-change listener
 * (plugins/place-changes.ts): forever while it listens (every write anywhere reaches it at once),
 * `PLACE_LIST_TTL_MS` while it is disconnected. Unset: the list's TTL, and the index's own default.
 */
const maxAges = new WeakMap<Db, () => number>();

export function setPlaceCacheMaxAge(db: Db, maxAge: () => number): void {
  maxAges.set(db, maxAge);
}

/** The max age the listener gives, else `fallback`. */
export function placeCacheMaxAge(db: Db, fallback: number): number {
  return maxAges.get(db)?.() ?? fallback;
}

export function getPlaceList(db: Db, build: () => Promise<Buffer>): Promise<PlaceListEntry> {
  return cacheFor(db).get(build, placeCacheMaxAge(db, PLACE_LIST_TTL_MS));
}

/**
 * Call after every committed write that can change a place as listed (the place itself, its reviews):
 * the verified list is rebuilt on the next read, the browsing index re-reads that one entry, and the
 * shared page of that place (its meta tags and preview, place-share.ts) is read again.
 */
export function invalidatePlaceList(db: Db, placeId: string): void {
  caches.get(db)?.invalidate();
  placeIndexChanged(db, placeId);
  placeShareChanged(db, placeId);
}

/** Another process changed places: drop the list and the whole index (docs/product.md#several-processes). */
export function dropPlaceCaches(db: Db): void {
  caches.get(db)?.invalidate();
  invalidatePlaceIndex(db);
  invalidatePlaceShares(db);
}
