import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { useBlocker } from 'react-router';
import { MSG } from '@sendero/contract';
import { shouldBlock, topDialog } from '@/lib/navigation-guard';
import { importWithRetry } from './chunk-loading';
import type { UnsavedChangesDialogProps } from './unsaved-changes-dialog';

/** Without the dialog's code (no signal), the browser's own question still protects the input. */
function NativeConfirm({ onStay, onLeave }: UnsavedChangesDialogProps) {
  useEffect(() => {
    if (window.confirm(`${MSG.unsavedTitle} ${MSG.unsavedBody}`)) onLeave();
    else onStay();
  }, [onLeave, onStay]);
  return null;
}

const UnsavedChangesDialog = lazy<ComponentType<UnsavedChangesDialogProps>>(() =>
  importWithRetry(() => import('./unsaved-changes-dialog')).catch(() => ({ default: NativeConfirm })),
);

/**
 * The app's single navigation blocker (lib/navigation-guard.ts): Back with a dialog open closes the
 * dialog and stays; leaving a page with unsaved changes asks first.
 */
export function NavigationGuard() {
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
