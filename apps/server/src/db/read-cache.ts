import { PGlite } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import type { Db } from './types.js';
import { writeGeneration } from './write-generation.js';

/**
 * Values read from the embedded database, kept until its next write (docs/decisions/031-pglite-read-cache.md).
 * Only on PGlite: the one process that holds it sees every write (db/write-generation.ts), so a value
 * read while the write generation kept one number is exactly what a new read would answer until the
 * number moves. On PostgreSQL other processes write too, so `on(db)` answers null and callers read.
 *
 * How to fill it: `const at = cache.generation()` BEFORE the read, then `cache.set(key, value, at)`;
 * the value is kept only if no write ran in between. Every entry of a cache was read in the same
 * generation; the first look after a write drops them all. Bounded by entries (least recently used
 * out first) and by an estimate of their bytes.
 */
export interface ReadCache<V> {
  /** The write generation now: take it before the read whose result is `set`. */
  generation(): number;
  get(key: string): V | undefined;
  set(key: string, value: V, readAt: number): void;
}

export interface ReadCacheOptions<V> {
  maxEntries: number;
  /** The most bytes kept, as `bytesOf` estimates them. */
  maxBytes?: number;
  bytesOf?: (value: V) => number;
}

/** A kind of cached value, one store per PGlite instance (a closed instance's store goes with it). */
export function readCache<V extends object>(options: ReadCacheOptions<V>): { on(db: Db): ReadCache<V> | null } {
  const stores = new WeakMap<PGlite, ReadCache<V>>();
  return {
    on(db) {
      const client = (db as unknown as { $client: unknown }).$client;
      if (!(client instanceof PGlite) || writeGeneration(client) === null) return null;
      let cache = stores.get(client);
      if (!cache) stores.set(client, (cache = bind(client)));
      return cache;
    },
  };

  function bind(client: PGlite): ReadCache<V> {
    // Least recently used out first, by entries and, where `bytesOf` is given, by its estimate of bytes
    // (a value bigger than maxBytes is not kept at all).
    const entries = new LRUCache<string, V>(
      options.bytesOf ? { max: options.maxEntries, maxSize: options.maxBytes ?? Number.MAX_SAFE_INTEGER, sizeCalculation: (value) => Math.max(1, Math.ceil(options.bytesOf!(value))) } : { max: options.maxEntries },
    );
    let keptAt = -1;
    const now = () => writeGeneration(client)!;
    // Every entry was read in generation `keptAt`; the first look after a write drops them all.
    const current = () => {
      const generation = now();
      if (keptAt !== generation) {
        keptAt = generation;
        entries.clear();
      }
      return entries;
    };
    return {
      generation: now,
      get: (key) => current().get(key),
      set(key, value, readAt) {
        const kept = current();
        if (readAt === keptAt) kept.set(key, value); // else a write ran during the read
      },
    };
  }
}
