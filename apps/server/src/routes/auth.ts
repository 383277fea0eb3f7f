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
        summary: 'Log in as an administrator (other roles get the same 401)',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => loginCounted(request, true),
  );
}
