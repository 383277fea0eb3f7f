import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, LoginRequestSchema, LoginResponseSchema, RegisterRequestSchema, UserSchema } from '@sendero/contract';
import { errorResponses } from '@/plugins/errors.js';
import { login, register } from '@/services/auth.js';

/** POST /api/register, /api/login, /api/admin/login. */
export default async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    API.register,
    {
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
      schema: {
        tags: ['auth'],
        summary: 'Log in',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => login(app.db, app.tokens, request.body),
  );

  app.post(
    API.adminLogin,
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in as an administrator (other roles get the same 401)',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => login(app.db, app.tokens, request.body, { adminOnly: true }),
  );
}
