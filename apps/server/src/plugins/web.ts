import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MSG, UPLOADS_PATH_PREFIX } from '@sendero/contract';
import { errorBody } from './errors.js';

/**
 * The built web app (apps/web/dist): hashed files under /assets cached for a year, index.html never
 * cached, and index.html for any other GET that asks for HTML (the SPA's client-side routes). Without a
 * build, a plain Spanish page says so. Also /robots.txt and /favicon.ico, and JSON 404s for the rest.
 */

/** apps/web/dist, from src/ (tsx) or from dist/server.js (the bundle): both sit two levels under the repo's apps/. */
export function defaultWebDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', '..', 'web', 'dist'), join(here, '..', '..', '..', 'web', 'dist')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[0]!;
}

const ROBOTS = 'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\n';

/** A 16x16 purple square (#9f2dc7) used when the web build brings no favicon. */
const FALLBACK_FAVICON = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFklEQVQoz2OYr3ucJMQwqmFUw/DVAAAXN5MQCfbqIgAAAABJRU5ErkJggg==',
  'base64',
);

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>Sendero</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<h1>Sendero</h1>
<p>La aplicación web todavía no está compilada. Ejecuta <code>npm run build</code> (o <code>npm start</code>) y vuelve a cargar esta página.</p>
<p>La API está disponible en <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/**
 * index.html for a client-side route other than the landing: its <body> gets the class that shows the
 * static page shell instead of the landing's static hero (both are in apps/web/index.html, so the
 * first paint needs no JavaScript). Read per request: a new build is served without a restart.
 */
async function pageShellHtml(dist: string): Promise<string> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  return html.replace(/<body(\s[^>]*)?>/, (tag) => (tag.includes('class=') ? tag : tag.replace('<body', '<body class="sd-page"')));
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith(UPLOADS_PATH_PREFIX)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

async function webPlugin(app: FastifyInstance) {
  const dist = app.config.webDistDir ?? defaultWebDist();
  const built = existsSync(join(dist, 'index.html'));

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS),
  );

  const favicon = built && existsSync(join(dist, 'favicon.ico')) ? readFileSync(join(dist, 'favicon.ico')) : null;
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(favicon ? 'image/x-icon' : 'image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(favicon ?? FALLBACK_FAVICON),
  );

  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(reply, path) {
        if (path.includes(`${join(dist, 'assets')}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
        // The service worker and the manifest are checked on every visit, so a deploy reaches everyone.
        else if (path === join(dist, 'sw.js')) reply.header('cache-control', 'no-cache').header('content-type', 'text/javascript; charset=utf-8');
        else if (path === join(dist, 'manifest.webmanifest')) {
          reply.header('cache-control', 'no-cache').header('content-type', 'application/manifest+json; charset=utf-8');
        }
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE),
    );
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (wantsHtml(request)) {
      if (built) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await pageShellHtml(dist));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE);
    }
    return reply.code(404).send(errorBody('NOT_FOUND', MSG.notFound));
  });
}

export default fp(webPlugin, { name: 'web', fastify: '5.x', dependencies: ['errors'] });
