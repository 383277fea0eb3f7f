import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TRACK_TEXT } from '@sendero/contract';
import type { TrackSummary } from '@/features/places/api/track';
import { formatDuration, formatKm, formatMetersOrNone } from './track-format';

/**
 * The five figures of a track (docs/product.md#route-tracks), as the server computed them from the
 * guide's file: a description list, each value large above its name, in a row that wraps on a phone.
 */
export function TrackFigures({ summary }: { summary: TrackSummary }) {
  const figures: [string, string][] = [
    [TRACK_TEXT.distance, formatKm(summary.distance_m)],
    [TRACK_TEXT.ascent, formatMetersOrNone(summary.ascent_m)],
    [TRACK_TEXT.descent, formatMetersOrNone(summary.descent_m)],
    [TRACK_TEXT.maxElevation, formatMetersOrNone(summary.max_ele_m)],
    [TRACK_TEXT.duration, formatDuration(summary.duration_min)],
  ];
  return (
    <Box
      component="dl"
      data-testid="track-figures"
      sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fit, minmax(7.5rem, 1fr))' } }}
    >
      {figures.map(([term, value]) => (
        <Box key={term} sx={{ display: 'flex', flexDirection: 'column-reverse', gap: 0.25, p: 1.25, borderRadius: 2, bgcolor: 'action.hover' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.15rem', whiteSpace: 'nowrap' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
