import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, DeletedSchema, IdParamsSchema, PlaceIdParamsSchema, RatingCreateSchema, RatingListItemSchema, RatingSchema } from '@sendero/contract';
import { sendPrivateBody } from '@/http/cached-body.js';
import { errorResponses } from '@/plugins/errors.js';
import { createRating, deleteRating, listRatings } from '@/services/ratings.js';

/** Reviews: POST /api/rating/create, GET /api/rating/{placeId}, DELETE /api/rating/delete/{id}. */
export default async function ratingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    API.ratingCreate,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['ratings'],
        operationId: 'createReview',
        description:
          'One review per person and place (409 for a second). Administrators cannot review (403). `photo_url` is the URL of the caller’s own upload (POST /api/upload?preset=rating); `rating` is 1 to 5 stars. The place’s `rating` (average) and `comments` (count) follow.',
        summary: 'Review a place (signed in, not admin; one per user and place)',
        body: RatingCreateSchema,
        response: { 201: RatingSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await createRating(app.db, request.auth!, request.body)),
  );

  app.get(
    '/api/rating/:placeId',
    {
      onRequest: app.requireToken,
      schema: {
        operationId: 'listPlaceRatings',
        tags: ['ratings'],
        summary: 'Reviews of a place the caller may see, newest first. ETag + 304 (If-None-Match).',
        security: [{ bearerAuth: [] }],
        description:
          'Reviews of a place the caller may see (verified, or their own, or any for an administrator), newest first. ETag + 304.',
        params: PlaceIdParamsSchema,
        response: { 200: z.array(RatingListItemSchema), 304: z.null().describe('Not modified'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { auth, body } = await listRatings(app.db, request.claims!, request.params.placeId);
      request.auth = auth;
      return sendPrivateBody(request, reply, body);
    },
  );

  app.delete(
    '/api/rating/delete/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['ratings'],
        operationId: 'deleteReview',
        description:
          'Its author or an administrator (logged) deletes it. No body.',
        summary: 'Delete a review (its author or an admin)',
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => deleteRating(app.db, request.auth!, request.params.id),
  );
}
