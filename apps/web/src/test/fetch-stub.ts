import { vi } from 'vitest';

/**
 * Stubs `fetch` at the network boundary for component tests. Each handler key is
 * "METHOD /path" (query string included when present); a handler returns [status, body].
 * Unhandled calls fail loudly so a test cannot pass by accident.
 */
export type FetchHandler = (body: unknown, init: RequestInit) => [number, unknown] | Promise<[number, unknown]>;

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export function stubFetch(handlers: Record<string, FetchHandler | [number, unknown]>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}${url.search}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: `${url.pathname}${url.search}`, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected fetch: ${key}`);
    const [status, data] = Array.isArray(handler) ? handler : await handler(body, init);
    return new Response(data === undefined ? null : JSON.stringify(data), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** A network failure (the server cannot be reached). */
export function networkDown(): FetchHandler {
  return () => {
    throw new TypeError('Failed to fetch');
  };
}
