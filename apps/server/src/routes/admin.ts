import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminActionSchema, AdminActionsQuerySchema, AdminSchema, API, IdParamsSchema, ResetLinkSchema, TrailReportSchema } from '@sendero/contract';
import { errorResponses } from '@/plugins/errors.js';
import { listAdminActions } from '@/services/admin-actions.js';
import { createResetLinkFor, resetUrl } from '@/services/password-reset.js';
import { getAdmin } from '@/services/users.js';
import { listTrailReports } from '@/services/ratings.js';

/** GET /api/admin/actions?target={id}, GET /api/admin/{id}. (POST /api/admin/login lives in auth.ts.) */
export default async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  app.get(
    API.adminActions(),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'listAdminActions',
        description:
          'Who did what to one user, place or review: approvals, rejections, blocks, verifications, deletions and reset links. Only administrators.',
        summary: 'The moderation log of one user, place or review, newest first (admin)',
        security,
        querystring: AdminActionsQuerySchema,
        response: { 200: z.array(AdminActionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listAdminActions(app.db, request.query.target),
  );

  app.get(
    API.adminTrailReports,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'listTrailReports',
        description:
          'Reviews that reported the path `peligroso` or `cerrado`, newest first (at most 200), each with its place (and its closure) and its author. Only administrators.',
        summary: "The admins' queue 'Reportes del sendero' (admin)",
        security,
        response: { 200: z.array(TrailReportSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listTrailReports(app.db),
  );

  app.get(
    API.admin(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'getAdmin',
        description:
          'An administrator reads their own profile; any other id answers 404.',
        summary: 'The calling administrator',
        security,
        params: IdParamsSchema,
        response: { 200: AdminSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getAdmin(app.db, request.auth!, request.params.id),
  );

  app.post(
    API.adminResetLink(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'createResetLink',
        summary: "A password-reset link for a user, to pass on by hand (admin; logged)",
        description: 'Single use, valid 1 hour. Administrators cannot be targeted (409).',
        security,
        params: IdParamsSchema,
        response: { 200: ResetLinkSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const token = await createResetLinkFor(app.db, request.auth!, request.params.id);
      return { url: resetUrl(app.config.publicUrl, token) };
    },
  );
}
