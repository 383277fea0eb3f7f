import { PGlite } from '@electric-sql/pglite';
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

interface Store<V> {
  generation: number;
  entries: Map<string, { value: V; bytes: number }>;
  bytes: number;
}

/** A kind of cached value, one store per PGlite instance (a closed instance's store goes with it). */
export function readCache<V>(options: ReadCacheOptions<V>): { on(db: Db): ReadCache<V> | null } {
  const stores = new WeakMap<PGlite, ReadCache<V>>();
  const maxBytes = options.maxBytes ?? Infinity;
  const bytesOf = options.bytesOf ?? (() => 0);
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
    const store: Store<V> = { generation: -1, entries: new Map(), bytes: 0 };
    const now = () => writeGeneration(client)!;
    const current = () => {
      const generation = now();
      if (store.generation !== generation) {
        store.generation = generation;
        store.entries = new Map();
        store.bytes = 0;
      }
      return store;
    };
    return {
      generation: now,
      get(key) {
        const { entries } = current();
        const entry = entries.get(key);
        if (!entry) return undefined;
        // Most recently used last.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value;
      },
      set(key, value, readAt) {
        const s = current();
        if (readAt !== s.generation) return; // a write ran during the read
        const bytes = bytesOf(value);
        if (bytes > maxBytes) return;
        const old = s.entries.get(key);
        if (old) {
          s.entries.delete(key);
          s.bytes -= old.bytes;
        }
        s.entries.set(key, { value, bytes });
        s.bytes += bytes;
        for (const [oldest, entry] of s.entries) {
          if (s.entries.size <= options.maxEntries && s.bytes <= maxBytes) break;
          s.entries.delete(oldest);
          s.bytes -= entry.bytes;
        }
      },
    };
  }
}
