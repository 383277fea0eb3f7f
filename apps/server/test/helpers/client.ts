import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.js';
import { authHeader } from './app.js';

export interface Answer<T> {
  status: number;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: T;
  /** The body as text (HTML pages, robots.txt, bytes compared as sent). */
  text: string;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

type Payload = InjectOptions['payload'];

/** One request as a test builds it by hand: malformed bodies, odd headers, wrong content types. */
export interface RawRequest {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  /** A string or Buffer is sent as it is (no content type added); an object is sent as JSON. */
  payload?: Payload;
  /** On top of the client's Authorization header (a test may replace it). */
  headers?: Record<string, string>;
}

/** The error shape of docs/architecture.md#errors, for `Answer<Place & ErrorBody>` when a call may refuse. */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/**
 * The tests' typed client over `app.inject()` (docs/architecture.md#tests), the one place the server
 * tests build requests: calls as anonymous or as a user's token, with the body parsed to the contract
 * type the test names:
 *
 *   const places = await api(t).get<Place[]>(API.places);
 *   const made = await api(t, ana.token).post<Place>(API.placeCreate, input);
 *   const bad = await api(t).request({ method: 'POST', url: API.login, headers: { 'content-type': 'application/json' }, payload: '{bad' });
 *
 * `from` sets the client's address (rate limits count per address).
 */
export function api(t: Pick<TestApp, 'app'>, token?: string, from?: { remoteAddress: string }) {
  const request = async <T = unknown>({ method, url, payload, headers = {} }: RawRequest): Promise<Answer<T>> => {
    const raw = await t.app.inject({ method, url, payload, headers: { ...(token ? authHeader(token) : {}), ...headers }, ...from });
    let body: unknown;
    try {
      body = raw.body ? raw.json() : undefined;
    } catch {
      body = undefined;
    }
    return { status: raw.statusCode, body: body as T, text: raw.body, headers: raw.headers, raw };
  };
  return {
    request,
    get: <T = unknown>(url: string, headers?: Record<string, string>) => request<T>({ method: 'GET', url, headers }),
    post: <T = unknown>(url: string, payload?: Payload, headers?: Record<string, string>) => request<T>({ method: 'POST', url, payload, headers }),
    put: <T = unknown>(url: string, payload?: Payload, headers?: Record<string, string>) => request<T>({ method: 'PUT', url, payload, headers }),
    patch: <T = unknown>(url: string, payload?: Payload, headers?: Record<string, string>) => request<T>({ method: 'PATCH', url, payload, headers }),
    delete: <T = unknown>(url: string, headers?: Record<string, string>) => request<T>({ method: 'DELETE', url, headers }),
  };
}
