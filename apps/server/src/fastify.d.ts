import type { Db } from './db/types.js';
import type { Config } from './config.js';
import type { Storage } from './storage/storage.js';
import type { AuthUser } from './services/caller.js';
import type { TokenClaims } from './services/tokens.js';
import type { OutingEvents } from './services/outing-events.js';

/** What the app's plugins add to Fastify (declared once here so every module agrees). */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    storage: Storage;
    /** After-commit hooks of the outings: `app.outingEvents.onCancelled(listener)`. */
    outingEvents: OutingEvents;
    /** preHandler: 401 unless a valid, current token is sent; sets request.auth. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest: 401 unless a token with a valid signature is sent; sets request.claims. The route then
     * reads the caller's row itself (services/auth.ts callerFromRow) and answers 401 when it is stale.
     */
    requireToken: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 without a valid token, 403 unless the current role is admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler: sets request.auth when a valid token is sent; never refuses. */
    optionalAuth: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The caller, read from the database on every request (current role, not the token's). */
    auth: AuthUser | null;
    /** The verified token's claims (requireToken); not yet checked against the user's row. */
    claims: TokenClaims | null;
  }
}

/** Re-exported for plugins and routes; services import it from '@/services/caller.js' (lint-enforced). */
export type { AuthUser };
