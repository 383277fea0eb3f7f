import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  IdParamsSchema,
  PasswordUpdateResponseSchema,
  PasswordUpdateSchema,
  UserSchema,
  UserUpdate2Schema,
  UsersQuerySchema,
} from '@sendero/contract';
import { UserUpdateDocSchema } from '@/openapi/document.js';
import { errorResponses } from '@/plugins/errors.js';
import { changePassword, getUser, listGuideRequests, listUsers, updateUser } from '@/services/users.js';

/** GET /api/user/{id}, GET /api/users, GET /api/users/requests, PUT /api/user/update1|update2/{id}. */
export default async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  app.get(
    API.user(':id'),
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['users'],
        operationId: 'getUser',
        description:
          'The caller reads their own account; an administrator reads anyone’s. Any other id answers 404 (whether or not it exists).',
        summary: 'One user (the user themself or an admin; anyone else 404)',
        security,
        params: IdParamsSchema,
        response: { 200: UserSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getUser(app.db, request.auth!, request.params.id),
  );

  app.get(
    API.users,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        operationId: 'listUsers',
        description:
          'Every account but administrators, optionally only those whose guide application is in `status`. Only administrators.',
        summary: 'Every non-admin user (admin)',
        security,
        querystring: UsersQuerySchema,
        response: { 200: z.array(UserSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUsers(app.db, { status: request.query.status }),
  );

  app.get(
    API.usersRequests,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        operationId: 'listGuideRequests',
        description:
          'Accounts with a guide application waiting (`Enviado`), newest first. Only administrators.',
        summary: 'Guide applications, newest first (admin)',
        security,
        response: { 200: z.array(UserSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listGuideRequests(app.db),
  );

  app.put(
    API.userUpdate1(':id'),
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['users'],
        operationId: 'changePassword',
        description:
          'The caller’s own account only (403 otherwise). Every earlier token stops working: use the `token` of the answer.',
        summary: 'Change my password (and photo); earlier tokens stop working',
        security,
        params: IdParamsSchema,
        body: PasswordUpdateSchema,
        response: { 200: PasswordUpdateResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => changePassword(app.db, app.tokens, request.auth!, request.params.id, request.body),
  );

  app.put(
    API.userUpdate2(':id'),
    {
      onRequest: app.requireAuth,
      // Validated as one permissive object; the service applies the shape of who calls on whom.
      config: { openapiBody: UserUpdateDocSchema },
      schema: {
        tags: ['users'],
        operationId: 'updateUser',
        description:
          'Two kinds of body. By the user on themself: the photo (`""` removes it), `email_notifications`, and/or a guide application (`status: "Enviado"` with the application fields). By an administrator on someone else: exactly `{status, role}`, one of approve (`Aprobado`, `guide`), reject (`Rechazado`, `user`) or block a guide (`Bloqueado`, `user`); any other pair is refused (403), and a transition the user’s state does not allow is a 409.',
        summary: 'My photo and guide application, or an admin transition (approve, reject, block guide)',
        security,
        params: IdParamsSchema,
        body: UserUpdate2Schema,
        response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const user = await updateUser(app.db, request.auth!, request.params.id, request.body);
      // An admin's transition on someone else: tell the applicant about an approval or a rejection.
      if (request.auth!.id !== user._id && (user.status === 'Aprobado' || user.status === 'Rechazado')) {
        app.notifier.guideDecision(user, user.status === 'Aprobado');
      }
      return user;
    },
  );
}
