import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { CHUNK_RELOAD_KEY, isChunkLoadError, pageReload, reloadForNewDeploy } from './chunk-loading';
import { lazyScreen } from './lazy-screen';
import { RouteError } from './route-error';
import { TEXT } from '@sendero/contract';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://x/assets/search-abc.js');

/** A chunk loader that fails `failures` times, then loads a screen saying 'Pantalla cargada'. */
function flakyChunk(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw chunkError();
    return { default: () => <p>Pantalla cargada</p> };
  });
  return load;
}

function layoutWith(load: ReturnType<typeof flakyChunk>) {
  return [
    { path: '/', element: <p>Inicio</p> },
    { path: '/pantalla', lazy: lazyScreen(load), errorElement: <RouteError />, hydrateFallbackElement: <p>Cargando</p> },
  ];
}

describe('a screen whose code cannot be downloaded', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('retries once on its own: one failure is invisible', async () => {
    const load = flakyChunk(1);
    renderRoutes(layoutWith(load), '/pantalla');
    expect(await screen.findByText('Pantalla cargada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("after two failures shows 'Sin conexión' and 'Reintentar', which loads the screen without a reload", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))); // the site is unreachable too
    const load = flakyChunk(4);
    renderRoutes(layoutWith(load), '/pantalla');
    expect(await screen.findByRole('heading', { name: 'Sin conexión' }, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: TEXT.actions.retry }));
    expect(await screen.findByText('Pantalla cargada')).toBeInTheDocument();
  });

  it('loads by itself when the device comes back online', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const load = flakyChunk(4);
    renderRoutes(layoutWith(load), '/pantalla');
    await screen.findByRole('heading', { name: 'Sin conexión' }, { timeout: 5000 });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Pantalla cargada')).toBeInTheDocument();
  });

  it('recognises the chunk errors of Chromium, Firefox, Safari and Vite', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('after a deploy replaced the chunks', () => {
  afterEach(() => window.sessionStorage.clear());

  it("reloads once at the screen asked for (not the one being left), then shows 'Sin conexión' if the chunk is really gone", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 200 })));
    const before = pageReload.current;
    const reloadedAt: string[] = [];
    let where = () => '';
    pageReload.current = () => void reloadedAt.push(where());
    try {
      const load = flakyChunk(100);
      const { router, unmount } = renderRoutes(layoutWith(load), '/');
      where = () => router.state.location.pathname;
      await act(async () => {
        await router.navigate('/pantalla');
      });
      await vi.waitFor(() => expect(reloadedAt).toEqual(['/pantalla']));
      expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
      expect(screen.queryByRole('heading', { name: 'Sin conexión' })).toBeNull();
      unmount();

      // The same page again (as after that reload) with the chunk still missing: no second reload.
      renderRoutes(layoutWith(flakyChunk(100)), '/pantalla');
      expect(await screen.findByRole('heading', { name: 'Sin conexión' }, { timeout: 5000 })).toBeInTheDocument();
      expect(reloadedAt).toHaveLength(1);
    } finally {
      pageReload.current = before;
    }
  });

  it('reloads once when the site answers, never twice in a row (no loop)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 200 })));
    const reload = vi.fn();
    await expect(reloadForNewDeploy(reload)).resolves.toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    await expect(reloadForNewDeploy(reload)).resolves.toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when offline or when the site does not answer', async () => {
    const reload = vi.fn();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(reloadForNewDeploy(reload)).resolves.toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(reloadForNewDeploy(reload)).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
