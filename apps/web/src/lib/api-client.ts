import { ERROR_CODES, HTTP_MSG, REQUEST_TIMEOUT_MS, type ErrorCode } from '@sendero/contract';
import { isOnline } from './online-status';
import { clearSession, getSession } from './session';

/** A failed API call: the server's Spanish message, its code and per-field messages when given. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK_ERROR';
  readonly fields?: Record<string, string>;
  /** Seconds the server asked to wait before trying again (its Retry-After), when it said. */
  retryAfter?: number;

  constructor(status: number, code: ErrorCode | 'NETWORK_ERROR', message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    if (fields) this.fields = fields;
  }
}

export function isApiRequestError(e: unknown): e is ApiRequestError {
  return e instanceof ApiRequestError;
}

/** The message to show a person for any failure (never a stack trace or an English text). */
export function errorMessage(e: unknown): string {
  return isApiRequestError(e) ? e.message : HTTP_MSG.internal;
}

let unauthorizedHandler: () => void = () => {
  if (window.location.pathname !== '/ingresar') window.location.assign('/ingresar');
};

/** The router registers a client-side navigation here so a 401 does not reload the page. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

export interface RequestOptions {
  /** Send the bearer token of the stored session (default true when there is one). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Abort and report the call after this many ms (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** The error of a call that cannot start because the device has no network. */
export function offlineError(): ApiRequestError {
  return new ApiRequestError(0, 'NETWORK_ERROR', HTTP_MSG.offline);
}

function serviceWorkerControlsPage(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/** Whether `e` is the abort of a request (the caller's signal), not a failure to report. */
export function isAbortError(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

/**
 * One AbortController for a call: aborted by the caller's signal or by the timeout, whichever comes
 * first; `timedOut()` tells which.
 */
function callController(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('Timed out', 'AbortError'));
  }, timeoutMs);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'VALIDATION_ERROR';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status === 408) return 'REQUEST_TIMEOUT';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  return 'INTERNAL_ERROR';
}

const FALLBACK_MESSAGE: Record<ErrorCode, string> = {
  VALIDATION_ERROR: HTTP_MSG.validation,
  UNAUTHORIZED: HTTP_MSG.unauthorized,
  FORBIDDEN: HTTP_MSG.forbidden,
  NOT_FOUND: HTTP_MSG.notFound,
  CONFLICT: HTTP_MSG.conflict,
  PAYLOAD_TOO_LARGE: HTTP_MSG.payloadTooLarge,
  INVALID_TRACK: HTTP_MSG.trackInvalid,
  USE_SEARCH: HTTP_MSG.useSearch,
  UNSUPPORTED_MEDIA_TYPE: HTTP_MSG.unsupportedMediaType,
  TOO_MANY_REQUESTS: HTTP_MSG.tooManyAttempts,
  REQUEST_TIMEOUT: HTTP_MSG.requestTimeout,
  INTERNAL_ERROR: HTTP_MSG.internal,
  SERVICE_UNAVAILABLE: HTTP_MSG.serviceUnavailable,
};

/** The error body of docs/architecture.md#errors, checked by hand so zod stays out of the landing bundle. */
function parseErrorBody(body: unknown): { code: ErrorCode; message: string; fields?: Record<string, string> } | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return null;
  if (!(ERROR_CODES as readonly string[]).includes(code)) return null;
  const out: { code: ErrorCode; message: string; fields?: Record<string, string> } = { code: code as ErrorCode, message };
  if (typeof fields === 'object' && fields !== null) {
    out.fields = Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
  return out;
}

/** Builds the error of a non-2xx answer from its JSON body (docs/architecture.md#errors), whatever it contains. */
export function toError(status: number, body: unknown): ApiRequestError {
  const parsed = parseErrorBody(body);
  if (parsed && status < 500) return new ApiRequestError(status, parsed.code, parsed.message, parsed.fields);
  const code = codeForStatus(status);
  return new ApiRequestError(status, code, FALLBACK_MESSAGE[code]);
}

/** A 401 on a call that carried a token means the session is gone: forget it and go log in. */
export function handleUnauthorized(sentToken: boolean, status: number): void {
  if (sentToken && status === 401) {
    clearSession();
    unauthorizedHandler();
  }
}

/** Bodies are parsed as JSON when they are JSON; anything else counts as no body. */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Where the browser has it (scheduler.yield), a request starts in a task of its own: a screen that
 * mounts asks for several things at once from its effects (the person, the reviews, the outings), and
 * starting each fetch there was ~15 ms of a 4x slower phone apiece, all in the task that committed the
 * screen (src/boot/README.md). Elsewhere it starts at once.
 */
function yieldToMain(): Promise<void> | undefined {
  return (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.();
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  await yieldToMain();
  if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  // Offline: say so now instead of waiting for the browser to give up, except for reads the service
  // worker may answer from the saved destinations' offline copies (src/sw/sw.ts).
  if (!isOnline() && !(method === 'GET' && serviceWorkerControlsPage())) throw offlineError();
  const session = options.auth === false ? null : getSession();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session.token}`;

  const call = callController(options.signal, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    let res: Response;
    let text: string;
    try {
      res = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: call.signal,
      });
      text = await res.text();
    } catch (e) {
      if (call.timedOut()) throw new ApiRequestError(0, 'NETWORK_ERROR', HTTP_MSG.timeout);
      if (isAbortError(e) || options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      throw isOnline() ? new ApiRequestError(0, 'NETWORK_ERROR', HTTP_MSG.network) : offlineError();
    }

    // A proxy's HTML error page (502, 504) is not JSON: it counts as no body.
    const data = parseJson(text);
    if (!res.ok) {
      handleUnauthorized(Boolean(session), res.status);
      throw toError(res.status, data);
    }
    return data as T;
  } finally {
    call.done();
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  del: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
