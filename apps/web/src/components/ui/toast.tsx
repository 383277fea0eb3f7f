import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface ToastApi {
  /** Shows the error toast of SPEC.md §4 with a Spanish message. */
  showError: (message: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

// The Snackbar code is loaded the first time a toast is needed, not with the landing page.
const ErrorToast = lazy(() => import('./error-toast'));

export interface ToastState {
  open: boolean;
  message: string;
  /** Changes on every call so the same message shown twice restarts the timer. */
  key: number;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ToastState>({ open: false, message: '', key: 0 });

  const showError = useCallback((message: string) => {
    setState((s) => ({ open: true, message, key: s.key + 1 }));
  }, []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const value = useMemo(() => ({ showError }), [showError]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {state.key > 0 && (
        <Suspense fallback={null}>
          <ErrorToast state={state} onClose={close} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
