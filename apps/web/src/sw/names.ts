/**
 * Names shared by the page and the service worker (docs/product.md#saved). Each signed-in user's
 * offline copies live in a cache of their own; every stored API answer carries its owner's id in
 * OWNER_HEADER, and the worker answers from a user's cache only to a request made with that user's
 * token, and only entries whose owner matches (a foreign or tampered entry is never served).
 */
export const OFFLINE_CACHE_PREFIX = 'sendero-offline-';
export const OWNER_HEADER = 'x-sendero-owner';
/** Photos the worker cached on the way (cache-first): dropped with the offline copies at sign-out. */
export const UPLOADS_CACHE = 'sendero-uploads';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function offlineCacheName(userId: string): string {
  return `${OFFLINE_CACHE_PREFIX}${userId.toLowerCase()}`;
}

/** API reads that may be answered from the caller's offline copies when the network fails (a saved place's track too). */
export function isOfflineReadable(pathname: string): boolean {
  return pathname === '/api/saved' || /^\/api\/(place|rating)\/[0-9a-f-]{36}$/i.test(pathname) || /^\/api\/place\/[0-9a-f-]{36}\/track$/i.test(pathname);
}

/**
 * The user id (`sub`) a bearer token names, read without verifying it: only used to pick which of
 * this browser's offline caches to look in (the server verifies tokens; a forged one still only
 * reaches copies stored for the id it names, and those entries must carry that owner).
 */
export function tokenSubject(authorization: string | null): string | null {
  const token = authorization?.match(/^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/)?.[2];
  if (!token) return null;
  try {
    const json = atob(token.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(token.length / 4) * 4, '='));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && UUID_RE.test(sub) ? sub.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** `/uploads/<hash>-400.webp` and `-800.webp` are the same picture: offline, either one will do. */
export function uploadVariants(pathname: string): string[] {
  const m = /^(\/uploads\/[^/]+?)(?:-(400|800))?\.webp$/.exec(pathname);
  if (!m) return [];
  return [`${m[1]}-800.webp`, `${m[1]}-400.webp`, `${m[1]}.webp`].filter((p) => p !== pathname);
}
