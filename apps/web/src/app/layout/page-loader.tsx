import Box from '@mui/material/Box';
import { ACTION_TEXT } from '@sendero/contract';

/**
 * Shown while a screen's code or the caller's role is loading. A CSS spinner rather than MUI's
 * CircularProgress keeps this out of the landing bundle.
 */
export function PageLoader() {
  return (
    <Box role="progressbar" aria-label={ACTION_TEXT.loading} aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}>
      <Box
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: '4px solid',
          borderColor: 'primary.light',
          borderTopColor: 'primary.main',
          animation: 'sendero-spin 0.8s linear infinite',
          '@keyframes sendero-spin': { to: { transform: 'rotate(360deg)' } },
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
        }}
      />
    </Box>
  );
}
