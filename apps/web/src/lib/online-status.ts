import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it has a network. `navigator.onLine === false` is reliable (no
 * interface up); `true` only means "maybe", so requests still time out on a dead network.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Re-renders when the device goes offline or back online. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Runs `callback` each time the device comes back online. Returns the unsubscribe function. */
export function onReconnect(callback: () => void): () => void {
  window.addEventListener('online', callback);
  return () => window.removeEventListener('online', callback);
}
