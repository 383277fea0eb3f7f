import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ComponentType } from 'react';
import { useBlocker, useLocation, useNavigate, useNavigationType } from 'react-router';
import { APP_TEXT } from '@sendero/contract';
import { shouldBlock, subscribeGuards, topDialog } from '@/lib/navigation-guard';
import { importWithRetry } from './chunk-loading';
import type { UnsavedChangesDialogProps } from './unsaved-changes-dialog';

/** Without the dialog's code (no signal), the browser's own question still protects the input. */
function NativeConfirm({ onStay, onLeave }: UnsavedChangesDialogProps) {
  useEffect(() => {
    if (window.confirm(`${APP_TEXT.unsavedTitle} ${APP_TEXT.unsavedBody}`)) onLeave();
    else onStay();
  }, [onLeave, onStay]);
  return null;
}

const UnsavedChangesDialog = lazy<ComponentType<UnsavedChangesDialogProps>>(() =>
  importWithRetry(() => import('./unsaved-changes-dialog')).catch(() => ({ default: NativeConfirm })),
);

/** Marks the history entry added under an open dialog on a page that has no entry of the app before it. */
export const DIALOG_ENTRY = 'senderoDialogEntry';

const dialogOpen = () => topDialog() !== undefined;

function withoutMark(state: unknown): Record<string, unknown> {
  return state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
}

/**
 * Back must close a dialog even on a tab opened directly on the page (docs/product.md#no-lost-input):
 * with no entry of the app before this one, Back would leave the site before any blocker hears it. So
 * when a dialog opens on the tab's first entry, a copy of the entry is pushed (marked), and Back lands on
 * the blocker as usual. The copy stays (taking it back when the dialog closes would race a link chosen
 * in the dialog, such as a menu item); instead, Back from the copy onto the first entry with no dialog
 * open goes on back by itself, so one Back still leaves the site as it would have.
 */
function useDialogEntry(): void {
  const open = useSyncExternalStore(subscribeGuards, dialogOpen, dialogOpen);
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const onCopy = withoutMark(location.state)[DIALOG_ENTRY] === true;
  // React Router names the entry the tab was opened on 'default' (no state of the router yet).
  const first = location.key === 'default';
  const previousWasCopy = useRef(false);
  useEffect(() => {
    const cameFromCopy = previousWasCopy.current;
    previousWasCopy.current = onCopy;
    if (first && cameFromCopy && navigationType === 'POP' && !dialogOpen()) {
      previousWasCopy.current = false;
      void navigate(-1);
    }
  }, [location, first, onCopy, navigationType, navigate]);
  useEffect(() => {
    if (open && first) {
      void navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { state: { ...withoutMark(location.state), [DIALOG_ENTRY]: true } },
      );
    }
  }, [open, first, location, navigate]);
}

/**
 * The app's single navigation blocker (lib/navigation-guard.ts): Back with a dialog open closes the
 * dialog and stays; leaving a page with unsaved changes asks first.
 */
export function NavigationGuard() {
  useDialogEntry();
  // Why the last navigation was blocked: decided when it is blocked, acted on once the state says so.
  const reason = useRef<'dialog' | 'unsaved'>('unsaved');
  const blocker = useBlocker((transition) => {
    const block = shouldBlock(transition);
    if (block) reason.current = transition.historyAction === 'POP' && topDialog() ? 'dialog' : 'unsaved';
    return block;
  });

  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked || reason.current !== 'dialog') return;
    topDialog()?.onBack();
    blocker.reset?.();
  }, [blocked, blocker]);

  if (!blocked || reason.current !== 'unsaved') return null;
  return (
    <Suspense fallback={null}>
      <UnsavedChangesDialog onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Suspense>
  );
}
