import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, MSG, SESSION_STORAGE_KEY } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { stubFetch } from '@/test/fetch-stub';
import { signIn, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, ApiRequestError, isAbortError, setUnauthorizedHandler } from './api-client';

describe('api client', () => {
  it('sends the bearer token of the session and returns the JSON body', async () => {
    signIn('user');
    const { calls } = stubFetch({ [`GET ${API.places}`]: [200, [{ _id: 'p1' }]] });
    await expect(api.get(API.places)).resolves.toEqual([{ _id: 'p1' }]);
    expect(calls[0]?.headers.Authorization).toBe('Bearer token-1');
  });

  it("a failure carries the server's status, code, Spanish message and field messages", async () => {
    stubFetch({
      [`POST ${API.register}`]: [400, { error: { code: 'VALIDATION_ERROR', message: MSG.validation, fields: { email: MSG.emailInvalid } } }],
    });
    const error = await api.post(API.register, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: MSG.validation, fields: { email: MSG.emailInvalid } });
  });

  it('a network failure is status 0 with the network message; a 5xx never shows its own text', async () => {
    stubFetch({
      [`GET ${API.places}`]: () => {
        throw new TypeError('Failed to fetch');
      },
      [`GET ${API.health}`]: [500, { error: { code: 'INTERNAL_ERROR', message: 'stack trace here' } }],
    });
    await expect(api.get(API.places)).rejects.toMatchObject({ status: 0, message: MSG.network });
    await expect(api.get(API.health)).rejects.toMatchObject({ status: 500, message: MSG.internal });
  });

  it('a 503 (database down or restarting, or the server closing) is SERVICE_UNAVAILABLE with its Spanish message', async () => {
    stubFetch({
      [`GET ${API.places}`]: [503, { error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } }],
      [`GET ${API.health}`]: [503, { error: 'Service Unavailable', message: 'Server is closing', statusCode: 503 }],
    });
    await expect(api.get(API.places)).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable });
    await expect(api.get(API.health)).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable });
  });

  it('a 401 on an authenticated call clears the session and calls the unauthorized handler', async () => {
    signIn('user');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch({ [`GET ${API.user(USER_ID)}`]: [401, { error: { code: 'UNAUTHORIZED', message: MSG.unauthorized } }] });
    await expect(api.get(API.user(USER_ID))).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a 401 on a call without a token (a wrong login) leaves everything as it is', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch({ [`POST ${API.login}`]: [401, { error: { code: 'UNAUTHORIZED', message: MSG.loginFailed } }] });
    await expect(api.post(API.login, {}, { auth: false })).rejects.toMatchObject({ message: MSG.loginFailed });
    expect(handler).not.toHaveBeenCalled();
  });

  it('as a user whose token expired I end up on /ingresar', async () => {
    signIn('user');
    stubFetch({
      [`GET ${API.user(USER_ID)}`]: [401, { error: { code: 'UNAUTHORIZED', message: MSG.unauthorized } }],
      [`GET ${API.places}`]: [401, { error: { code: 'UNAUTHORIZED', message: MSG.unauthorized } }],
    });
    const { router } = renderRoutes(routes, '/buscar-destino');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ingresar'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('api client on a weak or lost network', () => {
  it('offline before the call starts: fails at once with the offline message, fetch is never called', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { fn } = stubFetch({ [`GET ${API.places}`]: [200, []] });
    await expect(api.get(API.places)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: MSG.offline });
    expect(fn).not.toHaveBeenCalled();
  });

  it('a call that never answers is aborted after the timeout and says so in Spanish', async () => {
    let sawAbort = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init: RequestInit = {}) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => {
              sawAbort = true;
              reject(new DOMException('Aborted', 'AbortError'));
            });
          }),
      ),
    );
    await expect(api.get(API.places, { timeoutMs: 30 })).rejects.toMatchObject({ status: 0, message: MSG.timeout });
    expect(sawAbort).toBe(true);
  });

  it("the caller's abort is an AbortError, not a failure to show", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init: RequestInit = {}) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = api.post(API.ratingCreate, {}, { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
  });

  it('a proxy answering 502 with an HTML page gives the Spanish message, not a crash', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } })),
    );
    await expect(api.get(API.places)).rejects.toMatchObject({ status: 502, message: MSG.internal });
  });
});
