/**
 * What the logs may say about an error (README: logs never contain a password, a hash or a token).
 * A failed database statement carries its parameters (drizzle's DrizzleQueryError puts them in `params`
 * and in its message; PostgreSQL's `detail` may quote a whole row, password hash included): none of that
 * is logged. Every error in the `cause` chain is reduced to its type, a scrubbed message, a few safe
 * database fields and the stack frames.
 */

const SAFE_DB_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;
const MAX_CAUSES = 5;

/** Removes drizzle's `params:` part, argon2 hashes, JWTs and bearer credentials from a text. */
export function scrubSecrets(text: string): string {
  return text
    .replace(/\n?params:[\s\S]*$/, '')
    .replace(/\$argon2[a-z]*\$[^\s,;)"'\]]*/g, '[redacted]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[redacted]')
    .replace(/(bearer\s+)\S+/gi, '$1[redacted]');
}

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  cause?: SafeError;
  [field: string]: unknown;
}

function serialize(error: unknown, depth: number): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[non-error value]', stack: '' };
  const type = error.name || error.constructor?.name || 'Error';
  const message = scrubSecrets(error.message);
  const out: SafeError = { type, message, stack: `${type}: ${message}` };
  const record = error as unknown as Record<string, unknown>;
  for (const field of SAFE_DB_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (typeof record.statusCode === 'number') out.statusCode = record.statusCode;
  if (error.stack) {
    // Only the frames: the first lines repeat the (unscrubbed) message.
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [out.stack, ...frames].join('\n');
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serialize(error.cause, depth + 1);
  return out;
}

/** pino serializer for `err` (and `error`) keys. */
export function serializeError(error: unknown): SafeError {
  return serialize(error, 0);
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** pino serializer for `req`: Fastify's fields, with any token in the URL (e.g. `?token=`) scrubbed. */
export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: scrubSecrets(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const LOG_SERIALIZERS = { err: serializeError, error: serializeError, req: serializeRequest };
