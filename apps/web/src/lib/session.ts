import { useSyncExternalStore } from 'react';
import { ROLES, SESSION_STORAGE_KEY, WEB_BUILD, type Role, type Session } from '@sendero/contract';

/**
 * The session `{token, _id, role}` in localStorage (docs/product.md#session), readable reactively.
 * The stored role is only a hint for the first paint: screens that unlock role-specific UI
 * confirm it with the server (see `useCurrentRole` in app/layout/use-current-role.ts).
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;

/** Checked by hand rather than with the contract's zod schema: zod stays out of the landing bundle. */
function parseSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.token !== 'string' || typeof v._id !== 'string' || typeof v.role !== 'string') return null;
  if (!(ROLES as readonly string[]).includes(v.role)) return null;
  return { token: v.token, _id: v._id, role: v.role as Role };
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  cachedSession = null;
  if (raw) {
    try {
      cachedSession = parseSession(JSON.parse(raw));
    } catch {
      cachedSession = null;
    }
  }
  return cachedSession;
}

function emit(): void {
  for (const l of listeners) l();
}

/**
 * The cookie that tells the server a session is stored here (WEB_BUILD.signedInCookie: the stored role,
 * the same hint as in the session, never the token), so that it may answer the signed-in screens with the screen in the HTML (src/boot/README.md).
 * Kept in step with the stored session on every change and once at the app's start.
 */
export function syncSignedInCookie(): void {
  if (typeof document === 'undefined') return;
  const role = getSession()?.role ?? null;
  const current = document.cookie.split('; ').find((c) => c.startsWith(`${WEB_BUILD.signedInCookie}=`))?.slice(WEB_BUILD.signedInCookie.length + 1) ?? null;
  if (role === current) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${WEB_BUILD.signedInCookie}=${role ? `${role}; Max-Age=31536000` : '; Max-Age=0'}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The session a screen rendered on the server was rendered with (src/boot/serve-render.tsx: a frame
 * with no token and no id), and on the client the stored one while React hydrates such a screen
 * (main.tsx): useSession's server snapshot, so the hydrating render matches the server's markup.
 */
let renderedSession: Session | null = null;
export function setRenderedSession(session: Session | null): void {
  renderedSession = session;
}

export function setSession(session: Session): void {
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage may be unavailable (private mode quota); the session then lives only in memory.
    cachedRaw = JSON.stringify(session);
    cachedSession = session;
  }
  syncSignedInCookie();
  emit();
}

let loggedOutAt = 0;

/**
 * 'Cerrar Sesión': forget the session and remember, briefly, that it was the user's choice, so the
 * guard of the screen being left sends them to / (docs/product.md#routes-and-guards) and not to /ingresar.
 */
export function endSession(): void {
  loggedOutAt = Date.now();
  clearSession();
}

/** True for a moment after endSession(): guards then redirect to / instead of /ingresar. */
export function justLoggedOut(): boolean {
  return Date.now() - loggedOutAt < 3000;
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // ignore: nothing stored
  }
  cachedRaw = undefined;
  cachedSession = null;
  syncSignedInCookie();
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SESSION_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => renderedSession);
}
