import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, LANDING_TEXT, SEARCH_PARAMS, WEB_BUILD, type PlaceDetail } from '@sendero/contract';
import { preloadMenuFrame } from '@/app/layout/app-layout';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/route-tree';
import { createQueryClient } from '@/lib/query-client';
import { getSession, setRenderedSession } from '@/lib/session';
import { stubFetch } from '@/test/fetch-stub';
import { entriesOf, makePlace, makeUser, PUBLIC_CONFIG, signIn, USER_ID } from '@/test/fixtures';
import { expectHydration } from './hydration';
import { hydratingSession, seedFromPage } from './page-data';
import { renderServerPage } from './serve-render';

/** index.html as the build writes it, reduced to what the renderer needs: a <head> and #root last in <body>. */
const TEMPLATE = `<!doctype html><html lang="es"><head><title>Sendero</title></head><body class="${WEB_BUILD.pageClass}"><div id="root"><p>cargando</p></div></body></html>`;

/** What a test put in the document, taken out after it. */
const added: ChildNode[] = [];

/** The page the server sends for `page`, put in this document as the browser would parse it. */
async function serverPage(page: Parameters<typeof renderServerPage>[1]): Promise<{ html: string; root: HTMLElement }> {
  const html = await renderServerPage(TEMPLATE, page);
  // React's server renderer leaves the last context values it rendered with in place (in a server nothing
  // else reads them); here the browser's renderer follows in the same realm, so a render with no context
  // brings them back to their defaults.
  await prerender(<></>);
  // A browser starts with nothing the server's render set.
  setRenderedSession(null);
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const nodes = [...parsed.head.childNodes, ...parsed.body.childNodes];
  added.push(...nodes);
  document.head.append(...parsed.head.childNodes);
  document.body.append(...parsed.body.childNodes);
  return { html, root: document.getElementById('root')! };
}

/**
 * React's dev build warns when one context is provided by two renderers in one realm: here the
 * server's (the test renders the page first) and the browser's. Never so in the app; every other
 * console.error still fails the test (test/setup.ts).
 */
function ignoreTwoRenderersWarning() {
  const forward = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('Detected multiple renderers concurrently rendering the same context provider')) return;
    forward(...args);
  });
}

/** What main.tsx does with such a page: the data into the cache, the session the server rendered as, then hydrateRoot. */
async function hydrate(root: HTMLElement, path: string) {
  ignoreTwoRenderersWarning();
  const client = createQueryClient();
  const data = seedFromPage(client);
  expect(data).not.toBeNull();
  setRenderedSession(hydratingSession(data!, getSession()));
  expectHydration();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await Promise.all([vi.waitFor(() => expect(router.state.initialized).toBe(true)), preloadMenuFrame()]);
  const mismatches = vi.fn();
  await act(async () => {
    hydrateRoot(
      root,
      <AppProvider queryClient={client}>
        <RouterProvider router={router} />
      </AppProvider>,
      { onRecoverableError: mismatches },
    );
  });
  // What the screen asks for once hydrated (the person, the reviews) answered and rendered.
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  return { mismatches, router };
}

const place = makePlace({ name: 'Laguna Parón', description: 'Una laguna turquesa </script><img src=x onerror=alert(1)>' });
const detail: PlaceDetail = { ...place, conditions: null, track: null };

describe('a screen rendered on the server and hydrated by the app (src/boot/README.md)', () => {
  // hydrateRoot is React's own, not testing-library's render: tell React that act() is in use here.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

  afterEach(() => {
    setRenderedSession(null);
    for (const node of added.splice(0)) node.remove();
  });

  it('the search screen: the newest destinations in the HTML, adopted by React as they are', async () => {
    const first = entriesOf([place, makePlace({ name: 'Nevado Mateo' })]);
    const { html, root } = await serverPage({ path: '/buscar-destino', role: 'user', firstPage: first });
    // No script runs inline (the page's CSP): the data is a JSON block, and nothing in it closes that block.
    expect(html.match(/<script\b[^>]*>/g)).toEqual([`<script type="application/json" id="${WEB_BUILD.pageDataId}">`]);
    const cards = [...root.querySelectorAll('article h3')];
    expect(cards.map((h) => h.textContent)).toEqual(['Laguna Parón', 'Nevado Mateo']);

    signIn('user');
    stubFetch({
      [`GET ${API.placeIndex()}`]: [200, { v: 1 }],
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.config}`]: [200, PUBLIC_CONFIG],
    });
    // Typed before the app came, as a hiker on a slow phone may.
    const name = root.querySelector<HTMLInputElement>('#filter-name')!;
    name.value = 'Parón';
    const { mismatches, router } = await hydrate(root, '/buscar-destino');
    expect(mismatches).not.toHaveBeenCalled();
    // The same elements: nothing was rendered anew.
    expect(root.querySelector('#filter-name')).toBe(name);
    // What was typed stays, and is the search's: it reaches the address.
    await act(() => vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get(SEARCH_PARAMS.name)).toBe('Parón'), { timeout: 10_000 }));
    expect(name.value).toBe('Parón');
  });

  it("a destination's page: the place in the HTML, its text escaped, adopted by React as it is", async () => {
    const path = `/buscar-destino/destino/${place._id}`;
    stubFetch({
      [`GET ${API.placeIndex()}`]: [200, { v: 1 }],
      [`GET ${API.place(place._id)}`]: [200, detail],
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.config}`]: [200, PUBLIC_CONFIG],
      [`GET ${API.ratings(place._id)}`]: [200, []],
      [`GET ${API.outingsOfPlace(place._id)}`]: [200, []],
    });
    const { html, root } = await serverPage({ path, role: 'user', place: detail });
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<script\b[^>]*>/g)).toEqual([`<script type="application/json" id="${WEB_BUILD.pageDataId}">`]);
    const title = root.querySelector('h1');
    expect(title?.textContent).toBe('Laguna Parón');

    signIn('user');
    const { mismatches } = await hydrate(root, path);
    expect(mismatches).not.toHaveBeenCalled();
    expect(root.querySelector('h1')).toBe(title);
    expect(root.textContent).toContain('Una laguna turquesa </script><img src=x onerror=alert(1)>');
  });

  it('the landing, nobody signed in: the newest destinations and the social links in the HTML; text typed before the app stays and is searched', async () => {
    const first = entriesOf([place, makePlace({ name: 'Nevado Mateo' })]);
    const config = { ...PUBLIC_CONFIG, social: { instagram: 'https://instagram.com/sendero', facebook: null, x: null } };
    const { html, root } = await serverPage({ path: '/', role: null, firstPage: first, config });
    expect(html.match(/<script\b[^>]*>/g)).toEqual([`<script type="application/json" id="${WEB_BUILD.pageDataId}">`]);
    expect([...root.querySelectorAll('article h3')].map((h) => h.textContent)).toEqual(['Laguna Parón', 'Nevado Mateo']);
    expect(root.querySelector(`a[aria-label="${LANDING_TEXT.instagram}"]`)?.getAttribute('href')).toBe('https://instagram.com/sendero');
    expect(root.querySelector('a[href="/ingresar"]')?.textContent).toBe(LANDING_TEXT.login);
    // The first photos are asked for at once, not once the layout says they show.
    expect(root.querySelector('article img')?.getAttribute('loading')).toBe('eager');

    stubFetch({ [`GET ${API.placeIndex()}`]: [200, { v: 1 }], [`GET ${API.config}`]: [200, config] });
    const field = root.querySelector<HTMLInputElement>('input[type="search"]')!;
    field.value = 'Mateo';
    const { mismatches } = await hydrate(root, '/');
    expect(mismatches).not.toHaveBeenCalled();
    expect(root.querySelector('input[type="search"]')).toBe(field);
    expect(field.value).toBe('Mateo');
    // The field's value is the landing's: its X, disabled while empty, now empties it.
    const reset = root.querySelector<HTMLButtonElement>(`button[aria-label="${LANDING_TEXT.searchReset}"]`)!;
    expect(reset.disabled).toBe(false);
    await act(async () => reset.click());
    expect(field.value).toBe('');
  });

  it('the landing rendered for a role the browser no longer keeps (a cookie older than the stored session): hydrated as rendered, then shown as the session is', async () => {
    const first = entriesOf([place]);
    const { root } = await serverPage({ path: '/', role: 'user', firstPage: first, config: PUBLIC_CONFIG });
    expect(root.querySelector('a[href="/ingresar"]')).toBeNull();
    stubFetch({ [`GET ${API.placeIndex()}`]: [200, { v: 1 }], [`GET ${API.config}`]: [200, PUBLIC_CONFIG] });
    // Nobody signed in here.
    const { mismatches } = await hydrate(root, '/');
    expect(mismatches).not.toHaveBeenCalled();
    await act(() => vi.waitFor(() => expect(root.querySelector('a[href="/ingresar"]')?.textContent).toBe(LANDING_TEXT.login)));
  });
});
