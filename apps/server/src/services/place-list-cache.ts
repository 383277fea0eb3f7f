import { createHash } from 'node:crypto';
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
 *   create/delete a review) calls `invalidatePlaceList(db, id)` after its transaction commits, so the
 *   next read re-reads that one place: a write shows up at once here.
 * - A write made by ANOTHER process reaches this one through PostgreSQL `LISTEN/NOTIFY`
 *   (plugins/place-changes.ts, docs/decisions/014-verified-list-cached-one-second.md): a trigger
 *   notifies the place's id at commit, and the listener invalidates here at once. While the listener
 *   is connected the list is kept until such a notification; while it is not (and when no listener
 *   runs), an entry also expires `PLACE_LIST_TTL_MS` after it was built, so a remote write is never
 *   "stale forever".
 * - A rebuild or a re-read that started before an invalidation is not stored (generation check), so
 *   a slow rebuild cannot put an older list back after a write. Concurrent re-reads each see the
 *   committed row, so the list converges to what a full rebuild gives (tested).
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

const before = (a: PlaceListItem, b: PlaceListItem) => (a.at !== b.at ? a.at > b.at : a.id > b.id);

/**
 * The verified list kept as one serialized item per place, updated ONE PLACE AT A TIME after a write
 * in this process (the place re-read, its JSON replaced, inserted or dropped, the body joined again),
 * so a review at 10,000 places costs a one-row read, not a read of every row (docs/product.md#catalogue).
 */
class PlaceListCache {
  private items: Kept[] | null = null;
  private byId = new Map<string, Kept>();
  private pending = new Set<string>();
  private builtAt = 0;
  private generation = 0;
  private loading: Promise<void> | null = null;
  private entry: PlaceListEntry | null = null;
  /** The items changed since `entry` was joined. */
  private dirty = true;
  /** Time of the last update after a write, body included (ms), for the benchmark. */
  lastUpdateMs = 0;

  invalidate(): void {
    this.generation++;
    this.items = null;
    this.byId.clear();
    this.pending.clear();
    this.loading = null;
  }

  changed(id: string): void {
    if (this.items === null && this.loading === null) return;
    this.pending.add(id);
  }

  private async load(source: PlaceListSource): Promise<void> {
    const generation = this.generation;
    const items = (await source.all()).filter((i) => i.verified).map(keep);
    if (generation !== this.generation) return;
    this.items = items;
    this.byId = new Map(items.map((i) => [i.id, i]));
    this.builtAt = Date.now();
    this.dirty = true;
  }

  private async applyPending(source: PlaceListSource): Promise<void> {
    const ids = [...this.pending];
    this.pending.clear();
    const generation = this.generation;
    const found = new Map((await source.some(ids)).map((i) => [i.id, i]));
    const items = this.items;
    if (generation !== this.generation || items === null) return;
    for (const id of ids) {
      const old = this.byId.get(id);
      const next = found.get(id);
      const listed = next?.verified ? keep(next) : undefined;
      if (old) items.splice(this.position(items, old), 1);
      if (listed) items.splice(this.insertionPoint(items, listed), 0, listed);
      if (listed) this.byId.set(id, listed);
      else this.byId.delete(id);
    }
    this.dirty = true;
  }

  private position(items: PlaceListItem[], item: PlaceListItem): number {
    let lo = 0;
    let hi = items.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const m = items[mid]!;
      if (m.id === item.id) return mid;
      if (before(m, item)) lo = mid + 1;
      else hi = mid - 1;
    }
    return items.findIndex((m) => m.id === item.id);
  }

  private insertionPoint(items: PlaceListItem[], item: PlaceListItem): number {
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(items[mid]!, item)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  async get(source: PlaceListSource, maxAgeMs: number): Promise<PlaceListEntry> {
    if (this.items !== null && Date.now() - this.builtAt >= maxAgeMs) this.invalidate();
    const updating = this.pending.size > 0 && this.items !== null;
    const started = performance.now();
    while (this.items === null) {
      this.loading ??= this.load(source).finally(() => (this.loading = null));
      await this.loading;
    }
    // Writes that arrive while applying are applied on the next pass.
    while (this.pending.size > 0 && this.items !== null) await this.applyPending(source);
    const previous = this.entry;
    if (previous && !this.dirty) return previous;
    // The same bytes as JSON.stringify of the list, each place serialized once when read.
    const built = listBody(this.items ?? []);
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

export function getPlaceList(db: Db, source: PlaceListSource): Promise<PlaceListEntry> {
  return cacheFor(db).get(source, placeCacheMaxAge(db, PLACE_LIST_TTL_MS));
}

/** The last list update after a write in this process (ms), for the benchmark. */
export function placeListLastUpdateMs(db: Db): number {
  return caches.get(db)?.lastUpdateMs ?? 0;
}

/**
 * Call after every committed write that can change a place as listed (the place itself, its reviews):
 * the verified list is rebuilt on the next read, the browsing index re-reads that one entry, and the
 * shared page of that place (its meta tags and preview, place-share.ts) is read again.
 */
export function invalidatePlaceList(db: Db, placeId: string): void {
  caches.get(db)?.changed(placeId);
  placeIndexChanged(db, placeId);
  placeShareChanged(db, placeId);
}

/** Another process changed places: drop the list and the whole index (docs/product.md#several-processes). */
export function dropPlaceCaches(db: Db): void {
  caches.get(db)?.invalidate();
  invalidatePlaceIndex(db);
  invalidatePlaceShares(db);
}
