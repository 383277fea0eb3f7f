import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { LANDING_FIRST_PAGE, MSG, ROLES, type Role, PLACE_PAGE_PATTERN, placeIdFromPath, UPLOADS_PATH_PREFIX, WEB_BUILD, type RenderServerPage, type ServerPage } from '@sendero/contract';
import { makeCachedBody, sendCachedBody, type CachedBody } from '@/http/cached-body.js';
import { genericHead, placeHead, unescapeHtml, type GenericPage } from '@/http/page-meta.js';
import { PLACE_INDEX_TTL_MS, placeIndexFor } from '@/services/place-index.js';
import { placeCacheMaxAge } from '@/services/place-changes-hub.js';
import { getVerifiedPlaceDetail } from '@/services/places.js';
import { getSharedPlace, type SharedPlace } from '@/services/place-share.js';
import { publicConfigOf } from '@/routes/public-config.js';
import { errorBody } from './errors.js';

/**
 * The built web app (apps/web/dist): hashed files under /assets cached for a year, and index.html, with
 * the meta tags of the page asked for (docs/product.md#sharing), for / and any other GET that asks for
 * HTML (the SPA's client-side routes), revalidated on every visit (ETag). Without a
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

/** The site's own title and description, used on every page but a verified destination's. */
const FALLBACK_PAGE: GenericPage = {
  title: 'Sendero',
  description: 'Encuentra destinos hermosos a pocas horas de tu ciudad y compártenos tu experiencia.',
};

const TITLE_RE = /<title>([\s\S]*?)<\/title>\s*/i;
const DESCRIPTION_RE = /<meta\s+name=["']description["']\s+content=["']([^"']*)["']\s*\/?>\s*/i;
const HEAD_MARK = '\u0000head\u0000';

/**
 * A built page (index.html, or one the build wrote for a screen) split around the place where each page's
 * meta tags go (where its <title> was), in two forms: the landing's, and every other page's, whose <body>
 * gets the class that shows the static page shell instead of the landing's static hero (both are in
 * apps/web/index.html, so the first paint needs no JavaScript).
 */
interface PageTemplate {
  landing: readonly [string, string];
  page: readonly [string, string];
  generic: GenericPage;
}

export function makePageTemplate(html: string): PageTemplate {
  const title = TITLE_RE.exec(html);
  const description = DESCRIPTION_RE.exec(html);
  let marked = html;
  if (title) marked = marked.replace(TITLE_RE, HEAD_MARK);
  if (description) marked = marked.replace(DESCRIPTION_RE, '');
  if (!marked.includes(HEAD_MARK)) marked = /<\/head>/i.test(marked) ? marked.replace(/<\/head>/i, `${HEAD_MARK}</head>`) : `${HEAD_MARK}${marked}`;
  const split = (text: string) => {
    const at = text.indexOf(HEAD_MARK);
    return [text.slice(0, at), text.slice(at + HEAD_MARK.length)] as const;
  };
  // The <body> tag itself, after </head>: a comment in <head> may mention <body> too.
  const bodyTag = /<\/head>/i.test(marked) ? /(<\/head>\s*)<body(\s[^>]*)?>/i : /<body(\s[^>]*)?>/i;
  const page = marked.replace(bodyTag, (tag) => (tag.includes('class=') ? tag : tag.replace('<body', `<body class="${WEB_BUILD.pageClass}"`)));
  return {
    landing: split(marked),
    page: split(page),
    generic: {
      title: title ? unescapeHtml(title[1]!.trim()) : FALLBACK_PAGE.title,
      description: description ? unescapeHtml(description[1]!.trim()) : FALLBACK_PAGE.description,
    },
  };
}

/** index.html, and per path the page the build wrote for it (see loadPages). */
interface Templates {
  version: string;
  index: PageTemplate;
  pages: ReadonlyMap<string, PageTemplate>;
}

/**
 * The pages the build writes under dist/pages/ (apps/web/src/boot/prerender.tsx): `pages/ingresar.html`
 * answers /ingresar, `pages/admin/ingresar.html` /admin/ingresar, `pages/buscar-destino/destino/:id.html`
 * every destination's page. Each is index.html with that screen's preloads and, for /ingresar and
 * /registro, the screen itself prerendered. None without the folder.
 */
async function loadPages(dir: string, prefix = ''): Promise<Map<string, PageTemplate>> {
  const pages = new Map<string, PageTemplate>();
  const entries = await readdir(join(dir, prefix), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const name = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) for (const [path, page] of await loadPages(dir, name)) pages.set(path, page);
    else if (entry.name.endsWith('.html')) pages.set(name.slice(0, -'.html'.length), makePageTemplate(await readFile(join(dir, name), 'utf8')));
  }
  return pages;
}

/** How often index.html is checked for a new build (a deploy is served without a restart). */
const TEMPLATE_CHECK_MS = 1000;
/** Generic pages kept rendered (any path can be asked for: the cache is bounded). */
const GENERIC_PAGES_MAX = 500;
const GENERIC_PATH_MAX = 200;

/**
 * Renders index.html, or the page the build wrote for that path, for a web route with that route's meta
 * tags (docs/product.md#sharing), each page
 * kept as ready bytes with a strong ETag and lazily compressed forms: a verified destination's page per
 * version of its shared facts (dropped with them when the place changes, services/place-share.ts), the
 * other pages per path. A new build replaces everything.
 */
class PageRenderer {
  private template: Templates | null = null;
  private checkedAt = 0;
  private loading: Promise<Templates> | null = null;
  private generic = new Map<string, CachedBody>();
  private places = new WeakMap<SharedPlace, { version: string; body: CachedBody }>();

  constructor(
    private readonly file: string,
    private readonly publicUrl: string,
  ) {}

  private async load(): Promise<Templates> {
    // The build replaces dist/ as a whole (apps/web/scripts/build.mjs): a new index.html, new pages.
    const info = await stat(this.file);
    const version = `${info.mtimeMs}:${info.size}`;
    if (this.template?.version !== version) {
      const index = makePageTemplate(await readFile(this.file, 'utf8'));
      this.template = { version, index, pages: await loadPages(join(dirname(this.file), WEB_BUILD.pagesDir)) };
      this.generic.clear();
      this.places = new WeakMap();
    }
    this.checkedAt = Date.now();
    return this.template;
  }

  private async current(): Promise<Templates> {
    if (this.template && Date.now() - this.checkedAt < TEMPLATE_CHECK_MS) return this.template;
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  /**
   * The built page of `pathname` with its meta tags, as text, and the build's version: what the
   * server renders a screen into (ServerPageRenderer).
   */
  async html(pathname: string, shared: SharedPlace | null): Promise<{ version: string; html: string }> {
    const template = await this.current();
    const page = template.pages.get(placeIdFromPath(pathname) ? PLACE_PAGE_PATTERN : pathname) ?? template.index;
    const [before, after] = pathname === '/' ? page.landing : page.page;
    const head = shared ? placeHead(shared, this.publicUrl) : genericHead(page.generic, this.publicUrl, pathname);
    return { version: template.version, html: `${before}${head}\n    ${after}` };
  }

  async render(pathname: string, shared: SharedPlace | null): Promise<CachedBody> {
    const template = await this.current();
    if (shared) {
      const hit = this.places.get(shared);
      if (hit?.version === template.version) return hit.body;
      // A destination's page is the build's page of its router pattern (the detail's preloads), if any.
      const [before, after] = (template.pages.get(PLACE_PAGE_PATTERN) ?? template.index).page;
      const body = makeCachedBody(Buffer.from(`${before}${placeHead(shared, this.publicUrl)}\n    ${after}`));
      this.places.set(shared, { version: template.version, body });
      return body;
    }
    const hit = this.generic.get(pathname);
    if (hit) return hit;
    // A destination's page (one not shared: unverified, or not found) by its router pattern.
    const page = template.pages.get(placeIdFromPath(pathname) ? PLACE_PAGE_PATTERN : pathname) ?? template.index;
    const [before, after] = pathname === '/' ? page.landing : page.page;
    const body = makeCachedBody(Buffer.from(`${before}${genericHead(page.generic, this.publicUrl, pathname)}\n    ${after}`));
    if (pathname.length <= GENERIC_PATH_MAX) {
      if (this.generic.size >= GENERIC_PAGES_MAX) this.generic.delete(this.generic.keys().next().value!);
      this.generic.set(pathname, body);
    }
    return body;
  }
}

/** The search screen's path, the one signed-in screen besides a destination's page the server renders. */
const SEARCH_PATH = '/buscar-destino';
/** Screens kept rendered, each with the data it was rendered from. */
const SERVER_PAGES_MAX = 500;

/**
 * The screens rendered by React on the server (apps/web/src/boot/serve-render.tsx, built into
 * WEB_BUILD.ssrEntry), each kept per path and role hint with the data it was rendered from: the same
 * data again (the caches of places answer it) gives the same bytes, other data renders anew. A new
 * build replaces everything.
 */
class ServerPageRenderer {
  private module: { version: string; render: Promise<RenderServerPage | null> } | null = null;
  private pages = new Map<string, { version: string; data: string; body: CachedBody }>();

  constructor(
    private readonly dist: string,
    private readonly log: FastifyInstance['log'],
  ) {}

  /** The build's renderer, imported once per build (null without one, or when it fails to load: the page is then the build's own). */
  private renderer(version: string): Promise<RenderServerPage | null> {
    if (this.module?.version !== version) {
      this.pages.clear();
      const file = join(this.dist, WEB_BUILD.ssrEntry);
      const render = existsSync(file)
        ? import(`${pathToFileURL(file).href}?v=${encodeURIComponent(version)}`).then(
            (m: { renderServerPage: RenderServerPage }) => m.renderServerPage,
            (e: unknown) => {
              this.log.error({ err: e }, 'the web build’s server renderer failed to load; pages are sent without their screen');
              return null;
            },
          )
        : Promise.resolve(null);
      this.module = { version, render };
    }
    return this.module.render;
  }

  /** `html` (the built page of the path, with its meta tags) with the screen of `page` rendered in it, or null. */
  async render(version: string, html: string, page: ServerPage): Promise<CachedBody | null> {
    const render = await this.renderer(version);
    if (!render) return null;
    const data = JSON.stringify(page);
    const key = `${page.role ?? ''} ${page.path}`;
    const hit = this.pages.get(key);
    if (hit?.version === version && hit.data === data) return hit.body;
    let body: CachedBody;
    try {
      body = makeCachedBody(Buffer.from(await render(html, page)));
    } catch (e) {
      this.log.error({ err: e, path: page.path }, 'a screen failed to render on the server; the page is sent without it');
      return null;
    }
    if (this.pages.size >= SERVER_PAGES_MAX) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, { version, data, body });
    return body;
  }
}

/** The web app's hint that a session is stored in this browser, and its role (WEB_BUILD.signedInCookie; never a token), or null. */
function signedInHint(request: FastifyRequest): Role | null {
  const prefix = `${WEB_BUILD.signedInCookie}=`;
  const value = request.headers.cookie?.split(/;\s*/).find((c) => c.startsWith(prefix))?.slice(prefix.length);
  return (ROLES as readonly string[]).includes(value ?? '') ? (value as Role) : null;
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

const isApiOrUploads = (path: string) => path === '/api' || path.startsWith('/api/') || path.startsWith(UPLOADS_PATH_PREFIX);

/** A path no file of the build can have: the API's and uploads', and any with a segment longer than a file name may be. */
const neverAFile = (path: string) => isApiOrUploads(path) || path.split('/').some((segment) => segment.length > 255);

/**
 * Whether to answer with the web app: a GET/HEAD outside /api and /uploads from a browser (it asks for
 * text/html), or from a link-preview crawler that asks for anything (`*\/*` or no Accept) for a path
 * that is not a file (no dot in its last segment).
 */
function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request);
  if (isApiOrUploads(path)) return false;
  const accept = request.headers.accept;
  if (accept?.includes('text/html')) return true;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return (accept === undefined || accept.includes('*/*')) && !last.includes('.') && !path.startsWith('/assets/');
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
      // '/' is rendered with its meta tags below, like every other page.
      index: false,
      cacheControl: false,
      // The build writes .br (brotli 11) and .gz copies of its text files (apps/web/scripts/precompress.mjs):
      // sent as they are, with Vary: Accept-Encoding; @fastify/compress leaves an encoded body alone.
      preCompressed: true,
      // The server's own renderer (WEB_BUILD.ssrEntry) is not a file of the site.
      allowedPath: (pathName) => !pathName.startsWith(`/${dirname(WEB_BUILD.ssrEntry)}/`),
      setHeaders(reply, sentPath) {
        // The path of the copy actually sent (x.js.br): its headers are the file's own.
        const path = sentPath.replace(/\.(br|gz)$/, '');
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
    // The build's catch-all route also catches what no other route matched, e.g. an API id longer than
    // the router's parameter limit; for a segment too long to be a file name @fastify/static answers
    // 403 before asking the not-found handler. Such paths go straight to the not-found handler below.
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url === '/*' && neverAFile(pathOf(request))) return reply.callNotFound();
    });
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE),
    );
  }

  const renderer = new PageRenderer(join(dist, 'index.html'), app.config.publicUrl);
  const shareTtl = app.config.databaseUrl ? PLACE_INDEX_TTL_MS : 0;
  const serverRenderer = app.config.renderOnServer ? new ServerPageRenderer(dist, app.log) : null;
  const config = publicConfigOf(app.config);
  // The renderer's module (React and the app, ~1 MB) is imported, and an empty landing rendered once,
  // as soon as the server listens: on a busy machine the first visit to the landing took 1-2 s longer for
  // the import and a first render (code not yet compiled), and was logged as a slow request. In the
  // background: readiness never waits for it (on a loaded CI machine the import alone outlasted Fastify's
  // ten seconds for a hook, and the server failed to start); a visit meanwhile shares the same import.
  // Empty: the catalogue is not read here (the first run may be about to fill it, and the index would
  // keep it empty).
  if (serverRenderer && built) {
    app.addHook('onListen', (done) => {
      void renderer
        .html('/', null)
        .then(({ version, html }) => serverRenderer.render(version, html, { path: '/', role: null, firstPage: [], config }))
        .catch((error: unknown) => app.log.warn({ err: error }, 'the landing could not be rendered in advance'));
      done();
    });
  }
  const firstPage = async () => (await placeIndexFor(app.db, placeCacheMaxAge(app.db, shareTtl)).entries('verified')).slice(0, LANDING_FIRST_PAGE);
  /**
   * The landing, for everyone, and for a browser that says a session is stored there /buscar-destino and
   * a verified destination's page (no query: the screen's state would be the address's): the screen
   * rendered with what everyone who may open it sees there (apps/web/src/boot/README.md). Else null, and
   * the build's page is sent.
   */
  const serverPage = async (request: FastifyRequest, pathname: string, shared: SharedPlace | null, role: Role | null): Promise<CachedBody | null> => {
    if (!serverRenderer || request.url.includes('?')) return null;
    let page: ServerPage | null = null;
    if (pathname === '/') page = { path: pathname, role, firstPage: await firstPage(), config };
    else if (!role) return null;
    else if (pathname === SEARCH_PATH) page = { path: pathname, role, firstPage: await firstPage() };
    else if (shared) {
      const place = await getVerifiedPlaceDetail(app.db, shared.preview._id);
      if (place) page = { path: pathname, role, place };
    }
    if (!page) return null;
    const { version, html } = await renderer.html(pathname, shared);
    return serverRenderer.render(version, html, page);
  };
  /** Paths whose page depends on the signed-in hint: caches must keep one per value of the cookie. */
  const dependsOnCookie = (pathname: string, shared: SharedPlace | null) => serverRenderer !== null && (pathname === '/' || pathname === SEARCH_PATH || shared !== null);

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pathOf(request);
    const id = placeIdFromPath(pathname);
    const shared = id ? await getSharedPlace(app.db, id, shareTtl) : null;
    const role = signedInHint(request);
    const rendered = await serverPage(request, pathname, shared, role);
    // A signed-in screen is kept by no shared cache (the role hint, the cookie, decides it).
    if (rendered) return sendCachedBody(request, reply, rendered, 'Accept-Encoding, Cookie', role ? 'private, no-cache' : 'no-cache', 'text/html; charset=utf-8');
    const page = await renderer.render(pathname, shared);
    // One ETag per rendered page: a place's meta is never answered for another, and a change shows at once.
    return sendCachedBody(request, reply, page, dependsOnCookie(pathname, shared) ? 'Accept-Encoding, Cookie' : 'Accept-Encoding', 'no-cache', 'text/html; charset=utf-8');
  };

  if (built) app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (wantsHtml(request)) {
      if (built) return sendPage(request, reply);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE);
    }
    return reply.code(404).send(errorBody('NOT_FOUND', MSG.notFound));
  });
}

export default fp(webPlugin, { name: 'web', fastify: '5.x', dependencies: ['errors', 'database'] });
