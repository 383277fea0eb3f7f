import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const SIDE_BY_SIDE = { m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, alignItems: 'center' } as const;
const STACKED_ON_PHONES = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
  columnGap: 3,
  rowGap: { xs: 0.5, sm: 1.5 },
  alignItems: 'center',
  '& > dt': { mt: { xs: 1, sm: 0 } },
} as const;

/**
 * A description list of `Fact`s: each term beside its value, or, with `stackOnPhones`, the term above
 * its value below 600 px (long values such as links and e-mail addresses).
 */
export function Facts({ stackOnPhones = false, children }: { stackOnPhones?: boolean; children: ReactNode }) {
  return (
    <Box component="dl" sx={stackOnPhones ? STACKED_ON_PHONES : SIDE_BY_SIDE}>
      {children}
    </Box>
  );
}

/** One term (bold) and its value; a long value wraps anywhere rather than widening the page. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: 700 }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
