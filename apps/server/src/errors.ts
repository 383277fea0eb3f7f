import { MSG, type ErrorCode } from '@sendero/contract';

/**
 * The one error type services throw. The central error handler turns it into
 * `{ error: { code, message, fields } }` with `status`; anything else becomes a 500 with MSG.internal.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds for the Retry-After header (429 answers). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = MSG.validation, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string = MSG.conflict) => new AppError(409, 'CONFLICT', message);
export const payloadTooLarge = (message: string = MSG.payloadTooLarge) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMedia = (message: string = MSG.invalidImage) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const tooManyRequests = (message: string = MSG.tooManyAttempts, retryAfterSeconds?: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', message, undefined, retryAfterSeconds);
export const serviceUnavailable = (retryAfterSeconds = 5) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', MSG.serviceUnavailable, undefined, retryAfterSeconds);
