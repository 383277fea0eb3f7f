import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, DeletedSchema, IdParamsSchema, PlaceIdParamsSchema, RatingCreateSchema, RatingListItemSchema, RatingSchema, RatingUpdateSchema } from '@sendero/contract';
import { sendPrivateBody } from '@/http/cached-body.js';
import { errorResponses } from '@/plugins/errors.js';
import { createRating, deleteRating, listRatings, updateRating } from '@/services/ratings.js';

/** Reviews: POST /api/rating/create, GET /api/rating/{placeId}, PUT /api/rating/update/{id}, DELETE /api/rating/delete/{id}. */
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
          'One review per person and place (409 for a second). Administrators cannot review (403). `photo_url` is the URL of the caller’s own upload (POST /api/upload?preset=rating); `rating` is 1 to 5 stars. Optional trail conditions: `walked_on` (YYYY-MM-DD, not in the future, at most 2 years back, Lima), `condition` and up to 5 distinct `hazards`. The place’s `rating` (average) and `comments` (count) follow. A review that says `cerrado` is mailed to the place’s creator.',
        summary: 'Review a place (signed in, not admin; one per user and place)',
        body: RatingCreateSchema,
        response: { 201: RatingSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const review = await createRating(app.db, request.auth!, request.body);
      if (review.condition === 'cerrado') app.notifier.placeReportedClosed(review);
      return reply.code(201).send(review);
    },
  );

  app.put(
    API.ratingUpdate(':id'),
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['ratings'],
        operationId: 'updateReview',
        description:
          'Its author corrects any of `rating, comment, photo_url, walked_on, condition, hazards` under the rules of create (at least one). The place’s `rating` moves in the same transaction. Administrators delete reviews, they do not edit them (403); anyone else: 403, or 404 when they cannot see the place.',
        summary: 'Correct a review (its author only)',
        params: IdParamsSchema,
        body: RatingUpdateSchema,
        response: { 200: RatingSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { review, reportedClosed } = await updateRating(app.db, request.auth!, request.params.id, request.body);
      if (reportedClosed) app.notifier.placeReportedClosed(review);
      return review;
    },
  );

  app.get(
    API.ratings(':placeId'),
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
    API.ratingDelete(':id'),
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
