/**
 * The zod-free half of sharing (docs/product.md#sharing): page paths and the `volver` rule. Kept apart
 * from the preview schema so the web app's first bundle (guards use `volver`) does not pull in zod.
 */

/** The address of a destination's page, and the prefix the server recognises to render its meta tags. */
export const PLACE_PAGE_PREFIX = '/buscar-destino/destino/';

/** The router's pattern of a destination's page; also the key of its route preloads (apps/web/vite.config.ts). */
export const PLACE_PAGE_PATTERN = `${PLACE_PAGE_PREFIX}:id` as const;

/** The query parameter that carries where to go after signing in (`/ingresar?volver=/buscar-destino`). */
export const RETURN_PARAM = 'volver';

/** How long a `volver` value may be; a longer one is ignored. */
export const RETURN_PATH_MAX = 2000;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


/** The page of destination `id`. */
export function placePagePath(id: string): string {
  return `${PLACE_PAGE_PREFIX}${encodeURIComponent(id)}`;
}

/**
 * The destination id of a page path (`/buscar-destino/destino/{uuid}`, a trailing slash allowed), lower-cased,
 * or null when the path is another page or the id is not a UUID.
 */
export function placeIdFromPath(pathname: string): string | null {
  if (!pathname.startsWith(PLACE_PAGE_PREFIX)) return null;
  let rest = pathname.slice(PLACE_PAGE_PREFIX.length);
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  let id: string;
  try {
    id = decodeURIComponent(rest);
  } catch {
    return null;
  }
  return UUID_RE.test(id) ? id.toLowerCase() : null;
}

const ORIGIN = 'https://sendero.invalid';

/**
 * `volver` made safe: a path of this site (`/…` with its query and fragment), or null for anything that
 * could leave it. Refused: not starting with exactly one `/` (`//host`, `https:…`, `javascript:…`), a
 * backslash anywhere (browsers read `/\host` as `//host`), control characters (the URL parser drops tabs
 * and newlines, so `/\t/host` would become `//host`), and anything whose resolved origin is not ours.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > RETURN_PATH_MAX) return null;
  if (raw[0] !== '/' || raw[1] === '/') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `https://wa.me/?text=` with the destination's name and its address (docs/product.md#sharing). */
export function whatsAppShareUrl(name: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${name} ${url}`)}`;
}
