import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from '@/config.js';
import type { Db } from '@/db/types.js';
import authPlugin from '@/plugins/auth.js';
import databasePlugin from '@/plugins/database.js';
import docsPlugin from '@/plugins/docs.js';
import errorsPlugin from '@/plugins/errors.js';
import rateLimitsPlugin from '@/plugins/rate-limits.js';
import securityPlugin from '@/plugins/security.js';
import webPlugin from '@/plugins/web.js';
import adminRoutes from '@/routes/admin.js';
import authRoutes from '@/routes/auth.js';
import healthRoutes from '@/routes/health.js';
import placesRoutes from '@/routes/places.js';
import ratingsRoutes from '@/routes/ratings.js';
import uploadRoutes from '@/routes/upload.js';
import uploadedFilesRoutes from '@/routes/uploaded-files.js';
import usersRoutes from '@/routes/users.js';
import { createLocalStorage } from '@/storage/local.js';
import type { Storage } from '@/storage/storage.js';

export interface AppDeps {
  /** The database (opened and migrated by the caller, who also closes it). */
  db: Db;
  /** Defaults to files under DATA_DIR/uploads. */
  storage?: Storage;
  /** Fastify's logger option; defaults to pino at config.logLevel with secrets redacted. */
  logger?: FastifyServerOptions['logger'];
}

/** Never log a password, a hash or a token (DESIGN.md §4). Fastify logs no bodies; these guard anything else. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'passwordHash',
  'password_hash',
  'token',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  'req.body.password',
];

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the whole application as plugins, without listening (fastify/demo habit). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    bodyLimit: JSON_BODY_LIMIT,
    // On close: new requests get 503, idle keep-alive sockets close, in-flight requests finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.decorate('config', config);
  // JSON only (the upload route adds multipart in its own scope): any other body type is a 415.
  app.removeContentTypeParser('text/plain');
  app.setSerializerCompiler(serializerCompiler);

  // External concerns first, then the app's own plugins, then the routes (fastify/demo order).
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(docsPlugin);
  await app.register(databasePlugin, { db: deps.db });
  app.decorate('storage', deps.storage ?? createLocalStorage(join(config.dataDir, 'uploads')));
  await app.register(authPlugin);
  await app.register(rateLimitsPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(adminRoutes);
  await app.register(placesRoutes);
  await app.register(ratingsRoutes);
  await app.register(uploadRoutes);
  await app.register(uploadedFilesRoutes);
  await app.register(webPlugin);

  return app;
}
