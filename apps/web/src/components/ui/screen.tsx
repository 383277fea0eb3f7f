import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A screen's one h1, the same size on every signed-in screen. */
export function ScreenTitle({ children, gap = 3 }: { children: ReactNode; gap?: number }) {
  return (
    <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: gap, fontSize: { xs: '1.6rem', md: '2.1rem' } }}>
      {children}
    </Typography>
  );
}

interface ScreenProps {
  title: ReactNode;
  /** The widest the content grows (px). */
  maxWidth: number;
  /** Space under the title (theme spacing). */
  titleGap?: number;
  children: ReactNode;
}

/** A signed-in screen's frame: its padding, its width and its title. */
export function Screen({ title, maxWidth, titleGap, children }: ScreenProps) {
  return (
    <Box sx={{ px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 }, maxWidth, mx: 'auto' }}>
      <ScreenTitle gap={titleGap}>{title}</ScreenTitle>
      {children}
    </Box>
  );
}
