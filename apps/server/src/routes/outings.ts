import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, IdParamsSchema, MyOutingsSchema, OutingCreateSchema, OutingSchema, PlaceIdParamsSchema } from '@sendero/contract';
import { errorResponses } from '@/plugins/errors.js';
import { cancelOuting, createOuting, getOuting, joinOuting, leaveOuting, listMyOutings, listPlaceOutings } from '@/services/outings.js';

/** Group outings (docs/product.md#outings): the seven calls under /api/outing and /api/outings. */
export default async function outingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['outings'];
  const security = [{ bearerAuth: [] }];

  app.post(
    API.outingCreate,
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'createOuting',
        tags,
        security,
        description:
          'Guides (approved) and administrators organize outings to verified places, at least 1 hour and at most 365 days ahead; `spots` is at most the place’s `capacity`.',
        summary: 'Organize an outing to a verified place (guide or admin; spots up to the place’s capacity)',
        body: OutingCreateSchema,
        response: { 201: OutingSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await createOuting(app.db, request.auth!, request.body)),
  );

  app.get(
    API.outingsOfPlace(':placeId'),
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'listPlaceOutings',
        tags,
        security,
        description:
          'The outings of a place the caller may see that have not started, soonest first; cancelled ones included (`status`).',
        summary: 'Outings of a place that have not started, soonest first (cancelled ones included)',
        params: PlaceIdParamsSchema,
        response: { 200: z.array(OutingSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => listPlaceOutings(app.db, request.auth!, request.params.placeId),
  );

  app.get(
    API.outingsMine,
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'listMyOutings',
        tags,
        security,
        description:
          'The caller’s outings in two lists: joined and led. Upcoming first, then past; 50 of each.',
        summary: 'The outings the caller joined and the ones they lead (upcoming first, then past; 50 each)',
        response: { 200: MyOutingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => listMyOutings(app.db, request.auth!),
  );

  app.get(
    API.outing(':id'),
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'getOuting',
        tags,
        security,
        description:
          'An outing of a place the caller may see. `participants` only for its guide and administrators.',
        summary: 'One outing (participants only for its guide and admins)',
        params: IdParamsSchema,
        response: { 200: OutingSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getOuting(app.db, request.auth!, request.params.id),
  );

  app.put(
    API.outingJoin(':id'),
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'joinOuting',
        tags,
        security,
        description:
          'Joins the outing while spots are left and it has not started (409 otherwise). Not for administrators or its own guide (403). No body.',
        summary: 'Take a spot (signed in, not admin, not its guide)',
        params: IdParamsSchema,
        response: { 200: OutingSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => joinOuting(app.db, request.auth!, request.params.id),
  );

  app.put(
    API.outingLeave(':id'),
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'leaveOuting',
        tags,
        security,
        description:
          'Leaves an outing the caller joined, before it starts (409 otherwise). No body.',
        summary: 'Give one’s spot back before the start',
        params: IdParamsSchema,
        response: { 200: OutingSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => leaveOuting(app.db, request.auth!, request.params.id),
  );

  app.put(
    API.outingCancel(':id'),
    {
      onRequest: app.requireAuth,
      schema: {
        operationId: 'cancelOuting',
        tags,
        security,
        description:
          'Its guide or an administrator cancels an upcoming outing; the participants are told by e-mail. No body.',
        summary: 'Cancel an outing (its guide or an admin; logged for admins)',
        params: IdParamsSchema,
        response: { 200: OutingSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { outing, event } = await cancelOuting(app.db, request.auth!, request.params.id);
      // After the commit: listeners (the participants' e-mail) never undo or fail the cancel.
      await app.outingEvents.emitCancelled(event);
      return outing;
    },
  );
}
