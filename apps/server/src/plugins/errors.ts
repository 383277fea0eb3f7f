import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { ApiErrorSchema, MSG, type ApiError, type ErrorCode } from '@sendero/contract';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';
import { AppError } from '@/errors.js';

/**
 * One error shape for every failure (DESIGN.md §4): `{ error: { code, message, fields? } }`.
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

interface FieldIssue {
  field: string;
  message: string;
  /** zod issue code: `invalid_type` for a missing value, `invalid_format` for a malformed one, ... */
  code: string;
}

function fieldIssues(issues: readonly $ZodIssue[]): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: [...base, key].join('.'), message: MSG.unknownField, code: issue.code });
    } else {
      out.push({ field: base.join('.'), message: issue.message, code: issue.code });
    }
  }
  return out;
}

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
  return { status: 500, body: errorBody('INTERNAL_ERROR', MSG.internal) };
}

async function errorsPlugin(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorReply(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const retryAfter = (error as { headers?: Record<string, string> } | null)?.headers?.['retry-after'];
    if (status === 429 && retryAfter) void reply.header('retry-after', retryAfter);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

export default fp(errorsPlugin, { name: 'errors', fastify: '5.x' });
