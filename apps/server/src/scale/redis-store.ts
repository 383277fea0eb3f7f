import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { SnapshotMemoryStore, type Callback, type RawStore } from '@/plugins/rate-limit-store.js';

/**
 * Rate-limit counters in Redis (docs/decisions/001-rate-limit-counters-in-redis-or-memory.md, revised): every
 * process counts into the same keys, so N processes enforce one limit. Redis is a helper, not a
 * dependency of the site: while it is unreachable each process counts in its own memory (logged once
 * when that starts and once when Redis is back), and no request waits for it.
 */

// @fastify/rate-limit's own Redis store (an atomic Lua INCR + PEXPIRE, and a read-only twin); like its
// LocalStore, it is not part of the plugin's typed exports.
const PluginRedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => RawStore;

/**
 * A command that takes longer than this counts as "Redis unreachable" for that request. A slow Redis
 * (a loaded host, a far network) must still count: below this, its answer is waited for, so the limits
 * stay shared (docs/decisions/039-uploads-admitted-by-expected-wait.md). A Redis that is gone closes the
 * connection, and commands then fail at once (no offline queue).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 5000;
/** At start, how long the server waits for Redis before it starts counting in memory. */
export const REDIS_READY_WAIT_MS = 2000;

/**
 * One ioredis client for the counters: commands fail at once instead of queueing while disconnected
 * (the store then counts in memory), and it reconnects forever with a backoff capped at 2 s.
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2000),
    lazyConnect: true,
  });
}

/** Follows the client's state and logs each change between "shared in Redis" and "per process" once. */
export class RedisHealth {
  private shared = false;
  private announced: 'shared' | 'local' | null = null;
  private stopping = false;

  constructor(
    readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    redis.on('ready', () => this.set(true));
    redis.on('close', () => this.set(false));
    redis.on('end', () => this.set(false));
    // ioredis emits connection errors as events; without a listener they would be printed as unhandled.
    redis.on('error', () => this.set(false));
  }

  private failedAt = 0;

  /** Whether to ask Redis: connected, and not within a second of a command that failed. */
  get isShared(): boolean {
    return this.redis.status === 'ready' && (this.shared || Date.now() - this.failedAt >= 1000);
  }

  /** A command failed although the client looked ready (a timeout, a Redis that stopped answering). */
  commandFailed(): void {
    this.failedAt = Date.now();
    this.set(false);
  }

  commandSucceeded(): void {
    if (!this.shared) this.set(true);
  }

  /** The server stops: the connection is closed on purpose, which is not Redis going away (nothing logged). */
  close(): void {
    this.stopping = true;
    this.redis.disconnect();
  }

  private set(shared: boolean): void {
    if (this.stopping) return;
    this.shared = shared;
    const state = shared ? 'shared' : 'local';
    if (this.announced === state) return;
    // The first "local" is only announced after the start-up wait (see waitUntilReady).
    if (this.announced === null && !shared) return;
    this.announced = state;
    if (shared) this.log.info('rate limits: counters shared through Redis');
    else this.log.warn('rate limits: Redis is unreachable, counting in this process until it is back');
  }

  /** Connects and waits up to `ms` for Redis; resolves either way (the site starts without Redis). */
  async waitUntilReady(ms = REDIS_READY_WAIT_MS): Promise<boolean> {
    this.redis.connect().catch(() => undefined);
    const ready = await new Promise<boolean>((resolve) => {
      if (this.redis.status === 'ready') return resolve(true);
      const timer = setTimeout(() => done(false), ms);
      const onReady = () => done(true);
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(value);
      };
      this.redis.on('ready', onReady);
    });
    if (!ready && this.announced === null) {
      this.announced = 'local';
      this.log.warn('rate limits: Redis is unreachable at start, counting in this process until it is back');
    }
    return ready;
  }
}

/**
 * A @fastify/rate-limit store that counts in Redis while it is reachable and in memory otherwise. Every
 * increment is also counted in this process's memory, so when Redis goes away (or answers later than
 * REDIS_COMMAND_TIMEOUT_MS) the process goes on from what it has counted itself in the window, not from
 * zero: the limit is never wider than the documented one per process. Redis's counters are used again as
 * soon as it is back.
 *
 * Keys read `<REDIS_KEY_PREFIX>rl:<name>:<id>`: each limiter's key generator names it (`auth:`,
 * `login-attempts:`, `upload:`, `forgot:`...), and an e-mail address in a key is an HMAC of it
 * (plugins/rate-limits.ts), never the address.
 */
export class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly health: RedisHealth,
    private readonly remote: RawStore,
    private readonly local: SnapshotMemoryStore,
  ) {}

  /** The store class the plugin instantiates with its merged options. */
  static factory(health: RedisHealth, keyPrefix: string): new (options: FastifyRateLimitOptions) => FallbackStore {
    const keys = `${keyPrefix}rl:`;
    return class extends FallbackStore {
      constructor(options: FastifyRateLimitOptions) {
        super(health, FallbackStore.remoteStore(health, options, keys), new SnapshotMemoryStore(options));
      }
    };
  }

  /**
   * The plugin's Redis store under `keys`. Its own `child` appends the route's method and URL, which are
   * `undefinedundefined` for the limiters made with `createRateLimit`; the key generators name the keys
   * instead, so every child uses the same prefix.
   */
  private static remoteStore(health: RedisHealth, options: unknown, keys: string): RawStore {
    const o = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
    const store = new PluginRedisStore(Boolean(o.continueExceeding), Boolean(o.exponentialBackoff), health.redis, keys);
    store.child = (routeOptions: unknown) => FallbackStore.remoteStore(health, routeOptions, keys);
    return store;
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    // Counted here first: the fallback's answer when Redis does not give one.
    this.local.incr(
      key,
      (localError, localResult) => {
        if (!this.health.isShared) return cb(localError, localResult);
        this.remote.incr(
          key,
          (error, result) => {
            if (error || !result) {
              this.health.commandFailed();
              return cb(localError, localResult);
            }
            this.health.commandSucceeded();
            cb(null, { current: Number(result.current), ttl: Number(result.ttl) });
          },
          timeWindow,
          max,
        );
      },
      timeWindow,
      max,
    );
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    const local = () => this.local.read(key, cb, timeWindow, max);
    if (!this.health.isShared) return local();
    this.remote.read(
      key,
      (error, result) => {
        if (error || !result) {
          this.health.commandFailed();
          return local();
        }
        this.health.commandSucceeded();
        cb(null, { current: Number(result.current), ttl: Number(result.ttl) });
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(this.health, this.remote.child(routeOptions), this.local.child(routeOptions) as SnapshotMemoryStore);
  }
}
