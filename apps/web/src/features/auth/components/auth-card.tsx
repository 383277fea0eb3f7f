import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { COLORS } from '@sendero/contract';
import { Logo } from '@/components/ui/logo';

/** The frame of the login and register screens: logo (a link to /), title, content. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: `linear-gradient(160deg, ${COLORS.purple} 0%, #6d1d8a 55%, #3d1250 100%)`,
      }}
    >
      <Paper elevation={6} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <Logo />
        </Box>
        <Typography component="h1" variant="h5" sx={{ textAlign: 'center', fontWeight: 700, mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
