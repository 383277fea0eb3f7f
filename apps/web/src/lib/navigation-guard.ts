import { useEffect, useRef } from 'react';

/**
 * No lost input (docs: the browser's Back button and leaving a half-written form). Open dialogs and
 * forms with unsaved changes register here; one blocker in the app layout consults the stack: Back
 * with a dialog open closes the dialog (the top one) instead of leaving the page, and leaving a page
 * with unsaved changes asks first.
 */
export type GuardEntry = { kind: 'dialog'; onBack: () => void } | { kind: 'unsaved' };

const stack: GuardEntry[] = [];
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function push(entry: GuardEntry): () => void {
  stack.push(entry);
  changed();
  return () => {
    const i = stack.lastIndexOf(entry);
    if (i >= 0) stack.splice(i, 1);
    changed();
  };
}

/** Calls `listener` whenever a dialog or a form with unsaved changes registers or leaves. */
export function subscribeGuards(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dialog that Back should close, if any (the most recently opened one). */
export function topDialog(): Extract<GuardEntry, { kind: 'dialog' }> | undefined {
  for (let i = stack.length - 1; i >= 0; i -= 1) {
    const entry = stack[i];
    if (entry?.kind === 'dialog') return entry;
  }
  return undefined;
}

export function hasUnsavedChanges(): boolean {
  return stack.some((e) => e.kind === 'unsaved');
}

interface Transition {
  historyAction: 'POP' | 'PUSH' | 'REPLACE';
  currentLocation: { pathname: string };
  nextLocation: { pathname: string };
}

/** The blocker's rule: Back closes a dialog; leaving the page with unsaved changes is held for a question. */
export function shouldBlock({ historyAction, currentLocation, nextLocation }: Transition): boolean {
  if (historyAction === 'POP' && topDialog()) return true;
  return hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname;
}

/** While `open`, the browser's Back button calls `onBack` (which closes the dialog) instead of leaving. */
export function useCloseOnBack(open: boolean, onBack: () => void): void {
  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  });
  useEffect(() => {
    if (!open) return undefined;
    return push({ kind: 'dialog', onBack: () => latest.current() });
  }, [open]);
}

/** While `dirty`, leaving the page (a link, Back, closing the tab) asks before throwing the input away. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const pop = push({ kind: 'unsaved' });
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need a return value to show their own question.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      pop();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}
