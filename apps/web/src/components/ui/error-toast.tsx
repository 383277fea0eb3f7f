import { useEffect, useRef } from 'react';
import IconButton from '@mui/material/IconButton';
import { ACTION_TEXT, TOAST_AUTO_HIDE_MS } from '@sendero/contract';
import type { ToastState } from './toast';
import styles from './error-toast.module.css';

const ERROR_ICON = 'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8';
const SUCCESS_ICON = 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m4.59-12.42L10 14.17l-2.59-2.58L6 13l4 4 8-8z';
const CLOSE_ICON = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/**
 * docs/product.md#error-toast: severity error (or success, with role status, for a confirmation), hides after 3000 ms (paused while the pointer is on it), the close
 * button closes it, clicks outside do not. Our own markup rather than MUI's Snackbar + Alert so it is
 * in the first bundle at ~1 KB (docs/decisions/022-error-toast-in-the-first-bundle.md).
 */
export default function ErrorToast({ state, onClose }: { state: ToastState; onClose: () => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(onClose, TOAST_AUTO_HIDE_MS);
  };
  const stop = () => clearTimeout(timer.current);

  useEffect(() => {
    if (!state.open) return undefined;
    start();
    return stop;
    // The key changes on every call: the same message shown twice restarts the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.open, state.key]);

  if (!state.open) return null;
  const success = state.severity === 'success';
  return (
    <div className={styles.root}>
      <div
        role={success ? 'status' : 'alert'}
        data-severity={state.severity}
        className={success ? `${styles.alert} ${styles.success}` : styles.alert}
        onMouseEnter={stop}
        onMouseLeave={start}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={success ? SUCCESS_ICON : ERROR_ICON} />
        </svg>
        <div className={styles.message}>{state.message}</div>
        <IconButton className={styles.close} size="small" color="inherit" aria-label={ACTION_TEXT.close} title={ACTION_TEXT.close} onClick={onClose}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
            <path d={CLOSE_ICON} />
          </svg>
        </IconButton>
      </div>
    </div>
  );
}
