/**
 * Request time, in the server (apps/server/src/plugins/web.ts imports the build of this module,
 * WEB_BUILD.ssrEntry): the landing (for everyone), /buscar-destino and a destination's page (signed in)
 * rendered by React from the app's own tree, from what everyone who may open them sees there
 * (ServerPage), so that the first photos and words are in the HTML instead of waiting for ~170-240 KB
 * of JavaScript, its evaluation and the API's answers on a phone (README.md beside this file). The page
 * carries that data in a JSON block; main.tsx puts it in the query cache and hydrates the markup
 * (React's hydrateRoot).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { WEB_BUILD, type RenderServerPage, type ServerPage } from '@sendero/contract';
import { preloadMenuFrame } from '@/app/layout/app-layout';
import { queryKeys } from '@/lib/query-keys';
import { setRenderedSession } from '@/lib/session';
import { renderScreen, withScreen } from './prerender';
import { renderedFrame, type PageData } from './page-data';

/** The query cache entries the screen at `page.path` reads. */
function queriesOf(page: ServerPage): PageData['queries'] {
  if ('place' in page) return [[queryKeys.place(page.place._id), page.place]];
  const queries: PageData['queries'] = [[queryKeys.places.firstPage, page.firstPage]];
  if (page.config) queries.push([queryKeys.publicConfig, page.config]);
  return queries;
}

/** JSON inside <script type="application/json">: no '<' that could close it or open a comment. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** dist/, this module being dist/ssr/serve-render.js. */
const DIST = new URL('../', import.meta.url);
const stylesheets = new Map<string, string>();
/**
 * The page's stylesheets (the CSS modules of the app and the screen, ~6 KB), which its preload tags name
 * for after the first paint, inlined: the rendered screen needs them for that paint, and a <link> would
 * hold it for a round trip.
 */
function inlineStylesheets(html: string): string {
  const hrefs = [...new Set([...html.matchAll(/<link rel="preload" as="style"[^>]*? href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!))];
  return hrefs
    .map((href) => {
      let css = stylesheets.get(href);
      if (css === undefined) stylesheets.set(href, (css = readFileSync(fileURLToPath(new URL(`.${href}`, DIST)), 'utf8')));
      return `<style data-href="${href}">${css}</style>`;
    })
    .join('');
}

/**
 * One render at a time: the frame's session is the module's (useSession's server snapshot), and a
 * render awaits its lazy parts, so two at once could render one with the other's role.
 */
let rendering: Promise<unknown> = Promise.resolve();

export const renderServerPage: RenderServerPage = (html, page) => {
  const next = rendering.then(() => render(html, page));
  rendering = next.catch(() => undefined);
  return next;
};

async function render(html: string, page: ServerPage): Promise<string> {
  const queries = queriesOf(page);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, data] of queries) client.setQueryData(key, data);
  await preloadMenuFrame();
  // Signed in as whom the server does not know (no token, no id: the role the cookie hints), or nobody.
  // The screens show nobody's own data until the app has hydrated them and asks with the token.
  setRenderedSession(renderedFrame(page.role));
  const { head, body } = await renderScreen(page.path, client, true);
  client.clear();
  const data: PageData = { queries, role: page.role };
  return withScreen(html, inlineStylesheets(html) + head, body, `<script type="application/json" id="${WEB_BUILD.pageDataId}">${jsonInHtml(data)}</script>`);
}
