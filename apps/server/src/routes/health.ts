import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, HealthSchema } from '@sendero/contract';
import { errorResponses } from '@/plugins/errors.js';
import { checkDatabase } from '@/services/health.js';

export default async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    API.health,
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Answers once the database answers',
        description: '200 once the database answers; for load balancers and uptime checks. Never cached.',
        response: { 200: HealthSchema, ...errorResponses(500) },
      },
    },
    async (_request, reply) => {
      await checkDatabase(app.db);
      void reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  );
}
