import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createTransform, createTransformObject, DOCS_PREFIX } from '@/openapi/document.js';

export { DOCS_PREFIX };

const TAGS = [
  { name: 'auth', description: 'Accounts, sessions and password recovery.' },
  { name: 'users', description: 'People: profile, password, guide applications (admins see everyone).' },
  { name: 'admin', description: 'Administrators: the moderation log and reset links.' },
  { name: 'places', description: 'Trekking destinations: the catalogue, search, proposals and moderation.' },
  { name: 'ratings', description: 'Reviews of destinations.' },
  { name: 'saved', description: 'The caller’s saved destinations.' },
  { name: 'outings', description: 'Group outings led by guides.' },
  { name: 'uploads', description: 'Image uploads (re-encoded to WebP).' },
  { name: 'config', description: 'Public settings of this server.' },
  { name: 'health', description: 'Liveness of the server and its database.' },
];

/**
 * OpenAPI generated from the same zod schemas that validate and serialize (src/openapi/document.ts):
 * /api/docs (UI) and /api/docs/json.
 */
async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sendero API',
        description:
          'Destinos de trekking verificados cerca de tu ciudad. Every failure answers `{ error: { code, message, fields? } }` ' +
          'with a stable `code` and a Spanish `message` to show as is. Send the token of /api/login as `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      servers: [{ url: '/', description: 'This server (the API and the web app share one origin)' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The `token` of /api/login, /api/admin/login or a password change.' },
        },
      },
    },
    transform: createTransform(app) as never,
    transformObject: createTransformObject() as never,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Served under the site's CSP (no inline scripts): the UI's own files are all external.
    uiConfig: { validatorUrl: null, deepLinking: false },
    staticCSP: false,
  });
}

export default fp(docsPlugin, { name: 'docs', fastify: '5.x' });
