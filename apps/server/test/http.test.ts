import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@sendero/contract';
import { buildTestApp, useTestApp, type TestApp } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { checkedResponses } from './helpers/secret-guard.js';

describe('HTTP basics', () => {
  const t = useTestApp({ env: { WEB_DIST_DIR: join(tmpdir(), 'sendero-no-web-build') } });

  it('health answers {ok: true} once the database answers', async () => {
    const res = await api(t).get(API.health);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('every response carries the security headers (API, errors and pages)', async () => {
    for (const url of [API.health, '/api/nada', '/', API.usersRequests]) {
      const res = await api(t).get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('compresses large JSON answers when the client accepts it', async () => {
    const res = await api(t).get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('the OpenAPI document describes the API, with the error shape and bearer auth', async () => {
    const res = await api(t).get('/api/docs/json');
    expect(res.status).toBe(200);
    // Read as loose JSON: the document's own checks are in openapi-document.test.ts.
    const doc = JSON.parse(res.text);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/register', '/api/login', '/api/user/{id}', '/api/user/update2/{id}']));
    const register = doc.paths['/api/register'].post;
    expect(register.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RegisterRequest' });
    expect(doc.components.schemas.RegisterRequest.properties).toHaveProperty('email');
    expect(register.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(doc.components.responses.Conflict.content['application/json'].schema.allOf[0]).toEqual({ $ref: '#/components/schemas/Error' });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(JSON.stringify(doc)).not.toContain('password_hash');
  });

  it("the OpenAPI document describes update2's three bodies: the photo, a guide application and an admin's transition", async () => {
    const doc = JSON.parse((await api(t).get('/api/docs/json')).text);
    type Shape = { properties: Record<string, { const?: string; enum?: string[] }>; required?: string[] };
    const resolve = (schema: { $ref?: string }): Record<string, unknown> =>
      schema.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
    const body = resolve(doc.paths['/api/user/update2/{id}'].put.requestBody.content['application/json'].schema);
    const shapes = ((body.anyOf ?? body.oneOf) as { $ref?: string }[]).map((s) => resolve(s) as unknown as Shape);
    expect(shapes).toHaveLength(3);
    const [profile, application, transition] = shapes as [Shape, Shape, Shape];
    expect(Object.keys(profile.properties)).toEqual(expect.arrayContaining(['photo_url', 'email_notifications']));
    expect(profile.properties).not.toHaveProperty('instagram');
    expect(Object.keys(application.properties)).toEqual(expect.arrayContaining(['instagram', 'facebook', 'linkedin', 'about_you', 'status']));
    expect(application.required?.sort()).toEqual(['about_you', 'facebook', 'instagram', 'linkedin', 'status']);
    expect(application.properties.status).toMatchObject({ const: 'Enviado' });
    const pairs = ((transition as unknown as { oneOf?: Shape[]; anyOf?: Shape[] }).oneOf ?? (transition as unknown as { anyOf: Shape[] }).anyOf).map(
      (pair) => `${pair.properties.status!.const}+${pair.properties.role!.const}`,
    );
    expect(pairs.sort()).toEqual(['Aprobado+guide', 'Rechazado+user', 'none+user']);
  });

  it('the docs UI is served without inline scripts', async () => {
    const res = await api(t).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
  });

  it('without a web build, pages say so in Spanish, and API and upload paths stay JSON', async () => {
    const page = await api(t).get('/buscar-destino', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('La aplicación web todavía no está compilada');
    const apiPath = await api(t).get('/api/nada', { accept: 'text/html' });
    expect(apiPath.headers['content-type']).toContain('application/json');
    const upload = await api(t).get('/uploads/nada.webp', { accept: 'text/html' });
    expect(upload.status).toBe(404);
    expect(upload.headers['content-type']).toContain('application/json');
  });

  it('serves a real robots.txt and favicon.ico', async () => {
    const robots = await api(t).get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.text).toContain('User-agent: *');
    const icon = await api(t).get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(String(icon.headers['content-type'])).toMatch(/^image\//);
    expect(icon.raw.rawPayload.length).toBeGreaterThan(50);
  });

  it('every response goes through the suite-wide secret check', async () => {
    const before = checkedResponses();
    await api(t).get(API.health);
    expect(checkedResponses()).toBe(before + 1);
  });
});

const BIG_SCRIPT = `console.log(${JSON.stringify('sendero '.repeat(400))});`;

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sendero-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      // Like apps/web/index.html: a comment in <head> that mentions <body>, the static page in #root.
      '<!doctype html><html lang="es"><head><!-- the server marks <body> --><script type="module" crossorigin src="/assets/app-abc123.js"></script></head>' +
        '<body><div id="root"><main><div class="sd-shell">spinner</div></main></div></body></html>',
    );
    // The pages the build writes for a screen (apps/web/src/boot/prerender.tsx): index.html with more in it.
    const page = (head: string, root: string) =>
      '<!doctype html><html lang="es"><head><title>Sendero</title><script type="module" crossorigin src="/assets/app-abc123.js"></script>' +
      `${head}</head><body><div id="root"${root}</div></body></html>`;
    mkdirSync(join(dist, 'pages', 'admin'), { recursive: true });
    writeFileSync(join(dist, 'pages', 'ingresar.html'), page('<style data-emotion="css abc">.css-abc{color:red}</style>', ' data-prerendered><main><h1>Iniciar Sesión</h1></main>'));
    writeFileSync(join(dist, 'pages', 'admin', 'ingresar.html'), page('<template id="sd-route-preloads"><link rel="modulepreload" href="/assets/admin-login.js"></template>', '>spinner'));
    writeFileSync(join(dist, 'pages', 'notes.txt'), 'not a page');
    mkdirSync(join(dist, 'pages', 'buscar-destino', 'destino'), { recursive: true });
    writeFileSync(join(dist, 'pages', 'buscar-destino', 'destino', ':id.html'), page('<template id="sd-route-preloads"><link rel="modulepreload" href="/assets/detail.js"></template>', '>spinner'));
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("sendero")');
    writeFileSync(join(dist, 'favicon.ico'), Buffer.alloc(100, 1));
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Sendero', short_name: 'Sendero' }));
    // The build's precompressed copies (apps/web/scripts/precompress.mjs), of the asset and of the worker.
    writeFileSync(join(dist, 'assets', 'big-def456.js'), BIG_SCRIPT);
    writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const res = await api(t).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await api(t).get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers the SPA routes with index.html when the browser asks for HTML', async () => {
    for (const url of ['/buscar-destino', '/admin/usuario/123', '/perfil?x=1']) {
      const res = await api(t).get(url, { accept: 'text/html,application/xhtml+xml' });
      expect(res.status, url).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The static shell shows instead of the landing's static hero until the app takes over: the class is
      // on the body element itself, not on the comment that mentions it.
      expect(res.text).toMatch(/<\/head>\s*<body class="sd-page">/);
      expect(res.text).toContain('<!-- the server marks <body> -->');
      expect(res.text).toContain('<div class="sd-shell">spinner</div>');
    }
  });

  it('answers a path the build wrote a page for with that page, with the meta tags and the page class', async () => {
    const html = async (url: string) => (await api(t).get(url, { accept: 'text/html' })).text;
    for (const url of ['/ingresar', '/ingresar?volver=%2Fperfil']) {
      const login = await html(url);
      expect(login, url).toContain('<div id="root" data-prerendered><main><h1>Iniciar Sesión</h1></main></div>');
      expect(login).toContain('<style data-emotion="css abc">');
      expect(login).toMatch(/<\/head><body class="sd-page">/);
      expect(login).toContain('<meta property="og:title"');
    }
    expect(await html('/admin/ingresar')).toContain('<link rel="modulepreload" href="/assets/admin-login.js">');
    // A destination's page by its router pattern, whatever its id.
    expect(await html('/buscar-destino/destino/f47ac10b-58cc-4372-a567-0e02b2c3d479')).toContain('<link rel="modulepreload" href="/assets/detail.js">');
    // Every other path gets index.html.
    for (const url of ['/registro', '/buscar-destino', '/ingresar/otra', '/', '/notes.txt', '/pages/ingresar']) {
      const body = await html(url);
      expect(body, url).not.toContain('data-emotion');
      expect(body, url).not.toContain('data-prerendered');
    }
  });

  it("serves / with the landing's static hero (no shell class)", async () => {
    const res = await api(t).get('/', { accept: 'text/html' });
    expect(res.text).toMatch(/<\/head>\s*<body>/);
    expect(res.text).not.toContain('sd-page');
  });

  it('keeps 404 JSON for API paths, missing assets and non-HTML requests', async () => {
    for (const [url, accept] of [
      ['/api/nada', 'text/html'],
      ['/assets/no-existe.js', '*/*'],
      ['/buscar-destino', 'application/json'],
      // Longer than the router's parameter limit, and than any file name: still the API's 404, not a 403.
      [`/api/user/${'a'.repeat(5000)}`, 'application/json'],
      [`/assets/${'a'.repeat(300)}.js`, '*/*'],
    ] as const) {
      const res = await api(t).get<ErrorBody>(url, { accept });
      expect(res.status, url.slice(0, 40)).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('answers a page whose path has a segment too long for a file name with the app, not a 403', async () => {
    const res = await api(t).get(`/buscar-destino/destino/${'a'.repeat(300)}`, { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
  });

  it('serves the service worker and the manifest with their types, checked on every visit', async () => {
    const sw = await api(t).get('/sw.js', { 'accept-encoding': 'br' });
    expect(sw.status).toBe(200);
    expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await api(t).get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.body).toMatchObject({ name: 'Sendero' });
    // The CSP lets our own worker run and loosens nothing else.
    const csp = String(sw.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it("sends the build's brotli and gzip copies as they are, with the file's own headers", async () => {
    const br = await api(t).get('/assets/big-def456.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.raw.rawPayload.equals(readFileSync(join(dist, 'assets/big-def456.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.raw.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

    const gz = await api(t).get('/assets/big-def456.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.raw.rawPayload.equals(readFileSync(join(dist, 'assets/big-def456.js.gz')))).toBe(true);

    const plain = await api(t).get('/assets/big-def456.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(BIG_SCRIPT);
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });

  it("serves the build's favicon", async () => {
    const res = await api(t).get('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.raw.rawPayload.length).toBe(100);
  });
});
