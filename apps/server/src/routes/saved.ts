import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, PlaceIdParamsSchema, PlaceSchema, SavedStateSchema } from '@sendero/contract';
import { errorResponses } from '@/plugins/errors.js';
import { listSavedPlaces, savePlace, unsavePlace } from '@/services/saved-places.js';

/** Saved destinations (docs/product.md#saved): GET /api/saved, PUT and DELETE /api/saved/{placeId}. */
export default async function savedRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  app.get(
    API.saved,
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'listSavedPlaces',
        tags: ['saved'],
        description:
          'The caller’s saved places that they may still see, most recently saved first.',
        summary: 'The places the caller saved and may still see, most recently saved first',
        security,
        response: { 200: z.array(PlaceSchema), ...errorResponses(401) },
      },
    },
    async (request) => listSavedPlaces(app.db, request.auth!),
  );

  app.put(
    API.savedPlace(':placeId'),
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'savePlace',
        tags: ['saved'],
        description:
          'Adds a place the caller may see to their saved list; saving it again changes nothing. At most 100 (409 above). No body.',
        summary: 'Save a place the caller may see (idempotent; at most 100 saved places)',
        security,
        params: PlaceIdParamsSchema,
        response: { 200: SavedStateSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => savePlace(app.db, request.auth!, request.params.placeId),
  );

  app.delete(
    API.savedPlace(':placeId'),
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'unsavePlace',
        tags: ['saved'],
        description:
          'Removes a place from the saved list; 200 also when it was not saved. No body.',
        summary: 'Remove a place from the saved list (200 also when it was not saved)',
        security,
        params: PlaceIdParamsSchema,
        response: { 200: SavedStateSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => unsavePlace(app.db, request.auth!, request.params.placeId),
  );
}
