import type { Role } from '@sendero/contract';
import type { Db } from './db/types.js';
import type { Config } from './config.js';
import type { Storage } from './storage/storage.js';

/** What the app's plugins add to Fastify (declared once here so every module agrees). */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    storage: Storage;
    /** preHandler: 401 unless a valid, current token is sent; sets request.auth. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 without a valid token, 403 unless the current role is admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler: sets request.auth when a valid token is sent; never refuses. */
    optionalAuth: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The caller, read from the database on every request (current role, not the token's). */
    auth: AuthUser | null;
  }
}

export interface AuthUser {
  id: string;
  role: Role;
  firstname: string;
  lastname: string;
}
