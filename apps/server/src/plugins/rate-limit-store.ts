import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';

type Result = { current: number; ttl: number };
export type Callback = (error: Error | null, result?: Result) => void;
/** The untyped store interface of @fastify/rate-limit's own stores (LocalStore, RedisStore). */
export interface RawStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RawStore;
}

// The plugin's own in-memory store (an LRU of 5000 keys by default); not part of its typed exports.
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => RawStore;

/**
 * @fastify/rate-limit's LocalStore hands every caller the SAME mutable counter object; the plugin reads it
 * after an `await`, so requests counted in the same tick all see the last count (12 parallel logins with a
 * limit of 5 were all refused). This store answers each call with a snapshot of the count it produced,
 * which makes parallel requests get exactly `max` passes. Same store interface (incr, read, child): a
 * Redis store can replace it (README decision 1).
 */
export class SnapshotMemoryStore implements FastifyRateLimitStore {
  private readonly inner: RawStore;

  /** Built by the plugin with its merged options (which carry continueExceeding, exponentialBackoff, cache). */
  constructor(options: FastifyRateLimitOptions | RawStore) {
    if ('incr' in options && typeof options.incr === 'function') {
      this.inner = options as RawStore;
    } else {
      const o = options as { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
      this.inner = new LocalStore(Boolean(o.continueExceeding), Boolean(o.exponentialBackoff), o.cache);
    }
  }

  private static snapshot(cb: Callback): Callback {
    return (error, result) => cb(error, result && { current: result.current, ttl: result.ttl });
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.inner.incr(key, SnapshotMemoryStore.snapshot(cb), timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.inner.read(key, SnapshotMemoryStore.snapshot(cb), timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new SnapshotMemoryStore(this.inner.child(routeOptions));
  }
}
