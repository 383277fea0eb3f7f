import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '@/errors.js';
import { authenticate } from '@/services/auth.js';
import { createTokenService, type TokenService } from '@/services/tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and verifies the API's bearer tokens. */
    tokens: TokenService;
  }
}

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * requireAuth / requireAdmin / optionalAuth preHandlers. The user is read from the database on every
 * request, so a role change applies at once and a bumped token_version retires older tokens.
 */
async function authPlugin(app: FastifyInstance) {
  app.decorate('tokens', createTokenService(app.config.jwtSecret));
  app.decorateRequest('auth', null);
  app.decorateRequest('claims', null);

  async function resolve(request: FastifyRequest, required: boolean): Promise<void> {
    request.auth = null;
    const token = bearerToken(request);
    if (token === undefined) {
      if (required) throw unauthorized();
      return;
    }
    const user = token ? await authenticate(app.db, app.tokens, token) : null;
    // Where a session is optional, a stale token just means "anonymous" (the landing page keeps working).
    if (!user && required) throw unauthorized();
    request.auth = user;
  }

  app.decorate('requireAuth', (request: FastifyRequest) => resolve(request, true));
  // The hot reads (place detail, its reviews) check the signature here and read the caller's row in
  // their own statement, with the data (one round trip where two were); see services/auth.ts callerFromRow.
  app.decorate('requireToken', async (request: FastifyRequest) => {
    request.auth = null;
    const token = bearerToken(request);
    const claims = token ? app.tokens.verify(token) : null;
    if (!claims) throw unauthorized();
    request.claims = claims;
  });
  app.decorate('optionalAuth', (request: FastifyRequest) => resolve(request, false));
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await resolve(request, true);
    if (request.auth?.role !== 'admin') throw forbidden();
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database'], fastify: '5.x' });
