import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, PublicConfigSchema, type PublicConfig } from '@sendero/contract';

/** What GET /api/config answers; also what the landing the server renders shows (plugins/web.ts). */
export function publicConfigOf(config: FastifyInstance['config']): PublicConfig {
  return { map: { tile_url: config.mapTiles.url, attribution: config.mapTiles.attribution }, social: config.social };
}

/**
 * GET /api/config: the settings the web app reads at run time (the map tiles, the landing's social links), so the built bundle
 * stays the same for every deployment and no inline script is needed. Fetched when a map or the landing shows.
 */
export default async function publicConfigRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const body = publicConfigOf(app.config);
  app.get(
    API.config,
    {
      schema: {
        tags: ['config'],
        operationId: 'getPublicConfig',
        description:
          'Map tile source and the landing’s social links, for the web app. Public; cacheable for 5 minutes.',
        summary: 'Public settings of this server for the web app (map tiles, social links)',
        security: [],
        response: { 200: PublicConfigSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
}
