import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from '@/errors.js';
import { normalizeEmail } from '@/services/auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler: login + register attempts per IP (AUTH_RATE_LIMIT_PER_IP a minute, one shared counter). */
    authRateLimit: preHandlerAsyncHookHandler;
    /** Failed logins per email (10 a minute): check before verifying, count after a failure. */
    failedLogins: {
      assertAllowed(request: FastifyRequest): Promise<void>;
      recordFailure(request: FastifyRequest): Promise<void>;
    };
  }
}

export const FAILED_LOGINS_PER_EMAIL = 10;
const MINUTE = 60_000;

/**
 * Rate limits of DESIGN.md §4 on @fastify/rate-limit's in-memory store (several processes would share a
 * Redis store; see the README's decisions). Routes may also set `config.rateLimit` (the upload route
 * does: 60 a minute per user); a 429 always carries the error body of the error handler.
 */
async function rateLimitsPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => tooManyRequests(),
  });

  app.decorate('authRateLimit', app.rateLimit({ max: app.config.authRateLimitPerIp, timeWindow: MINUTE }));


  const emailOf = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return `login-failures:${typeof email === 'string' ? normalizeEmail(email) : ''}`;
  };
  const failures = app.createRateLimit({ max: FAILED_LOGINS_PER_EMAIL, timeWindow: MINUTE, keyGenerator: emailOf });
  app.decorate('failedLogins', {
    async assertAllowed(request: FastifyRequest) {
      const state = await failures(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) throw tooManyRequests();
    },
    async recordFailure(request: FastifyRequest) {
      await failures(request);
    },
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', fastify: '5.x' });
