import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CARD_TEXT, COLORS } from '@sendero/contract';

/**
 * docs/product.md#search: the picture and text shown when no destination matches the filters (or
 * `message`, e.g. when the catalogue itself is empty), with an optional action under it.
 */
export function NoResults({ message = CARD_TEXT.noResults, children }: { message?: string; children?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 4 }}>
      <Box component="svg" viewBox="0 0 240 160" width={240} height={160} aria-hidden="true" focusable="false" sx={{ maxWidth: '70vw', height: 'auto' }}>
        <rect x="10" y="120" width="220" height="8" rx="4" fill="#e6d5ef" />
        <path d="M20 124 80 50l30 36 22-24 58 62z" fill="#d9bfe8" />
        <path d="M80 50l-12 16 12-6 10 7z" fill="#fff" />
        <circle cx="150" cy="70" r="32" fill="#fff" stroke={COLORS.purple} strokeWidth="8" />
        <path d="M173 93l30 30" stroke={COLORS.purple} strokeWidth="12" strokeLinecap="round" />
        <path d="M138 64q12-10 24 0" stroke={COLORS.coral} strokeWidth="5" fill="none" strokeLinecap="round" />
        <circle cx="141" cy="78" r="3.5" fill={COLORS.purple} />
        <circle cx="159" cy="78" r="3.5" fill={COLORS.purple} />
      </Box>
      <Typography sx={{ mt: 2, fontSize: '1.15rem' }}>{message}</Typography>
      {children}
    </Box>
  );
}
