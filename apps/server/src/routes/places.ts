import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  DeletedSchema,
  IdParamsSchema,
  MSG,
  PLACE_INDEX_MAX,
  PlaceClosureRequestSchema,
  PlaceCreateSchema,
  PlaceCreateRequestSchema,
  PlaceDetailSchema,
  PlaceIndexQuerySchema,
  PlaceIndexWireSchema,
  PlacePreviewSchema,
  PlaceSchema,
  PlaceSearchQuerySchema,
  PlaceSearchResponseSchema,
  PlaceUpdateRequestSchema,
  PlaceUpdateSchema,
} from '@sendero/contract';
import { AppError } from '@/errors.js';
import { makeCachedBody, sendCachedBody, sendPrivateBody } from '@/http/cached-body.js';
import { PLACE_INDEX_TTL_MS, placeIndexFor } from '@/services/place-index.js';
import { placeCacheMaxAge } from '@/services/place-changes-hub.js';
import { searchPlaces } from '@/services/place-search.js';
import { getPlacePreview } from '@/services/place-share.js';
import { errorResponses } from '@/plugins/errors.js';
import {
  createPlace,
  deletePlace,
  getPlace,
  setPlaceClosure,
  confirmPlaceFacts,
  getPlaceAsCaller,
  listMyPlaces,
  placeListFor,
  toggleVerified,
  updatePlace,
} from '@/services/places.js';

/** GET/POST/PUT/DELETE under /api/place (docs/product.md#calls). */
export default async function placesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    API.placesMine,
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'listMyPlaces',
        tags: ['places'],
        description:
          'The places the caller created, verified or not (`verified` false while an administrator reviews it), newest first: the profile’s “Mis destinos”. Private to the caller, never cached.',
        summary: 'The caller’s own places, verified or not, newest first',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(PlaceSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listMyPlaces(app.db, request.auth!);
    },
  );

  app.get(
    API.places,
    {
      onRequest: app.optionalAuth,
      schema: {
        operationId: 'listPlaces',
        tags: ['places'],
        description:
          'Every verified place with all its fields, newest first. The token is optional: with an administrator’s token the list holds every place, verified or not (and is not cached). Anonymous answers carry an ETag: send it as `If-None-Match` to get 304 while the list has not changed.',
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
    API.placeIndex(),
    {
      onRequest: app.optionalAuth,
      schema: {
        operationId: 'getPlaceIndex',
        tags: ['places'],
        summary: 'The compact browsing index of the catalogue',
        description:
          'What the search screen and the landing browse: verified places (all for an admin token), newest first, only what cards, filters and sorting need, one array per field (see the PlaceIndex schema); prefer it over /api/place for lists. ETag + 304. `?limit=N` gives the N newest. Above 20,000 verified places the whole index answers 413 USE_SEARCH: use /api/place/search.',
        security: [{}, { bearerAuth: [] }],
        querystring: PlaceIndexQuerySchema,
        response: { 200: PlaceIndexWireSchema, 304: z.null().describe('Not modified'), ...errorResponses(400, 413) },
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
    API.placeSearch({}),
    {
      schema: {
        operationId: 'searchPlaces',
        tags: ['places'],
        summary: 'Search verified places, page by page',
        description:
          'Verified places matching the search filters (name word prefix, city prefix, difficulty; accents and case ignored) and the access-fact filters (`open`: not closed that month nor temporarily closed today; `free`: entry fee 0; `no_agency`: no agency, guide or permit needed), newest first, keyset-paged: pass `next` as `cursor` for the following page. When nothing matches, `suggestion` offers the name with its misspelt words corrected (if that finds places). For catalogues too large for the index. 400 names the parameter that is too long or not one of its values; 503 when the search runs over its time budget.',
        security: [{}],
        querystring: PlaceSearchQuerySchema,
        response: { 200: PlaceSearchResponseSchema, ...errorResponses(400, 503) },
      },
    },
    async (request) => searchPlaces(app.db, request.query),
  );

  app.get(
    API.place(':id'),
    {
      onRequest: app.requireToken,
      schema: {
        operationId: 'getPlace',
        tags: ['places'],
        summary: 'One place: verified, any for an admin, or the caller’s own unverified place. ETag + 304 (If-None-Match).',
        security: [{ bearerAuth: [] }],
        description:
          'A verified place for anyone signed in; an unverified one only for its creator and administrators (404 for anyone else). With `conditions`: what reviews walked in the last 30 days found (null when none). ETag + 304.',
        params: IdParamsSchema,
        response: { 200: PlaceDetailSchema, 304: z.null().describe('Not modified'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { auth, body } = await getPlaceAsCaller(app.db, request.claims!, request.params.id);
      request.auth = auth;
      return sendPrivateBody(request, reply, body);
    },
  );

  app.get(
    API.placePreview(':id'),
    {
      schema: {
        operationId: 'getPlacePreview',
        tags: ['places'],
        summary: 'What a shared link shows of a destination',
        description:
          'What a shared link shows of a destination (the login screen’s “Te compartieron este destino”): verified places only, to anyone, no token needed. ETag + 304.',
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
      // `facts_checked_on` gets its own 400 message in validation; the document leaves it out.
      config: { openapiBody: PlaceCreateSchema },
      schema: {
        tags: ['places'],
        operationId: 'createPlace',
        description:
          'Any signed-in user proposes a place; it stays unverified (seen by its creator and administrators only) until an administrator verifies it. `photos` are URLs of the caller’s own uploads (POST /api/upload). The access facts are optional; when any is set, `facts_checked_on` is today (Lima); sending `facts_checked_on` is refused (400).',
        summary: 'Propose a place (unverified; the caller is its creator)',
        body: PlaceCreateRequestSchema,
        response: { 201: PlaceSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await createPlace(app.db, request.auth!, request.body)),
  );

  app.put(
    API.placeUpdate(':id'),
    {
      onRequest: app.requireAuth,
      // The read-only fields get their own 400 message in validation; the document leaves them out.
      config: { openapiBody: PlaceUpdateSchema },
      schema: {
        tags: ['places'],
        operationId: 'updatePlace',
        description:
          'Only the fields sent change. The creator edits their place; administrators edit any. `verified`, `id_user`, `rating`, `comments` and `facts_checked_on` cannot be set (400). When an access fact changes, `facts_checked_on` becomes today (Lima).',
        summary: 'Partial update by the creator or an admin',
        params: IdParamsSchema,
        body: PlaceUpdateRequestSchema,
        response: { 200: PlaceSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => updatePlace(app.db, request.auth!, request.params.id, request.body),
  );

  app.put(
    API.placeVerified(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        operationId: 'toggleVerified',
        description:
          'Verifies an unverified place or unverifies a verified one. No body (an empty body with any content type is accepted). Only administrators; logged in the moderation log; the creator is told by e-mail.',
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
    API.placeDelete(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        operationId: 'deletePlace',
        description:
          'Deletes the place, its reviews and its outings. No body. Only administrators; logged in the moderation log.',
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

  app.put(
    API.placeClosure(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        operationId: 'setPlaceClosure',
        description:
          '`{until, note}` closes the place for a while: `note` 3-300 characters, `until` its last closed day (YYYY-MM-DD, today or later in Lima) or null until reopened. `{until: null, note: null}` reopens it. Only administrators; logged in the moderation log (close_place, reopen_place); a closure is mailed to the creator. Reviews stay allowed.',
        summary: 'Admin: close a place temporarily, or reopen it (logged)',
        params: IdParamsSchema,
        body: PlaceClosureRequestSchema,
        response: { 200: PlaceSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const place = await setPlaceClosure(app.db, request.auth!, request.params.id, request.body);
      if (request.body.note !== null && place.closure) app.notifier.placeClosed({ ...place, closure: place.closure });
      return place;
    },
  );

  app.put(
    API.placeFactsChecked(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        operationId: 'confirmPlaceFacts',
        description:
          "'Confirmar datos' (docs/product.md#access-facts): the place's access facts are as stated today, so `facts_checked_on` becomes today (Lima). No body (an empty body with any content type is accepted). Only administrators; logged in the moderation log (confirm_facts).",
        summary: 'Admin: confirm the access facts (logged)',
        params: IdParamsSchema,
        response: { 200: PlaceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => confirmPlaceFacts(app.db, request.auth!, request.params.id),
  );
}
