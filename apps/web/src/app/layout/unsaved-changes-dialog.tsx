import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MODAL_WIDTH, TEXT } from '@sendero/contract';

export interface UnsavedChangesDialogProps {
  onStay: () => void;
  onLeave: () => void;
}

/** Asked before a page with unsaved changes is left ('Seguir editando' is the safe default). */
export default function UnsavedChangesDialog({ onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <Dialog
      open
      onClose={onStay}
      aria-labelledby="unsaved-title"
      aria-describedby="unsaved-body"
      slotProps={{ paper: { sx: { width: MODAL_WIDTH.delete, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="unsaved-title">{TEXT.unsaved.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-body">{TEXT.unsaved.body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onLeave} color="error">
          {TEXT.unsaved.leave}
        </Button>
        <Button onClick={onStay} variant="contained" autoFocus>
          {TEXT.unsaved.stay}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
