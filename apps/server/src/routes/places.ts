import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  DeletedSchema,
  IdParamsSchema,
  MSG,
  PLACE_INDEX_MAX,
  PlaceCreateSchema,
  PlaceIndexQuerySchema,
  PlaceIndexSchema,
  PlacePreviewSchema,
  PlaceSchema,
  PlaceSearchQuerySchema,
  PlaceSearchResponseSchema,
  PlaceUpdateRequestSchema,
} from '@sendero/contract';
import { AppError } from '@/errors.js';
import { makeCachedBody, sendCachedBody, sendJsonWithEtag } from '@/http/cached-body.js';
import { PLACE_INDEX_TTL_MS, placeIndexFor } from '@/services/place-index.js';
import { placeCacheMaxAge } from '@/services/place-list-cache.js';
import { searchPlaces } from '@/services/place-search.js';
import { getPlacePreview } from '@/services/place-share.js';
import { errorResponses } from '@/plugins/errors.js';
import {
  createPlace,
  deletePlace,
  getPlace,
  placeListFor,
  toggleVerified,
  updatePlace,
} from '@/services/places.js';

/** GET/POST/PUT/DELETE under /api/place (docs/product.md#calls). */
export default async function placesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    API.places,
    {
      onRequest: app.optionalAuth,
      schema: {
        operationId: 'listPlaces',
        tags: ['places'],
        summary: 'Verified places, newest first (all places with an admin token). ETag + 304.',
        security: [{}, { bearerAuth: [] }],
        response: { 200: z.array(PlaceSchema), 304: z.null().describe('Not modified'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const list = await placeListFor(app.db, request.auth);
      if (list.kind === 'every') {
        void reply.header('cache-control', 'private, no-store').header('vary', 'Authorization');
        return list.places;
      }
      return sendCachedBody(request, reply, list.entry);
    },
  );

  app.get(
    '/api/place/index',
    {
      onRequest: app.optionalAuth,
      schema: {
        operationId: 'getPlaceIndex',
        tags: ['places'],
        summary:
          'The compact browsing index: verified places (all for an admin), newest first, only what cards, filters and sorting need. ETag + 304. `?limit=N` gives the N newest. Above 20,000 verified places the whole index answers 413 USE_SEARCH.',
        security: [{}, { bearerAuth: [] }],
        querystring: PlaceIndexQuerySchema,
        response: { 200: PlaceIndexSchema, 304: z.null().describe('Not modified'), ...errorResponses(400, 413) },
      },
    },
    async (request, reply) => {
      const isAdmin = request.auth?.role === 'admin';
      const index = placeIndexFor(app.db, placeCacheMaxAge(app.db, app.config.databaseUrl ? PLACE_INDEX_TTL_MS : 0));
      const limit = request.query.limit;
      if (limit === undefined && !isAdmin && (await index.verifiedCount()) > PLACE_INDEX_MAX) {
        throw new AppError(413, 'USE_SEARCH', MSG.useSearch);
      }
      const body = await index.body(isAdmin ? 'all' : 'verified', limit);
      if (isAdmin) return sendCachedBody(request, reply, body, 'Accept-Encoding, Authorization', 'private, no-cache');
      return sendCachedBody(request, reply, body);
    },
  );

  app.get(
    '/api/place/search',
    {
      schema: {
        operationId: 'searchPlaces',
        tags: ['places'],
        summary:
          'Verified places matching the search filters (name word prefix, city prefix, difficulty; accents and case ignored), newest first, keyset-paged.',
        security: [{}],
        querystring: PlaceSearchQuerySchema,
        response: { 200: PlaceSearchResponseSchema, ...errorResponses(400, 503) },
      },
    },
    async (request) => searchPlaces(app.db, request.query),
  );

  app.get(
    '/api/place/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'getPlace',
        tags: ['places'],
        summary: 'One place: verified, any for an admin, or the caller’s own unverified place. ETag + 304 (If-None-Match).',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 200: PlaceSchema, 304: z.null().describe('Not modified'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => sendJsonWithEtag(request, reply, await getPlace(app.db, request.params.id, request.auth)),
  );

  app.get(
    '/api/place/:id/preview',
    {
      schema: {
        operationId: 'getPlacePreview',
        tags: ['places'],
        summary:
          'What a shared link shows of a destination (the login screen’s “Te compartieron este destino”): verified places only, to anyone. ETag + 304.',
        security: [],
        params: IdParamsSchema,
        response: { 200: PlacePreviewSchema, 304: z.null().describe('Not modified'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const preview = await getPlacePreview(app.db, request.params.id, app.config.databaseUrl ? PLACE_INDEX_TTL_MS : 0);
      // The same for everyone: no Authorization in Vary.
      return sendCachedBody(request, reply, makeCachedBody(Buffer.from(JSON.stringify(preview))), 'Accept-Encoding');
    },
  );

  app.post(
    API.placeCreate,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['places'],
        summary: 'Propose a place (unverified; the caller is its creator)',
        body: PlaceCreateSchema,
        response: { 201: PlaceSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await createPlace(app.db, request.auth!, request.body)),
  );

  app.put(
    '/api/place/update/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['places'],
        summary: 'Partial update by the creator or an admin',
        params: IdParamsSchema,
        body: PlaceUpdateRequestSchema,
        response: { 200: PlaceSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => updatePlace(app.db, request.auth!, request.params.id, request.body),
  );

  app.put(
    '/api/place/verified/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        summary: 'Admin: flip verified (logged in the admin actions)',
        params: IdParamsSchema,
        response: { 200: PlaceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const place = await toggleVerified(app.db, request.auth!, request.params.id);
      app.notifier.placeVerification(place);
      return place;
    },
  );

  app.delete(
    '/api/place/delete/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        summary: 'Admin: delete a place and its reviews',
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      // Read before it is gone: the creator's mail names the place.
      const place = await getPlace(app.db, request.params.id, request.auth);
      const deleted = await deletePlace(app.db, request.auth!, request.params.id);
      app.notifier.placeDeleted(place);
      return deleted;
    },
  );
}
