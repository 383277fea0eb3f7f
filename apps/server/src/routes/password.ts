import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, OkSchema, PasswordForgotSchema, PasswordResetSchema } from '@sendero/contract';
import { tooManyRequests } from '@/errors.js';
import { errorResponses } from '@/plugins/errors.js';
import { requestPasswordReset, resetPassword } from '@/services/password-reset.js';

/** Reset mails one e-mail address may ask for in a minute (the per-IP auth limit applies too). */
export const FORGOT_PER_EMAIL = 3;

/** POST /api/password/forgot and /api/password/reset (docs/product.md#password-recovery, docs/decisions/025-password-reset-and-mail.md). */
export default async function passwordRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perEmail = app.createRateLimit({
    max: FORGOT_PER_EMAIL,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `forgot:${app.emailLimitKey(String((request.body as { email?: unknown }).email ?? ''))}`,
  });

  app.post(
    API.passwordForgot,
    {
      onRequest: app.authRateLimit,
      schema: {
        tags: ['auth'],
        operationId: 'forgotPassword',
        summary: 'Ask for a password-reset link by e-mail',
        description:
          'Always answers 200 `{ok: true}` at once, whether or not an account has that e-mail; the link (valid 1 hour, single use) is mailed in the background.',
        security: [],
        body: PasswordForgotSchema,
        response: { 200: OkSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request) => {
      // Counted before anything else, so parallel requests cannot get past the limit.
      const state = await perEmail(request);
      if (!state.isAllowed && state.isExceeded) throw tooManyRequests(undefined, state.ttlInSeconds);
      const { email } = request.body;
      // Nothing below may change the answer or its timing: it runs after the reply.
      app.background('password_forgot', async () => {
        const found = await requestPasswordReset(app.db, email);
        if (found) app.notifier.passwordReset({ email: found.user.email, firstname: found.user.firstname }, found.token);
      });
      return { ok: true as const };
    },
  );

  app.post(
    API.passwordReset,
    {
      onRequest: app.authRateLimit,
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Set a new password with the token of a reset link',
        description: 'The link works once and for 1 hour. Every earlier session of the account ends.',
        security: [],
        body: PasswordResetSchema,
        response: { 200: OkSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body);
      return { ok: true as const };
    },
  );
}
