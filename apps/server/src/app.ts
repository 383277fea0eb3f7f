import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type onRequestHookHandler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from '@/config.js';
import type { Db } from '@/db/types.js';
import { LOG_SERIALIZERS } from '@/log-safety.js';
import authPlugin from '@/plugins/auth.js';
import databasePlugin from '@/plugins/database.js';
import docsPlugin from '@/plugins/docs.js';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from '@/plugins/errors.js';
import { limitConnectionsPerIp } from '@/plugins/connections.js';
import placeChangesPlugin from '@/plugins/place-changes.js';
import mailPlugin, { type MailPluginOptions } from '@/plugins/mail.js';
import rateLimitsPlugin from '@/plugins/rate-limits.js';
import requestLogPlugin, { QuietRequestLogs } from '@/plugins/request-log.js';
import securityPlugin from '@/plugins/security.js';
import webPlugin from '@/plugins/web.js';
import adminRoutes from '@/routes/admin.js';
import authRoutes from '@/routes/auth.js';
import healthRoutes from '@/routes/health.js';
import passwordRoutes from '@/routes/password.js';
import outingsRoutes from '@/routes/outings.js';
import placesRoutes from '@/routes/places.js';
import publicConfigRoutes from '@/routes/public-config.js';
import ratingsRoutes from '@/routes/ratings.js';
import savedRoutes from '@/routes/saved.js';
import uploadRoutes from '@/routes/upload.js';
import tracksRoutes from '@/routes/tracks.js';
import uploadedFilesRoutes from '@/routes/uploaded-files.js';
import usersRoutes from '@/routes/users.js';
import { OutingEvents } from '@/services/outing-events.js';
import { createDatabaseStorage } from '@/storage/database.js';
import { createLocalStorage } from '@/storage/local.js';
import type { Storage } from '@/storage/storage.js';

export interface AppDeps {
  /** The database (opened and migrated by the caller, who also closes it). */
  db: Db;
  /** Defaults to STORAGE: rows of `stored_files` in `db`, or files under DATA_DIR/uploads. */
  storage?: Storage;
  /** Fastify's logger option; defaults to pino at config.logLevel with secrets redacted. */
  logger?: FastifyServerOptions['logger'];
  /** Mail retry delays and timeouts (tests shorten them). */
  mail?: MailPluginOptions;
}

/** Never log a password, a hash or a token (docs/architecture.md#errors). Fastify logs no bodies; these guard anything else. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  // e.g. @fastify/multipart logs its busboy options, request headers included, at trace level.
  '*.headers.authorization',
  '*.headers.cookie',
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
  // Errors are always logged through serializeError (no statement parameters, no hashes, no tokens).
  const logger: FastifyServerOptions['logger'] =
    deps.logger && typeof deps.logger === 'object'
      ? { ...deps.logger, serializers: { ...LOG_SERIALIZERS, ...(deps.logger as { serializers?: object }).serializers } }
      : (deps.logger ?? { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: LOG_SERIALIZERS });
  const app = Fastify({
    logger,
    // Logged at debug by the request-log plugin (5xx and slow requests at info).
    logController: new QuietRequestLogs(),
    bodyLimit: JSON_BODY_LIMIT,
    // On close: new requests get 503, idle keep-alive sockets close, in-flight requests finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // Errors of the router and of HTTP parsing, in the error shape with the security headers.
    frameworkErrors,
    clientErrorHandler,
    // Slow clients (README, configuration): the whole request within REQUEST_TIMEOUT_MS, its headers within
    // HEADERS_TIMEOUT_MS, checked every second or faster.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.headersTimeoutMs / 4))),
    },
  });
  limitConnectionsPerIp(app.server, config);

  app.decorate('config', config);
  await app.register(requestLogPlugin);
  // JSON only (the upload route adds multipart in its own scope): any other body type is a 415.
  app.removeContentTypeParser('text/plain');
  acceptEmptyBodiesOnBodilessRoutes(app);
  app.setSerializerCompiler(serializerCompiler);

  // External concerns first, then the app's own plugins, then the routes (fastify/demo order).
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(docsPlugin);
  await app.register(databasePlugin, { db: deps.db });
  await app.register(placeChangesPlugin);
  app.decorate(
    'storage',
    deps.storage ?? (config.storage === 'database' ? createDatabaseStorage(deps.db) : createLocalStorage(join(config.dataDir, 'uploads'))),
  );
  // After-commit hooks of the outings (the participants' "outing cancelled" e-mail subscribes here).
  app.decorate('outingEvents', new OutingEvents((error) => app.log.error({ err: error }, 'outing listener failed')));
  await app.register(authPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(mailPlugin, deps.mail ?? {});

  // The API's routes, then the web app (its not-found handler serves the screens' HTML for other paths).
  const routes = [
    healthRoutes,
    publicConfigRoutes,
    authRoutes,
    passwordRoutes,
    usersRoutes,
    adminRoutes,
    placesRoutes,
    ratingsRoutes,
    savedRoutes,
    outingsRoutes,
    uploadRoutes,
    tracksRoutes,
    uploadedFilesRoutes,
    webPlugin,
  ];
  for (const plugin of routes) await app.register(plugin);

  return app;
}

/**
 * Calls that take no body (the deletes, the admin's verify, joining an outing...) accept a request that
 * names a content type but sends nothing, as many HTTP client layers do (`Content-Type: application/json`
 * with `Content-Length: 0`): the header is dropped before parsing, so the call answers as it would without
 * it. A body that is really there is still parsed, and refused, as before (docs/product.md#calls).
 */
function acceptEmptyBodiesOnBodilessRoutes(app: FastifyInstance): void {
  const dropEmptyBodyType: onRequestHookHandler = (request, _reply, done) => {
    const { headers } = request;
    if (headers['content-type'] !== undefined && headers['transfer-encoding'] === undefined) {
      const length = headers['content-length'];
      if (length === undefined || length === '0') delete headers['content-type'];
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map((m) => m.toUpperCase());
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    if (route.schema?.body !== undefined || route.config?.openapiBody !== undefined) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [dropEmptyBodyType, ...own];
  });
}
