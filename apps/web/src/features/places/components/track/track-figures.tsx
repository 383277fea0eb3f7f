import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TRACK_TEXT, trackDistanceText, trackDurationText } from '@sendero/contract';
import type { TrackSummary } from '@/features/places/api/track';
import { metresOrNone } from './track-format';

/**
 * The five figures of a track (docs/product.md#tracks), as the server computed them from the
 * guide's file: a description list, each value large above its name, in a row that wraps on a phone.
 */
export function TrackFigures({ summary }: { summary: TrackSummary }) {
  const figures: [string, string][] = [
    [TRACK_TEXT.distance, trackDistanceText(summary.distance_m)],
    [TRACK_TEXT.ascent, metresOrNone(summary.ascent_m)],
    [TRACK_TEXT.descent, metresOrNone(summary.descent_m)],
    [TRACK_TEXT.maxEle, metresOrNone(summary.max_ele_m)],
    [TRACK_TEXT.duration, trackDurationText(summary.duration_min)],
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
