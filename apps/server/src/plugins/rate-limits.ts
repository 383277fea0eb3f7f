import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from '@/errors.js';
import { SnapshotMemoryStore } from '@/plugins/rate-limit-store.js';
import { createRedisClient, FallbackStore, RedisHealth } from '@/scale/redis-store.js';
import { normalizeEmail } from '@/services/auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler: login + register attempts per IP (AUTH_RATE_LIMIT_PER_IP a minute, one shared counter). */
    authRateLimit: preHandlerAsyncHookHandler;
    /**
     * Login attempts (docs/decisions/ on login limits): `begin` counts the attempt BEFORE the password is
     * checked (atomically, so parallel requests cannot slip through) and throws 429 with Retry-After;
     * `succeeded` / `failed` record the outcome.
     */
    /**
     * The part of a rate-limit key that stands for an e-mail address: an HMAC of the normalised address
     * under the server's secret, so the counters (in Redis too) never carry the address itself.
     */
    emailLimitKey(email: string): string;
    loginAttempts: {
      begin(request: FastifyRequest): Promise<void>;
      succeeded(request: FastifyRequest): Promise<void>;
      failed(request: FastifyRequest): Promise<void>;
    };
  }
}

/** Unsuccessful login attempts a minute for one email from one client (IP). */
export const FAILED_LOGINS_PER_CLIENT = 10;
/** Failed logins a minute for one email from all clients together; past it, only clients that have not failed get through. */
export const FAILED_LOGINS_PER_EMAIL = 30;
const MINUTE = 60_000;
/** Counters use the limiter with a ceiling never reached, so `remaining` tells the exact count. */
const COUNT_CEILING = 1_000_000_000;

/**
 * Rate limits of docs/product.md#limits on @fastify/rate-limit's store: in memory, or in Redis with
 * REDIS_URL so that every process counts into one limit, falling back to memory while Redis is away
 * (docs/decisions/001-rate-limit-counters-in-redis-or-memory.md, scale/redis-store.ts; 021 for the login counters,
 * which go through the same store). Routes may also set `config.rateLimit` (the upload route does: per
 * user); a 429 always carries the error body of the error handler and a Retry-After header.
 */
async function rateLimitsPlugin(app: FastifyInstance) {
  let store: typeof SnapshotMemoryStore | ReturnType<typeof FallbackStore.factory> = SnapshotMemoryStore;
  if (app.config.redisUrl) {
    const redis = createRedisClient(app.config.redisUrl);
    const health = new RedisHealth(redis, app.log);
    app.addHook('onClose', async () => {
      health.close();
    });
    await health.waitUntilReady();
    store = FallbackStore.factory(health, app.config.redisKeyPrefix);
  }
  await app.register(rateLimit, {
    global: false,
    store,
    errorResponseBuilder: () => tooManyRequests(),
  });

  app.decorate(
    'authRateLimit',
    app.rateLimit({ max: app.config.authRateLimitPerIp, timeWindow: MINUTE, keyGenerator: (request) => `auth:${request.ip}` }),
  );
  // Every process of the site shares the secret, so one address has one key everywhere.
  const emailLimitKey = (email: string) => createHmac('sha256', app.config.jwtSecret).update(normalizeEmail(email)).digest('base64url').slice(0, 22);
  app.decorate('emailLimitKey', emailLimitKey);

  /** A plain counter in the limiter's store: `add` increments and reads in one store call. */
  const counter = (prefix: string, key: (request: FastifyRequest) => string) => {
    const limit = app.createRateLimit({ max: COUNT_CEILING, timeWindow: MINUTE, keyGenerator: (r) => `${prefix}:${key(r)}` });
    // (`isAllowed: true` comes only from an allow list, which these counters do not have.)
    const read = (state: { isAllowed: true } | { isAllowed: false; remaining: number; ttlInSeconds: number }) =>
      state.isAllowed ? { count: 0, retryAfter: 1 } : { count: COUNT_CEILING - state.remaining, retryAfter: Math.max(1, state.ttlInSeconds) };
    return {
      add: async (request: FastifyRequest) => read(await limit(request)),
      peek: async (request: FastifyRequest) => read(await limit(request, { increment: false })),
    };
  };

  const emailOf = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? emailLimitKey(email) : '';
  };
  const clientOf = (request: FastifyRequest) => `${emailOf(request)}:${request.ip}`;
  const attempts = counter('login-attempts', clientOf);
  const successes = counter('login-successes', clientOf);
  const emailFailures = counter('login-failures', emailOf);

  app.decorate('loginAttempts', {
    async begin(request: FastifyRequest) {
      const attempt = await attempts.add(request);
      const ok = await successes.peek(request);
      // Attempts of this client on this email that did not succeed, this one included.
      const unsuccessful = attempt.count - Math.min(ok.count, attempt.count);
      if (unsuccessful > FAILED_LOGINS_PER_CLIENT) throw tooManyRequests(undefined, attempt.retryAfter);
      if (unsuccessful > 1) {
        const all = await emailFailures.peek(request);
        if (all.count >= FAILED_LOGINS_PER_EMAIL) throw tooManyRequests(undefined, all.retryAfter);
      }
    },
    async succeeded(request: FastifyRequest) {
      await successes.add(request);
    },
    async failed(request: FastifyRequest) {
      await emailFailures.add(request);
    },
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', fastify: '5.x' });
