import { useNavigate, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ACTION_TEXT, HTTP_MSG } from '@sendero/contract';
import { paths } from '@/config/paths';
import { isOnline } from '@/lib/online-status';
import { isChunkLoadError } from './chunk-loading';
import { OfflineScreen } from './offline-screen';

/**
 * Last resort for an error thrown while rendering a screen. A chunk that could not be downloaded
 * (weak network) says 'Sin conexión' with 'Reintentar' instead; both are in the first bundle.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isChunkLoadError(error) || !isOnline()) {
    // A new navigation to the same address resets the error boundary and renders the screen again.
    return <OfflineScreen onRetry={() => void navigate('.', { replace: true })} />;
  }
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {HTTP_MSG.internal}
      </Typography>
      <Button variant="contained" href={paths.home}>
        {ACTION_TEXT.home}
      </Button>
    </Box>
  );
}
