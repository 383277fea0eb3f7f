import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import { MODAL_WIDTH } from '@sendero/contract';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The id of the form's title. */
  labelledBy: string;
  /** The form; mounted afresh on every opening, so its fields start empty. */
  children: ReactNode;
}

/**
 * A dialog holding a form (a review, an outing), 600 px wide: a click outside does not close it, as
 * that would throw away what was typed; Escape and the form's own buttons do.
 */
export function FormDialog({ open, onClose, labelledBy, children }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={labelledBy}
      slotProps={{ paper: { sx: { width: MODAL_WIDTH.review, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      {open && children}
    </Dialog>
  );
}
