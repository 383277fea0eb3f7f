import { WEB_BUILD, type Role, type Session } from '@sendero/contract';
import type { QueryClient } from '@tanstack/react-query';

/** What a screen rendered on the server was rendered from (serve-render.tsx): query keys and their data, and the role hint (null: nobody signed in). */
export interface PageData {
  queries: Array<[readonly unknown[], unknown]>;
  role: Role | null;
}

/**
 * The session the server rendered the screen as: signed in with a role, as whom it does not know (no
 * token, no id), or nobody.
 */
export const renderedFrame = (role: Role | null): Session | null => (role ? { token: '', _id: '', role } : null);

/**
 * What the hydrating render reads as the session (useSession's server snapshot): the stored one if the
 * server rendered that role (its id and token are read by nothing the hydration renders), else the frame
 * it rendered (a cookie older than the stored session, say), so the two renders are the same.
 */
export function hydratingSession(data: PageData, stored: Session | null): Session | null {
  return (stored?.role ?? null) === data.role ? stored : renderedFrame(data.role);
}

/**
 * The page's JSON block, if the server rendered its screen: its data goes into the query cache before
 * the router starts, so that the hydrating render has what the server's had. As fresh as an answer of
 * the API just now: it is what GET /api/place/{id} answers everyone who may see that place (and the
 * index, everyone), read from the same caches when the page was asked for.
 */
export function seedFromPage(client: QueryClient): PageData | null {
  const block = document.getElementById(WEB_BUILD.pageDataId);
  if (!block?.textContent) return null;
  let data: PageData;
  try {
    data = JSON.parse(block.textContent) as PageData;
  } catch {
    return null;
  }
  for (const [key, value] of data.queries) client.setQueryData(key, value);
  return data;
}
