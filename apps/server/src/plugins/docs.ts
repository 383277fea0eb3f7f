import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the same zod schemas that validate and serialize: /api/docs (UI) and /api/docs/json. */
async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sendero API',
        description: 'Destinos de trekking verificados cerca de tu ciudad. Errors: `{ error: { code, message, fields? } }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [`${DOCS_PREFIX}/*`] }),
    // Schemas given an id in the contract (`.meta({ id })`) become named components, referenced by $ref.
    transformObject: createJsonSchemaTransformObject({}),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Served under the site's CSP (no inline scripts): the UI's own files are all external.
    uiConfig: { validatorUrl: null, deepLinking: false },
    staticCSP: false,
  });
}

export default fp(docsPlugin, { name: 'docs', fastify: '5.x' });
