import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ACTION_TEXT, MODAL_WIDTH } from '@sendero/contract';
import { useCloseOnBack } from '@/lib/navigation-guard';

interface ConfirmDialogProps {
  open: boolean;
  /** The question; it also names the dialog. */
  question: string;
  /** An optional sentence under the question (what will happen). */
  detail?: string;
  confirmLabel: string;
  /** The dismiss button; 'Cancelar' unless the action itself is a cancellation ('Volver'). */
  cancelLabel?: string;
  confirmColor?: 'primary' | 'error';
  /** While the request runs both buttons are disabled and the dialog cannot be dismissed. */
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation of width 400 (docs/product.md#constants) with 'Cancelar' (or `cancelLabel`) and the action. */
export function ConfirmDialog({ open, question, detail, confirmLabel, cancelLabel = ACTION_TEXT.cancel, confirmColor = 'primary', pending, onConfirm, onCancel }: ConfirmDialogProps) {
  // The browser's Back button closes the dialog instead of leaving the page.
  useCloseOnBack(open, () => {
    if (!pending) onCancel();
  });
  const titleId = useId();
  const detailId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={detail ? detailId : undefined}
      slotProps={{ paper: { sx: { width: MODAL_WIDTH.delete, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId} sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
        {question}
      </DialogTitle>
      {detail && (
        <DialogContent>
          <DialogContentText id={detailId} sx={{ color: 'text.primary' }}>
            {detail}
          </DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant="contained" color={confirmColor} onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
