import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import ErrorToast from './error-toast';

interface ToastApi {
  /** Shows the error toast of docs/product.md#error-toast with a Spanish message. */
  showError: (message: string) => void;
  /** The same toast with success severity, for a confirmation ('Enlace copiado.'). */
  showSuccess: (message: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastState {
  open: boolean;
  message: string;
  severity: 'error' | 'success';
  /** Changes on every call so the same message shown twice restarts the timer. */
  key: number;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ToastState>({ open: false, message: '', severity: 'error', key: 0 });

  const showError = useCallback((message: string) => {
    setState((s) => ({ open: true, message, severity: 'error', key: s.key + 1 }));
  }, []);
  const showSuccess = useCallback((message: string) => {
    setState((s) => ({ open: true, message, severity: 'success', key: s.key + 1 }));
  }, []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const value = useMemo(() => ({ showError, showSuccess }), [showError, showSuccess]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* In the first bundle: a network failure must never need a download to be reported. */}
      {state.key > 0 && <ErrorToast state={state} onClose={close} />}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
