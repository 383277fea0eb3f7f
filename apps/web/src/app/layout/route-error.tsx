import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MSG } from '@sendero/contract';
import { paths } from '@/config/paths';

/** Last resort for an error thrown while rendering a screen (or a chunk that failed to load). */
export function RouteError() {
  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {MSG.internal}
      </Typography>
      <Button variant="contained" href={paths.home}>
        Volver al inicio
      </Button>
    </Box>
  );
}
