import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { MODAL_WIDTH, TEXT } from '@sendero/contract';
import { useCloseOnBack } from '@/lib/navigation-guard';

interface DeleteReviewDialogProps {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation of docs/product.md#reviews (width 400). */
export function DeleteReviewDialog({ open, pending, onCancel, onConfirm }: DeleteReviewDialogProps) {
  // The browser's Back button closes the dialog instead of leaving the page.
  useCloseOnBack(open, () => {
    if (!pending) onCancel();
  });
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby="delete-review-text"
      slotProps={{ paper: { sx: { width: MODAL_WIDTH.delete, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogContent>
        <DialogContentText id="delete-review-text" sx={{ color: 'text.primary' }}>
          {TEXT.reviews.deleteQuestion}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {TEXT.actions.cancel}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={pending}>
          {TEXT.reviews.confirmDelete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
