import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Place, type PlacePreview } from '@sendero/contract';
import { buildTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace, pngImage, upload, uploadedUrl } from './helpers/upload-fixtures.js';

const PUBLIC_URL = 'https://sendero.example';
const GENERIC_TITLE = 'Sendero: destinos de trekking cerca de tu ciudad';
const GENERIC_DESCRIPTION = 'Encuentra destinos hermosos a pocas horas de tu ciudad y compártenos tu experiencia.';

// The shape of the real build's index.html: charset first, a title, a multi-line description, an inline
// style, the landing's static hero, one module script.
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${GENERIC_TITLE}</title>
    <meta
      name="description"
      content="${GENERIC_DESCRIPTION}"
    />
    <meta name="theme-color" content="#9f2dc7" />
    <style>body { margin: 0; }</style>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"><main><h1>Inicia esta aventura</h1></main></div>
  </body>
</html>
`;

const placePage = (id: string) => `/buscar-destino/destino/${id}`;

function parse(html: string) {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(html, 'text/html');
  const metaOf = (key: string) =>
    (doc.querySelector(`meta[property="${key}"]`) ?? doc.querySelector(`meta[name="${key}"]`))?.getAttribute('content') ?? null;
  const jsonLd = () => {
    const scripts = doc.querySelectorAll('script[type="application/ld+json"]');
    return scripts.length === 0 ? null : (JSON.parse(scripts[0]!.textContent ?? '') as Record<string, unknown>);
  };
  return { doc, metaOf, jsonLd, title: doc.title, canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null };
}

let t: TestApp;
let dist: string;
let ana: TestUser;
let beto: TestUser;
let admin: TestUser;

async function page<T = unknown>(url: string, headers: Record<string, string> = { accept: 'text/html' }) {
  return api(t).get<T>(url, headers);
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sendero-web-share-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log("sendero")');
  // The build's page of a destination (apps/web/src/boot/prerender.tsx): index.html with the detail's
  // chunks; a shared destination's page carries them too.
  mkdirSync(join(dist, 'pages', 'buscar-destino', 'destino'), { recursive: true });
  writeFileSync(
    join(dist, 'pages', 'buscar-destino', 'destino', ':id.html'),
    INDEX_HTML.replace('</head>', '<template id="sd-route-preloads">\n      <link rel="modulepreload" crossorigin href="/assets/detail-abc.js">\n    </template></head>'),
  );
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL } });
  [ana, beto, admin] = await Promise.all([t.createUser(), t.createUser(), t.createAdmin()]);
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

function expectGeneric(html: string, path: string) {
  const p = parse(html);
  expect(p.title).toBe(GENERIC_TITLE);
  expect(p.metaOf('description')).toBe(GENERIC_DESCRIPTION);
  expect(p.metaOf('og:site_name')).toBe('Sendero');
  expect(p.metaOf('og:locale')).toBe('es_PE');
  expect(p.metaOf('og:title')).toBe(GENERIC_TITLE);
  expect(p.canonical).toBe(`${PUBLIC_URL}${path}`);
  expect(p.metaOf('og:url')).toBe(`${PUBLIC_URL}${path}`);
  expect(p.metaOf('og:image')).toBeNull();
  expect(p.jsonLd()).toBeNull();
  // One title and one description: the template's own were replaced, not duplicated.
  expect(p.doc.querySelectorAll('title').length).toBe(1);
  expect(p.doc.querySelectorAll('meta[name="description"]').length).toBe(1);
}

describe('meta tags of a shared destination page (docs/product.md#sharing)', () => {
  let place: Place;
  let photoWidth: number;
  let photoHeight: number;

  beforeAll(async () => {
    const res = await upload(t, ana.token, await pngImage(640, 427));
    const photo = res.body.url;
    const second = await uploadedUrl(t, ana.token);
    const description = `Una laguna turquesa   entre nevados.\n\nSe llega caminando desde el pueblo. ${'Muy lindo. '.repeat(20)}`;
    place = await createPlace(t, ana.token, { name: 'Laguna Humantay', city: 'Cusco', time_city: 3, description, photos: [photo, second] }, { verifyWith: admin.token });
    // The size the file really has, decoded from what the server serves.
    const file = await api(t).get(photo);
    const info = await sharp(file.raw.rawPayload).metadata();
    photoWidth = info.width!;
    photoHeight = info.height!;
  });

  it('as a friend opening a shared link, its preview names the destination with its photo', async () => {
    const res = await page(placePage(place._id));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const p = parse(res.text);
    const url = `${PUBLIC_URL}/buscar-destino/destino/${place._id}`;
    const description = p.metaOf('description')!;
    expect(p.title).toBe('Laguna Humantay · Sendero');
    // The detail's chunks download with the app's, as on any destination's page (inert, for the entry script).
    expect(res.text).toMatch(/<template id="sd-route-preloads">\s*<link rel="modulepreload" crossorigin href="\/assets\/detail-abc.js">/);
    expect(description.startsWith('Una laguna turquesa entre nevados. Se llega caminando desde el pueblo. Muy lindo.')).toBe(true);
    // Cut at the end of a word, with an ellipsis: never mid-word ('Muy lin').
    expect(Array.from(description).length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/ (Muy|lindo)…$/);
    expect(p.metaOf('og:title')).toBe('Laguna Humantay');
    expect(p.metaOf('og:description')).toBe(description);
    expect(p.metaOf('og:type')).toBe('website');
    expect(p.metaOf('og:site_name')).toBe('Sendero');
    expect(p.metaOf('og:locale')).toBe('es_PE');
    expect(p.metaOf('og:url')).toBe(url);
    expect(p.canonical).toBe(url);
    // The photo's JPEG copy: not every link preview (WhatsApp, Facebook...) shows WebP.
    const jpeg = `${place.photos[0]!.replace(/\.webp$/, '-og.jpg')}`;
    expect(p.metaOf('og:image')).toBe(`${PUBLIC_URL}${jpeg}`);
    expect(p.metaOf('og:image:secure_url')).toBe(`${PUBLIC_URL}${jpeg}`);
    expect(p.metaOf('og:image:type')).toBe('image/jpeg');
    const served = await api(t).get(jpeg);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const jpegInfo = await sharp(served.raw.rawPayload).metadata();
    expect([jpegInfo.format, jpegInfo.width, jpegInfo.height]).toEqual(['jpeg', photoWidth, photoHeight]);
    // Made once, then stored: the second request gets the same bytes.
    expect((await api(t).get(jpeg)).raw.rawPayload.equals(served.raw.rawPayload)).toBe(true);
    expect(p.metaOf('og:image:width')).toBe(String(photoWidth));
    expect(p.metaOf('og:image:height')).toBe(String(photoHeight));
    expect([photoWidth, photoHeight]).toEqual([640, 427]);
    expect(p.metaOf('twitter:card')).toBe('summary_large_image');
    expect(p.metaOf('twitter:title')).toBe('Laguna Humantay');
    expect(p.metaOf('twitter:image')).toBe(`${PUBLIC_URL}${jpeg}`);
    // Without reviews there is no aggregateRating.
    expect(p.jsonLd()).toEqual({
      '@context': 'https://schema.org',
      '@type': 'TouristAttraction',
      name: 'Laguna Humantay',
      description,
      url,
      image: `${PUBLIC_URL}${jpeg}`,
      address: { '@type': 'PostalAddress', addressLocality: 'Cusco' },
      disambiguatingDescription: 'A 3 horas de Cusco',
    });
    // The meta comes before the big inline style and the app: crawlers read the beginning of a page.
    expect(res.text.indexOf('og:image')).toBeLessThan(res.text.indexOf('<style>'));
    expect(res.text).toContain('<body class="sd-page">');
    expect(p.doc.querySelectorAll('title').length).toBe(1);
  });

  it('gains aggregateRating once reviewed, and shows a new name at once (the cached page is invalidated)', async () => {
    const before = await page(placePage(place._id));
    const photo = await uploadedUrl(t, beto.token, 'rating');
    const review = await api(t, beto.token).post(API.ratingCreate, { id_place: place._id, rating: 4, comment: 'Hermoso.', photo_url: photo });
    expect(review.status).toBe(201);
    let p = parse((await page(placePage(place._id))).text);
    expect(p.jsonLd()!.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });

    const renamed = await api(t, ana.token).put<Place>(API.placeUpdate(place._id), { name: 'Laguna Humantay Azul' });
    expect(renamed.status).toBe(200);
    const after = await page(placePage(place._id));
    p = parse(after.text);
    expect(p.title).toBe('Laguna Humantay Azul · Sendero');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answers link-preview crawlers that ask for anything, and keeps 404 JSON for files', async () => {
    for (const headers of [{ accept: '*/*', 'user-agent': 'WhatsApp/2.23.20.0' }, { 'user-agent': 'facebookexternalhit/1.1' }] as Record<string, string>[]) {
      const res = await page(placePage(place._id), headers);
      expect(res.status).toBe(200);
      expect(parse(res.text).metaOf('og:image')).toBe(`${PUBLIC_URL}${place.photos[0]!.replace(/\.webp$/, '-og.jpg')}`);
    }
    for (const url of ['/assets/no-existe.js', '/no-existe.png']) {
      const res = await page<ErrorBody>(url, { accept: '*/*' });
      expect(res.status, url).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('has one ETag per rendered page: 304 when unchanged, another place never shares it', async () => {
    const other = await createPlace(t, beto.token, { name: 'Cañón del Colca' }, { verifyWith: admin.token });
    const a = await page(placePage(place._id));
    const b = await page(placePage(other._id));
    expect(a.headers.etag).toBeTruthy();
    expect(a.headers.etag).not.toBe(b.headers.etag);
    expect(a.headers['cache-control']).toBe('no-cache');
    const again = await page(placePage(place._id), { accept: 'text/html', 'if-none-match': String(a.headers.etag) });
    expect(again.status).toBe(304);
    const crossed = await page(placePage(other._id), { accept: 'text/html', 'if-none-match': String(a.headers.etag) });
    expect(crossed.status).toBe(200);
    expect(parse(crossed.text).title).toBe('Cañón del Colca · Sendero');
  });

  it('keeps the CSP: no inline script is allowed for the JSON-LD', async () => {
    const res = await page(placePage(place._id));
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|sha256-|nonce-)/);
  });

  it('compresses the page when asked', async () => {
    const res = await page(placePage(place._id), { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
  });
});

describe('pages that get only the generic tags', () => {
  it('the landing and other routes, with their own canonical address (query dropped)', async () => {
    const landing = await page('/');
    expect(landing.status).toBe(200);
    expect(landing.text).toContain('<body>');
    expectGeneric(landing.text, '/');
    const login = await page('/ingresar?volver=%2Fbuscar-destino');
    expectGeneric(login.text, '/ingresar');
    expect(login.text).toContain('<body class="sd-page">');
  });

  it('an unverified place: nothing of it appears', async () => {
    const hidden = await createPlace(t, ana.token, {
      name: 'Quebrada Secreta Xyzzy',
      city: 'Ciudadoculta',
      description: 'Descripción confidencial plugh todavía en revisión.',
    });
    const res = await page(placePage(hidden._id));
    expect(res.status).toBe(200);
    expectGeneric(res.text, placePage(hidden._id));
    for (const secret of ['Xyzzy', 'Ciudadoculta', 'plugh', hidden.photos[0]!.slice(9, 30)]) expect(res.text).not.toContain(secret);
  });

  it('a place that is unverified or deleted after being shared stops showing at once', async () => {
    const shown = await createPlace(t, ana.token, { name: 'Mirador Efímero Quux' }, { verifyWith: admin.token });
    expect(parse((await page(placePage(shown._id))).text).title).toBe('Mirador Efímero Quux · Sendero');
    expect((await api(t, admin.token).put(API.placeVerified(shown._id))).status).toBe(200);
    let res = await page(placePage(shown._id));
    expect(res.text).not.toContain('Quux');
    expectGeneric(res.text, placePage(shown._id));
    expect((await api(t, admin.token).put(API.placeVerified(shown._id))).status).toBe(200);
    expect(parse((await page(placePage(shown._id))).text).title).toBe('Mirador Efímero Quux · Sendero');
    expect((await api(t, admin.token).delete(API.placeDelete(shown._id))).status).toBe(200);
    res = await page(placePage(shown._id));
    expect(res.text).not.toContain('Quux');
    expectGeneric(res.text, placePage(shown._id));
  });

  it.each([
    'f47ac10b-58cc-4372-a567-0e02b2c3d479',
    '123',
    'not-a-uuid',
    '..%2F..%2Fetc%2Fpasswd',
    '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    "'onmouseover='alert(1)",
  ])('an unknown or malformed id %s: generic tags, never a 500', async (id) => {
    const res = await page(`/buscar-destino/destino/${id}`);
    expect(res.status).toBe(200);
    const p = parse(res.text);
    expect(p.title).toBe(GENERIC_TITLE);
    expect(p.jsonLd()).toBeNull();
    expect(p.doc.querySelectorAll('script').length).toBe(1);
    expect(p.canonical!.startsWith(`${PUBLIC_URL}/buscar-destino/destino/`)).toBe(true);
  });

  it.each(['%E0%A4%A', 'f47ac10b-58cc-4372-a567-0e02b2c3d479%00'])('a path the static files refuse (%s) is a JSON 4xx, never a 500', async (id) => {
    const res = await page<ErrorBody>(`/buscar-destino/destino/${id}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.code).toBeTruthy();
  });
});

describe('hostile place fields stay text', () => {
  it('a name that closes the title and opens a script, a description with quotes and ampersands', async () => {
    const name = '</title><script>alert(1)</script>';
    const description = 'Dice "hola" & <b>adiós</b> </script><script>alert(2)</script> \' onload=\'x';
    const city = '"><img src=x onerror=alert(3)>';
    const place = await createPlace(t, ana.token, { name, description, city }, { verifyWith: admin.token });
    const res = await page(placePage(place._id));
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).not.toContain('<b>adiós');
    const p = parse(res.text);
    // Still valid HTML: one title, the values read back exactly, the only scripts are the app and the JSON-LD.
    expect(p.doc.querySelectorAll('title').length).toBe(1);
    expect(p.title).toBe(`${name} · Sendero`);
    expect(p.metaOf('og:title')).toBe(name);
    expect(p.metaOf('description')).toBe(description);
    expect(p.doc.querySelectorAll('script').length).toBe(2);
    expect(p.doc.querySelectorAll('img').length).toBe(0);
    expect(p.jsonLd()).toMatchObject({ name, description, address: { addressLocality: city } });
    expect(p.doc.querySelector('#root')).not.toBeNull();
  });
});

describe('GET /api/place/{id}/preview', () => {
  let shown: Place;
  let hidden: Place;
  beforeAll(async () => {
    shown = await createPlace(t, ana.token, { name: 'Lomas de Lachay', city: 'Lima', time_city: 2, difficulty: 'Fácil' }, { verifyWith: admin.token });
    hidden = await createPlace(t, ana.token, { name: 'Propuesta' });
  });

  it('anyone gets the preview of a verified place', async () => {
    const res = await api(t).get<PlacePreview>(`/api/place/${shown._id}/preview`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: shown._id,
      name: 'Lomas de Lachay',
      city: 'Lima',
      time_city: 2,
      difficulty: 'Fácil',
      photo: shown.photos[0],
      rating: 0,
      comments: 0,
    });
    expect(res.headers.etag).toBeTruthy();
    const again = await api(t).get(API.placePreview(shown._id), { 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('an unverified place is 404, even for its creator and an admin', async () => {
    for (const token of [undefined, ana.token, admin.token]) {
      const res = await api(t, token).get<ErrorBody>(API.placePreview(hidden._id));
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'No encontramos este destino.' });
      expect(res.raw.body).not.toContain('Propuesta');
    }
  });

  it.each(['f47ac10b-58cc-4372-a567-0e02b2c3d479', '123', 'x%27%3B--', '%00'])('unknown or malformed id %s is 404', async (id) => {
    const res = await api(t).get<ErrorBody>(`/api/place/${id}/preview`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});
