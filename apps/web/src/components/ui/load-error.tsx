import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ACTION_TEXT } from '@sendero/contract';
import { errorMessage } from '@/lib/api-client';

/** A list that failed to load says so and offers to try again (never a silent empty list). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 3 }}>
      <Typography sx={{ mb: 2 }}>{errorMessage(error)}</Typography>
      <Button variant="outlined" onClick={onRetry}>
        {ACTION_TEXT.retry}
      </Button>
    </Box>
  );
}

/** A screen or section that failed to load: the reason in an error alert, with 'Reintentar' (off while retrying). */
export function RetryAlert({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          {ACTION_TEXT.retry}
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}
