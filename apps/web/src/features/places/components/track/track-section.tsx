import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { API, MSG, TRACK_TEXT } from '@sendero/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { RetryAlert } from '@/components/ui/load-error';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useOnlineStatus } from '@/lib/online-status';
import { downloadTrackGpx, type Track, type TrackSummary } from '@/features/places/api/track';
import { ElevationProfile } from './elevation-profile';
import { TrackFigures } from './track-figures';
import { measureLine, pointAlong } from './track-geometry';

export interface TrackSectionProps {
  place: { _id: string; verified: boolean; track: TrackSummary };
  /** GET /api/place/{id}/track, read by the detail (its map draws the line). */
  track: UseQueryResult<Track>;
  /** The point of the profile being looked at, for the map's marker; null: none. */
  onCursor: (point: { lat: number; lon: number } | null) => void;
}

/**
 * 'Recorrido' on the destination detail (docs/product.md#tracks): the five figures, the
 * 'Perfil de elevación' chart and 'Descargar GPX'; the line itself is on the detail's map, where a
 * marker follows the profile. This module, the chart library with it, is a lazy chunk that only a
 * place with a track loads.
 */
export default function TrackSection({ place, track, onCursor }: TrackSectionProps) {
  const [index, setIndex] = useState<number | null>(null);
  const data = track.data;
  const measured = useMemo(() => (data ? measureLine(data.line) : null), [data]);
  const profile = useMemo(() => data?.profile ?? [], [data]);
  const total = profile.at(-1)?.[0] ?? 0;

  useEffect(() => {
    const at = index === null ? undefined : profile[index];
    onCursor(at && measured && total > 0 ? pointAlong(measured, at[0] / total) : null);
  }, [index, profile, measured, total, onCursor]);

  return (
    <Paper component="section" variant="outlined" aria-labelledby="track-title" sx={{ p: { xs: 2, md: 2.5 }, borderRadius: 3 }}>
      <Typography id="track-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {TRACK_TEXT.title}
      </Typography>
      <Stack spacing={2}>
        <TrackFigures summary={data?.summary ?? place.track} />
        {track.isPending ? (
          <Skeleton variant="rounded" height={230} aria-label={TRACK_TEXT.profile} role="progressbar" />
        ) : track.error ? (
          <RetryAlert error={track.error} onRetry={() => void track.refetch()} retrying={track.isFetching} />
        ) : profile.length > 1 ? (
          <ElevationProfile profile={profile} index={index} onIndexChange={setIndex} />
        ) : (
          <Typography color="text.secondary">{TRACK_TEXT.noElevation}</Typography>
        )}
        <DownloadGpx placeId={place._id} verified={place.verified} />
      </Stack>
    </Paper>
  );
}

/** 'Descargar GPX': a plain link for a published place; off while offline, saying why. */
function DownloadGpx({ placeId, verified }: { placeId: string; verified: boolean }) {
  const online = useOnlineStatus();
  const { showError } = useToast();
  const [busy, setBusy] = useState(false);
  const common = { variant: 'outlined' as const, startIcon: <FileDownloadOutlined aria-hidden /> };
  return (
    <Box>
      {!online ? (
        <>
          <Button {...common} disabled aria-describedby="track-download-offline">
            {TRACK_TEXT.download}
          </Button>
          <Typography id="track-download-offline" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {MSG.offline}
          </Typography>
        </>
      ) : verified ? (
        <Button {...common} component="a" href={API.placeTrackGpx(placeId)} download>
          {TRACK_TEXT.download}
        </Button>
      ) : (
        <Button
          {...common}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            downloadTrackGpx(placeId)
              .catch((e: unknown) => showError(errorMessage(e)))
              .finally(() => setBusy(false));
          }}
        >
          {TRACK_TEXT.download}
        </Button>
      )}
    </Box>
  );
}
