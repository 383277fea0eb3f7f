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
