import { useSyncExternalStore } from 'react';
import { ROLES, SESSION_STORAGE_KEY, type Role, type Session } from '@sendero/contract';

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

export function setSession(session: Session): void {
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage may be unavailable (private mode quota); the session then lives only in memory.
    cachedRaw = JSON.stringify(session);
    cachedSession = session;
  }
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
  return useSyncExternalStore(subscribe, getSession, () => null);
}
