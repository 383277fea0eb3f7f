import { WEB_BUILD } from '@sendero/contract';
import type { QueryClient } from '@tanstack/react-query';

/** What a screen rendered on the server was rendered from (serve-render.tsx): query keys and their data. */
export interface PageData {
  queries: Array<[readonly unknown[], unknown]>;
}

/**
 * The page's JSON block, if the server rendered its screen: its data goes into the query cache before
 * the router starts, so that the hydrating render has what the server's had. As fresh as an answer of
 * the API just now: it is what GET /api/place/{id} answers everyone who may see that place (and the
 * index, everyone), read from the same caches when the page was asked for.
 */
export function seedFromPage(client: QueryClient): boolean {
  const block = document.getElementById(WEB_BUILD.pageDataId);
  if (!block?.textContent) return false;
  let data: PageData;
  try {
    data = JSON.parse(block.textContent) as PageData;
  } catch {
    return false;
  }
  for (const [key, value] of data.queries) client.setQueryData(key, value);
  return true;
}
