import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.js';
import { authHeader } from './app.js';

export interface Answer<T> {
  status: number;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: T;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

type Payload = InjectOptions['payload'];

/** The error shape of docs/architecture.md#errors, for `Answer<Place & ErrorBody>` when a call may refuse. */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/**
 * The tests' typed client over `app.inject()` (docs/architecture.md#tests): calls as anonymous or as a
 * user's token, with the body parsed to the contract type the test names:
 *
 *   const places = await api(t).get<Place[]>(API.places);
 *   const made = await api(t, ana.token).post<Place>(API.placeCreate, input);
 *
 * `from` sets the client's address (rate limits count per address).
 */
export function api(t: Pick<TestApp, 'app'>, token?: string, from?: { remoteAddress: string }) {
  const send = async <T>(method: InjectOptions['method'], url: string, payload?: Payload, headers: Record<string, string> = {}): Promise<Answer<T>> => {
    const raw = await t.app.inject({ method, url, payload, headers: { ...(token ? authHeader(token) : {}), ...headers }, ...from });
    let body: unknown;
    try {
      body = raw.body ? raw.json() : undefined;
    } catch {
      body = undefined;
    }
    return { status: raw.statusCode, body: body as T, headers: raw.headers, raw };
  };
  return {
    get: <T = unknown>(url: string, headers?: Record<string, string>) => send<T>('GET', url, undefined, headers),
    post: <T = unknown>(url: string, payload?: Payload, headers?: Record<string, string>) => send<T>('POST', url, payload, headers),
    put: <T = unknown>(url: string, payload?: Payload, headers?: Record<string, string>) => send<T>('PUT', url, payload, headers),
    patch: <T = unknown>(url: string, payload?: Payload, headers?: Record<string, string>) => send<T>('PATCH', url, payload, headers),
    delete: <T = unknown>(url: string, headers?: Record<string, string>) => send<T>('DELETE', url, undefined, headers),
  };
}
