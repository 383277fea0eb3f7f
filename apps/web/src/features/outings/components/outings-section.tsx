import { lazy, Suspense, useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { type Caller, canOrganizeOuting, type Place, TEXT } from '@sendero/contract';
import { CardGrid, CardGridSkeleton } from '@/components/ui/card-grid';
import { LoadError } from '@/components/ui/load-error';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { useOnlineStatus } from '@/lib/online-status';
import { usePlaceOutings } from '../api/get-place-outings';
import { OutingCard } from './outing-card';
import { OfflineAwareButton } from '@/components/ui/offline-aware-button';
import { useOnceTrue } from '@/lib/use-once-true';

/** 'Organizar salida's form: its own chunk, loaded the first time it opens (like the review form). */
const OrganizeOutingDialog = lazy(() => import('./organize-outing-dialog').then((m) => ({ default: m.OrganizeOutingDialog })));

interface OutingsSectionProps {
  place: Pick<Place, '_id' | 'name' | 'capacity' | 'verified'>;
  /** The role the server confirmed; null while unknown (nothing role-specific is shown). */
  viewer: Caller | null;
}

/**
 * 'Próximas salidas' of the destination detail (docs/product.md#outings), before the reviews. Guides
 * and admins get 'Organizar una salida' on verified places.
 */
export function OutingsSection({ place, viewer }: OutingsSectionProps) {
  const outings = usePlaceOutings(place._id);
  // The answer's cards are rendered in a deferred render React can pause, not in the task that receives
  // it (~150 ms of a 4x slower phone right after a destination's page hydrated: src/boot/README.md).
  const shown = useDeferredValue(outings.data);
  const online = useOnlineStatus();
  const [organizing, setOrganizing] = useState(false);
  const organizeUsed = useOnceTrue(organizing);
  // Offline the banner already says so; outings are not kept for offline use.
  useErrorToast(online ? outings.error : null);
  const mayOrganize = canOrganizeOuting(viewer) && place.verified;

  return (
    <Box component="section" aria-labelledby="outings-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
        <Typography id="outings-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          {TEXT.outings.title}
        </Typography>
        {mayOrganize && (
          <OfflineAwareButton hintId="organize-offline-hint" color="secondary" startIcon={<GroupsOutlined />} onClick={() => setOrganizing(true)}>
            {TEXT.outings.organize}
          </OfflineAwareButton>
        )}
      </Stack>
      {outings.isError ? (
        <LoadError error={outings.error} onRetry={() => void outings.refetch()} />
      ) : shown === undefined ? (
        <CardGridSkeleton label={TEXT.outings.loading} count={2} height={220} />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary">{TEXT.outings.none}</Typography>
      ) : (
        <CardGrid
          label={TEXT.outings.title}
          items={shown}
          itemKey={(outing) => outing._id}
          renderItem={(outing) => <OutingCard outing={outing} viewer={viewer} />}
        />
      )}
      {mayOrganize && organizeUsed && (
        <Suspense fallback={null}>
          <OrganizeOutingDialog open={organizing} onClose={() => setOrganizing(false)} place={place} />
        </Suspense>
      )}
    </Box>
  );
}
