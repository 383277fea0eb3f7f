import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ACTION_TEXT, APP_TEXT } from '@sendero/contract';

/**
 * A screen whose code could not be downloaded: shown inside the layout (the menu stays), with
 * 'Reintentar'. Part of the first bundle, like the route error screen.
 */
export function OfflineScreen({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <Box role="alert" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {APP_TEXT.offlineTitle}
      </Typography>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>{APP_TEXT.offlineScreen}</Typography>
      <Button variant="contained" onClick={onRetry} disabled={retrying}>
        {ACTION_TEXT.retry}
      </Button>
    </Box>
  );
}
