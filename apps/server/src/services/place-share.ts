import { and, eq, sql } from 'drizzle-orm';
import { MSG, type Difficulty, type PlacePreview } from '@sendero/contract';
import { places, uploads } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import { notFound } from '@/errors.js';
import { onPlaceChange, placeCacheMaxAge } from './place-changes-hub.js';
import { isUuid } from './places.js';

/**
 * What a shared link shows of a destination (docs/product.md#sharing): the preview call's answer and the
 * facts of the page's meta tags. Only VERIFIED places are ever read here: an unverified, deleted or
 * unknown id is `null`, so nothing of a place under review can reach a link preview.
 *
 * Kept per database handle in a bounded cache (a crawler asking for every page must not grow memory
 * without bound), subscribed to the place-change hub (place-changes-hub.ts): dropped for one place
 * after every committed write that can change it, and all at once when another process wrote. Where other processes may write (PostgreSQL), entries also expire as the
 * browsing index's do while the place-change listener is disconnected.
 */
export interface SharedPlace {
  preview: PlacePreview;
  description: string;
  /** Size of the first photo when it is an upload of this server (its recorded size). */
  photoSize: { width: number; height: number } | null;
}

export const PLACE_SHARE_CACHE_MAX = 5000;

async function readSharedPlace(db: Db, id: string): Promise<SharedPlace | null> {
  const [row] = await db
    .select({
      id: places.id,
      name: places.name,
      city: places.city,
      timeCity: places.timeCity,
      difficulty: places.difficulty,
      photo: sql<string | null>`${places.photos}[1]`,
      rating: places.rating,
      comments: places.comments,
      description: places.description,
    })
    .from(places)
    .where(and(eq(places.id, id), eq(places.verified, true)))
    .limit(1);
  if (!row) return null;
  let photoSize: SharedPlace['photoSize'] = null;
  if (row.photo) {
    const [upload] = await db.select({ width: uploads.width, height: uploads.height }).from(uploads).where(eq(uploads.url, row.photo)).limit(1);
    if (upload) photoSize = upload;
  }
  return {
    preview: {
      _id: row.id,
      name: row.name,
      city: row.city,
      time_city: row.timeCity,
      difficulty: row.difficulty as Difficulty,
      photo: row.photo ?? null,
      rating: Number(row.rating),
      comments: row.comments,
    },
    description: row.description,
    photoSize,
  };
}

interface Entry {
  value: Promise<SharedPlace | null>;
  at: number;
}

class PlaceShareCache {
  private entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly db: Db) {}

  /** `maxAgeMs` 0 or Infinity: kept until a write drops it. */
  get(id: string, maxAgeMs: number): Promise<SharedPlace | null> {
    const key = id.toLowerCase();
    const hit = this.entries.get(key);
    if (hit && (maxAgeMs === 0 || Date.now() - hit.at < maxAgeMs)) {
      // Most recently used last: the oldest is evicted first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const generation = this.generation;
    const entry: Entry = { value: readSharedPlace(this.db, key), at: Date.now() };
    this.entries.set(key, entry);
    if (this.entries.size > PLACE_SHARE_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    // A failed read is not remembered; neither is one that an invalidation overtook.
    void entry.value.then(
      () => {
        if (this.generation !== generation && this.entries.get(key) === entry) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  changed(id: string): void {
    this.generation++;
    this.entries.delete(id.toLowerCase());
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

const caches = new WeakMap<Db, PlaceShareCache>();

function cacheFor(db: Db): PlaceShareCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PlaceShareCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The shareable facts of a verified place, or null (unverified, deleted, unknown, not a UUID). Trusted
 * as long as the place-change listener says (place-changes-hub.ts `placeCacheMaxAge`), else `fallbackMaxAgeMs`.
 */
export function getSharedPlace(db: Db, id: string, fallbackMaxAgeMs = 0): Promise<SharedPlace | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return cacheFor(db).get(id, placeCacheMaxAge(db, fallbackMaxAgeMs));
}

/** GET /api/place/{id}/preview: 404 for anything but a verified place. */
export async function getPlacePreview(db: Db, id: string, fallbackMaxAgeMs = 0): Promise<PlacePreview> {
  const shared = await getSharedPlace(db, id, fallbackMaxAgeMs);
  if (!shared) throw notFound(MSG.placeNotFound);
  return shared.preview;
}

onPlaceChange({
  changed: (db, id) => caches.get(db)?.changed(id),
  dropped: (db) => caches.get(db)?.clear(),
});
