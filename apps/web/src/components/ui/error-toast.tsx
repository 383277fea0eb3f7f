import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { TOAST_AUTO_HIDE_MS } from '@sendero/contract';
import type { ToastState } from './toast';

/** SPEC.md §4: severity error, hides after 3000 ms, the close button closes it, clicks outside do not. */
export default function ErrorToast({ state, onClose }: { state: ToastState; onClose: () => void }) {
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    onClose();
  };
  return (
    <Snackbar
      key={state.key}
      open={state.open}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="error" variant="filled" closeText="Cerrar" onClose={() => handleClose(null)} sx={{ width: '100%' }}>
        {state.message}
      </Alert>
    </Snackbar>
  );
}
