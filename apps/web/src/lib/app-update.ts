import { useSyncExternalStore } from 'react';

/**
 * A new version of the app is waiting (docs/product.md#saved): src/lib/register-sw.ts reports it,
 * the update prompt shows 'Hay una nueva versión de Sendero.' and 'Actualizar' applies it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let waiting = false;
let apply: (() => Promise<void>) | null = null;

export function reportUpdateWaiting(applyUpdate: () => Promise<void>): void {
  waiting = true;
  apply = applyUpdate;
  for (const l of listeners) l();
}

/** Lets the new service worker take over; the page reloads once it controls it. */
export function applyUpdate(): Promise<void> {
  return apply ? apply() : Promise.resolve();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribe, () => waiting, () => false);
}
