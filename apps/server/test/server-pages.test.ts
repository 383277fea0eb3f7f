import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LANDING_FIRST_PAGE, WEB_BUILD, type Place, type PlaceIndexEntry, type ServerPage } from '@sendero/contract';
import { buildTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { api } from './helpers/client.js';
import { createPlace } from './helpers/upload-fixtures.js';

/**
 * The server's side of the screens it renders (apps/web/src/boot/README.md): which requests
 * get them, from what data, with which headers, and what happens when the build's renderer fails. The
 * renderer here is a stand-in module in the build's place (WEB_BUILD.ssrEntry) that writes the page it
 * was given into #root; the real one (apps/web/src/boot/serve-render.tsx) is tested with the app in
 * apps/web/src/boot/serve-render.test.tsx and in a browser by the e2e journeys.
 */

const PAGE = (root: string) => `<!doctype html><html lang="es"><head><title>Sendero</title></head><body><div id="root">${root}</div></body></html>`;

/** The stand-in renderer: the page it was given as JSON in #root; a place named 'Falla' makes it throw. */
const RENDERER = `
export async function renderServerPage(html, page) {
  if ('place' in page && page.place.name === 'Falla') throw new Error('the renderer failed');
  return html.replace(/<div id="root">[\\s\\S]*<\\/div>/, () => '<div id="root" data-prerendered><pre>' + JSON.stringify(page).replace(/</g, '\\\\u003c') + '</pre></div>');
}
`;

const COOKIE = { accept: 'text/html', cookie: `other=1; ${WEB_BUILD.signedInCookie}=user` };

let t: TestApp;
let dist: string;
let ana: TestUser;
let admin: TestUser;
let verified: Place[];
let inReview: Place;

/** The page the stand-in rendered, or null when the build's own page was sent. */
function rendered(html: string): ServerPage | null {
  const m = /<div id="root" data-prerendered><pre>([\s\S]*)<\/pre><\/div>/.exec(html);
  return m ? (JSON.parse(m[1]!) as ServerPage) : null;
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sendero-web-server-pages-'));
  writeFileSync(join(dist, 'index.html'), PAGE('<main>spinner</main>'));
  mkdirSync(join(dist, 'pages', 'buscar-destino', 'destino'), { recursive: true });
  writeFileSync(join(dist, 'pages', 'buscar-destino.html'), PAGE('<main>search spinner</main>'));
  writeFileSync(join(dist, 'pages', 'buscar-destino', 'destino', ':id.html'), PAGE('<main>detail spinner</main>'));
  mkdirSync(join(dist, dirname(WEB_BUILD.ssrEntry)), { recursive: true });
  writeFileSync(join(dist, WEB_BUILD.ssrEntry), RENDERER);
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  [ana, admin] = await Promise.all([t.createUser(), t.createAdmin()]);
  verified = [];
  for (let i = 0; i < LANDING_FIRST_PAGE + 2; i++) verified.push(await createPlace(t, ana.token, { name: `Laguna ${i}` }, { verifyWith: admin.token }));
  inReview = await createPlace(t, ana.token, { name: 'En revisión' });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the screens the server renders', () => {
  it('the landing, for everyone: rendered from the newest verified destinations and the public settings, nobody signed in', async () => {
    const res = await api(t).get('/', { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
    // The landing's own template: no page-shell class on <body>.
    expect(res.text).not.toContain('class="sd-page"');
    const page = rendered(res.text) as Extract<ServerPage, { firstPage: unknown }> | null;
    expect(page?.path).toBe('/');
    expect(page?.role).toBeNull();
    expect(page?.firstPage.map((p) => p.name)).toEqual(verified.slice(-LANDING_FIRST_PAGE).reverse().map((p) => p.name));
    expect(page?.config).toEqual((await api(t).get(API.config)).body);
  });

  it('the landing with the signed-in cookie: rendered as that role, kept by no shared cache; with a query: the build’s page', async () => {
    const res = await api(t).get('/', COOKIE);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(rendered(res.text)?.role).toBe('user');
    // The anonymous page again, after the signed-in one: each is kept apart.
    expect(rendered((await api(t).get('/', { accept: 'text/html' })).text)?.role).toBeNull();
    const withQuery = await api(t).get('/?utm_source=x', { accept: 'text/html' });
    expect(rendered(withQuery.text)).toBeNull();
    expect(withQuery.text).toContain('<main>spinner</main>');
  });

  it('/buscar-destino with the signed-in cookie: rendered from the newest verified destinations, the index’s first page', async () => {
    const res2 = await api(t).get('/buscar-destino', COOKIE);
    expect(res2.status).toBe(200);
    expect(res2.headers['cache-control']).toBe('private, no-cache');
    expect(res2.headers.vary).toBe('Accept-Encoding, Cookie');
    const page = rendered(res2.text);
    expect(page?.path).toBe('/buscar-destino');
    const firstPage = (page as { firstPage: PlaceIndexEntry[] }).firstPage;
    expect(firstPage).toHaveLength(LANDING_FIRST_PAGE);
    expect(firstPage.map((p) => p.name)).toEqual(verified.slice(-LANDING_FIRST_PAGE).reverse().map((p) => p.name));
    expect(firstPage.some((p) => p._id === inReview._id)).toBe(false);
  });

  it("a verified destination's page: rendered from the place as GET /api/place/{id} answers a member", async () => {
    const place = verified[0]!;
    const res = await api(t).get(`/buscar-destino/destino/${place._id}`, COOKIE);
    expect(res.status).toBe(200);
    const page = rendered(res.text) as { path: string; place: unknown } | null;
    expect(page?.path).toBe(`/buscar-destino/destino/${place._id}`);
    const member = await api(t, ana.token).get(API.place(place._id));
    expect(page?.place).toEqual(member.body);
    // Its meta tags stay those of a shared destination (docs/product.md#sharing).
    expect(res.text).toContain(`<meta property="og:title" content="${place.name}`);
  });

  it('without the cookie, with a query, or for a place in review or not found: the build’s own page', async () => {
    const without = await api(t).get('/buscar-destino', { accept: 'text/html' });
    expect(without.text).toContain('search spinner');
    expect(without.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(without.headers['cache-control']).toBe('no-cache');
    const withQuery = await api(t).get('/buscar-destino?nombre=laguna', COOKIE);
    expect(withQuery.text).toContain('search spinner');
    const notAKey = await api(t).get('/buscar-destino', { accept: 'text/html', cookie: `${WEB_BUILD.signedInCookie}=1` });
    expect(rendered(notAKey.text)).toBeNull();
    for (const id of [inReview._id, '33333333-3333-4333-8333-000000000999', 'no-es-un-id']) {
      const res = await api(t).get(`/buscar-destino/destino/${id}`, COOKIE);
      expect(res.status).toBe(200);
      expect(rendered(res.text)).toBeNull();
    }
  });

  it('a renderer that throws: the build’s own page, never a 500', async () => {
    const failing = await createPlace(t, ana.token, { name: 'Falla' }, { verifyWith: admin.token });
    const res = await api(t).get(`/buscar-destino/destino/${failing._id}`, COOKIE);
    expect(res.status).toBe(200);
    expect(res.text).toContain('detail spinner');
  });

  it('the renderer is not a file of the site', async () => {
    const res = await api(t).get(`/${WEB_BUILD.ssrEntry}`, { accept: '*/*' });
    expect(res.status).toBe(404);
  });

  it('a place changed: the next page shows it', async () => {
    const place = verified[1]!;
    const before = rendered((await api(t).get(`/buscar-destino/destino/${place._id}`, COOKIE)).text) as { place: Place };
    expect(before.place.name).toBe(place.name);
    const edited = await api(t, ana.token).put(API.placeUpdate(place._id), { name: 'Laguna renombrada' });
    expect(edited.status).toBe(200);
    const after = rendered((await api(t).get(`/buscar-destino/destino/${place._id}`, COOKIE)).text) as { place: Place };
    expect(after.place.name).toBe('Laguna renombrada');
  });
});

describe('RENDER_ON_SERVER=off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ env: { WEB_DIST_DIR: dist, RENDER_ON_SERVER: 'off' } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('sends the build’s own pages, and their caches need not tell cookies apart', async () => {
    const res = await api(off).get('/buscar-destino', COOKIE);
    expect(res.text).toContain('search spinner');
    expect(res.headers.vary).toBe('Accept-Encoding');
    const landing = await api(off).get('/', { accept: 'text/html' });
    expect(landing.text).toContain('<main>spinner</main>');
    expect(landing.headers.vary).toBe('Accept-Encoding');
  });
});
