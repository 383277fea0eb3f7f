import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** One column on phones, two from `sm`, three from `lg`, and four from `xl` where the cards are small. */
const COLUMNS = {
  3: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  4: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
} as const;

interface GridProps {
  /** The list's accessible name, if the heading above does not give it one. */
  label?: string;
  maxColumns?: keyof typeof COLUMNS;
}

function Grid({ label, maxColumns = 3, busy, children }: GridProps & { busy?: boolean; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: COLUMNS[maxColumns] }}
    >
      {children}
    </Box>
  );
}

/** A list of cards (reviews, outings) in responsive columns, one list item per card. */
export function CardGrid<T>({ items, itemKey, renderItem, ...grid }: GridProps & { items: T[]; itemKey: (item: T) => string; renderItem: (item: T) => ReactNode }) {
  return (
    <Grid {...grid}>
      {items.map((item) => (
        <Box component="li" key={itemKey(item)}>
          {renderItem(item)}
        </Box>
      ))}
    </Grid>
  );
}

/** The same grid while its cards load: `count` grey blocks of about a card's height. */
export function CardGridSkeleton({ count, height, ...grid }: GridProps & { count: number; height: number }) {
  return (
    <Grid {...grid} busy>
      {Array.from({ length: count }, (_, i) => (
        <Box component="li" key={i}>
          <Skeleton variant="rounded" height={height} />
        </Box>
      ))}
    </Grid>
  );
}
