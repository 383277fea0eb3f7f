import { isOnline } from '@/lib/online-status';

/**
 * Loading the code of a screen on a weak network, and after a deploy (docs: the web app's lazy
 * chunks have content-hashed names, so a deploy deletes the files an open tab still refers to).
 */

/** Whether `e` is the failure to fetch a lazy chunk (the wording differs per browser and for Vite's CSS preload). */
export function isChunkLoadError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to fetch/i.test(
    e.message,
  );
}

const RETRY_DELAY_MS = 400;

/** Imports a chunk, and once more after a short pause when the first try fails while online. */
export async function importWithRetry<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (!isOnline()) throw e;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return load();
  }
}

/** sessionStorage key holding when the page last reloaded itself to pick up a new deploy. */
export const CHUNK_RELOAD_KEY = 'sendero.chunk-reload';
/** A second self-reload within this window is a loop (the chunk is really gone): show the error instead. */
const RELOAD_GUARD_MS = 60_000;

function reloadedRecently(now: number): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY));
    return Number.isFinite(at) && at > 0 && now - at < RELOAD_GUARD_MS;
  } catch {
    return true; // storage unavailable: never risk a reload loop
  }
}

/** Whether the site itself answers: then a chunk that fails is gone (a deploy), not the network. */
async function siteReachable(): Promise<boolean> {
  try {
    const res = await fetch('/', { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(5000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** How the page reloads itself (replaceable in component tests, where a reload would end the test). */
export const pageReload = { current: (): void => window.location.reload() };

/**
 * After a deploy replaced the chunks, a reload brings the new index.html and its new chunk names.
 * Reloads once (guarded in sessionStorage against loops); returns whether it did.
 */
export async function reloadForNewDeploy(reload: () => void = () => pageReload.current()): Promise<boolean> {
  if (!isOnline() || reloadedRecently(Date.now())) return false;
  if (!(await siteReachable())) return false;
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  reload();
  return true;
}
