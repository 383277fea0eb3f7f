import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MODAL_WIDTH, type Status, TEXT } from '@sendero/contract';

const NOTE: Partial<Record<Status, string>> = {
  Enviado: TEXT.guide.pending,
  Rechazado: TEXT.guide.rejected,
  Aprobado: TEXT.guide.approved,
};

interface ApplicationStatusProps {
  status: Status;
  /** True right after this screen sent the application. */
  justSent: boolean;
  onNewApplication: () => void;
}

/** An application already exists: say so, and offer a new one after warning that it replaces the old. */
export function ApplicationStatus({ status, justSent, onNewApplication }: ApplicationStatusProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Box>
      {justSent && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {TEXT.guide.sent}
        </Alert>
      )}
      <Typography component="p" variant="h6" sx={{ fontWeight: 500 }}>
        {TEXT.guide.alreadySent}
      </Typography>
      {NOTE[status] && <Typography sx={{ mt: 1, color: 'text.secondary' }}>{NOTE[status]}</Typography>}
      <Button variant="contained" sx={{ mt: 3 }} onClick={() => setConfirming(true)}>
        {TEXT.guide.replaceTitle}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="guide-replace-title"
        slotProps={{ paper: { sx: { width: MODAL_WIDTH.delete, maxWidth: 'calc(100% - 32px)' } } }}
      >
        <DialogTitle id="guide-replace-title">{TEXT.guide.replaceTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{TEXT.guide.replaceWarning}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{TEXT.actions.cancel}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setConfirming(false);
              onNewApplication();
            }}
          >
            {TEXT.guide.continue}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
