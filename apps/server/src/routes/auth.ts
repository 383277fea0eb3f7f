import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, type LoginRequest, LoginRequestSchema, LoginResponseSchema, RegisterRequestSchema, UserSchema } from '@sendero/contract';
import { errorResponses } from '@/plugins/errors.js';
import { login, register } from '@/services/auth.js';
import { AppError } from '@/errors.js';

/** POST /api/register, /api/login, /api/admin/login. */
export default async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Login and register attempts share one counter per IP; logins are also counted per email and client.
  const onRequest = app.authRateLimit;

  async function loginCounted(request: FastifyRequest & { body: LoginRequest }, adminOnly: boolean) {
    // Counted before the password is checked (plugins/rate-limits.ts).
    await app.loginAttempts.begin(request);
    try {
      const session = await login(app.db, app.tokens, request.body, { adminOnly });
      await app.loginAttempts.succeeded(request);
      return session;
    } catch (error) {
      if (error instanceof AppError && error.status === 401) await app.loginAttempts.failed(request);
      throw error;
    }
  }

  app.post(
    API.register,
    {
      onRequest,
      schema: {
        tags: ['auth'],
        operationId: 'register',
        description:
          'Creates a `user` account. The e-mail must be new (409 otherwise). Register and login attempts share a per-IP limit (429 with `Retry-After`).',
        summary: 'Create an account (role user)',
        body: RegisterRequestSchema,
        response: { 201: UserSchema, ...errorResponses(400, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await register(app.db, request.body)),
  );

  app.post(
    API.login,
    {
      onRequest,
      schema: {
        tags: ['auth'],
        operationId: 'login',
        description:
          'Answers a session token for any role. Failed attempts are limited per e-mail and client (429 with `Retry-After`); a wrong e-mail and a wrong password get the same 401.',
        summary: 'Log in',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => loginCounted(request, false),
  );

  app.post(
    API.adminLogin,
    {
      onRequest,
      schema: {
        tags: ['auth'],
        operationId: 'adminLogin',
        description:
          'Like /api/login, but only administrators get a session; every other account gets the same 401 as a wrong password.',
        summary: 'Log in as an administrator (other roles get the same 401)',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => loginCounted(request, true),
  );
}
