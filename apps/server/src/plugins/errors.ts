import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { ApiErrorSchema, fieldIssues, MSG, type ApiError, type ErrorCode, type FieldIssue } from '@sendero/contract';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { isDatabaseUnavailable } from '@/db/errors.js';
import { AppError } from '@/errors.js';
import type { Config } from '@/config.js';
import { securityHeaders } from '@/plugins/security.js';

/**
 * One error shape for every failure (docs/architecture.md#errors): `{ error: { code, message, fields? } }`.
 * 5xx answers never carry the real message or a stack; they are logged with the request id.
 */

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ApiError {
  return fields && Object.keys(fields).length > 0 ? { error: { code, message, fields } } : { error: { code, message } };
}

/** Response schemas for the error statuses a route may answer (for serialization and the OpenAPI document). */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ApiErrorSchema])) as Record<S, typeof ApiErrorSchema>;
}

/** Contract schemas carry Spanish messages; anything they do not word gets one of ours. */
const fallbackMessage = (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? MSG.unknownField : MSG.validation);

/** Validation error raised by our validator compiler; the error handler turns it into 400 (or 404 for ids). */
export class RequestValidationError extends Error {
  constructor(
    readonly part: string,
    readonly issues: FieldIssue[],
  ) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * Like fastify-type-provider-zod's validatorCompiler, but with our Spanish fallback messages and the
 * issues kept whole (the error handler builds `fields` from them).
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParse(schema, data, { error: fallbackMessage });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(httpPart ?? 'body', fieldIssues(result.error.issues)) };
  };

function validationReply(error: RequestValidationError): { status: number; body: ApiError } {
  // A malformed id in the query (e.g. ?target=123) names nothing that exists: 404, like ids in the path.
  const onlyIds = error.issues.every((i) => i.message === MSG.notFound && i.code !== 'invalid_type');
  if (error.part === 'params' || (error.part === 'querystring' && onlyIds)) {
    return { status: 404, body: errorBody('NOT_FOUND', MSG.notFound) };
  }
  const fields: Record<string, string> = {};
  for (const { field, message } of error.issues) {
    if (field !== '' && !(field in fields)) fields[field] = message;
  }
  const messages = new Set(error.issues.map((i) => i.message));
  const message = messages.size === 1 ? [...messages][0]! : MSG.validation;
  return { status: 400, body: errorBody('VALIDATION_ERROR', message, fields) };
}

const byStatus: Record<number, [ErrorCode, string]> = {
  400: ['VALIDATION_ERROR', MSG.validation],
  401: ['UNAUTHORIZED', MSG.unauthorized],
  403: ['FORBIDDEN', MSG.forbidden],
  404: ['NOT_FOUND', MSG.notFound],
  409: ['CONFLICT', MSG.conflict],
  413: ['PAYLOAD_TOO_LARGE', MSG.payloadTooLarge],
  415: ['UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedMediaType],
  429: ['TOO_MANY_REQUESTS', MSG.tooManyAttempts],
};

/** Maps any thrown value to a status and body. Exported for tests of the mapping itself. */
export function toErrorReply(error: unknown): { status: number; body: ApiError } {
  if (error instanceof AppError) return { status: error.status, body: errorBody(error.code, error.message, error.fields) };
  if (error instanceof RequestValidationError) return validationReply(error);
  const fe = error as Partial<FastifyError> | null;
  if (fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, body: errorBody('VALIDATION_ERROR', MSG.invalidJson) };
  }
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const [code, message] = byStatus[status] ?? byStatus[400]!;
    return { status: byStatus[status] ? status : 400, body: errorBody(code, message) };
  }
  // The database is down or restarting: a clean, retryable 503 (never a hang: the pool gives up after 5 s).
  if (isDatabaseUnavailable(error)) return { status: 503, body: errorBody('SERVICE_UNAVAILABLE', MSG.serviceUnavailable) };
  return { status: 500, body: errorBody('INTERNAL_ERROR', MSG.internal) };
}

/**
 * Fastify's `frameworkErrors`: what the router answers before any route or hook runs, in our shape and
 * with the security headers. A path parameter the router refuses (over its length limit, or a malformed
 * percent-encoding such as `/api/user/%c0%ae`) can name no id: 404 like any non-UUID id (README decision 8).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const routerRefusal = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const { status, body } = routerRefusal ? { status: 404, body: errorBody('NOT_FOUND', MSG.notFound) } : toErrorReply(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  void reply.headers(securityHeaders(request.server.config)).code(status).type('application/json; charset=utf-8').send(body);
}

/** A raw HTTP answer for a socket no request object exists for (malformed HTTP, slow client, too many connections). */
export function rawErrorResponse(
  config: Pick<Config, 'mapTiles'>,
  status: number,
  body: ApiError,
  extraHeaders: Record<string, string> = {},
): string {
  const json = JSON.stringify(body);
  const headers = {
    ...securityHeaders(config),
    ...extraHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${json}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
};

/**
 * Fastify's `clientErrorHandler`: Node reports malformed HTTP, over-long headers and clients that did
 * not send their request in time (REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS) here, before Fastify sees a
 * request. The answer keeps the error shape and the security headers; the socket is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let reply: [number, ApiError];
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') reply = [408, errorBody('REQUEST_TIMEOUT', MSG.requestTimeout)];
  else if (error.code === 'HPE_HEADER_OVERFLOW') reply = [431, errorBody('PAYLOAD_TOO_LARGE', MSG.payloadTooLarge)];
  else reply = [400, errorBody('VALIDATION_ERROR', MSG.validation)];
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) socket.end(rawErrorResponse(this.config, reply[0], reply[1]), () => socket.destroy());
  else socket.destroy();
}

const DEFAULT_RETRY_AFTER_SECONDS = 60;

async function errorsPlugin(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorReply(error);
    if (status === 503) request.log.warn({ err: error }, error instanceof AppError ? 'service busy' : 'database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (status === 503) void reply.header('retry-after', String(error instanceof AppError && error.retryAfter ? error.retryAfter : 5));
    // Every 429 says when to come back: ours carry it, @fastify/rate-limit has already set the header.
    if (status === 429) {
      const own = error instanceof AppError ? error.retryAfter : undefined;
      const fromPlugin = (error as { headers?: Record<string, string> } | null)?.headers?.['retry-after'];
      const retryAfter = own ?? fromPlugin ?? reply.getHeader('retry-after') ?? DEFAULT_RETRY_AFTER_SECONDS;
      void reply.header('retry-after', String(Math.max(1, Math.ceil(Number(retryAfter) || DEFAULT_RETRY_AFTER_SECONDS))));
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

export default fp(errorsPlugin, { name: 'errors', fastify: '5.x' });
