import { lazy, Suspense } from 'react';
import { useUpdateWaiting } from '@/lib/app-update';

// The Snackbar code loads only when a new version is actually waiting.
const UpdateSnackbar = lazy(() => import('./update-snackbar'));

/** 'Hay una nueva versión de Sendero.' with 'Actualizar' once a new version is installed and waiting. */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateSnackbar />
    </Suspense>
  );
}
