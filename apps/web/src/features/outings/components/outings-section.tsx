import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { type Caller, canOrganizeOuting, type Place, TEXT } from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { useOnlineStatus } from '@/lib/online-status';
import { usePlaceOutings } from '../api/get-place-outings';
import { OrganizeOutingDialog } from './organize-outing-dialog';
import { OutingCard } from './outing-card';
import { OfflineAwareButton } from '@/components/ui/offline-aware-button';

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
  const online = useOnlineStatus();
  const [organizing, setOrganizing] = useState(false);
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
      {outings.isPending ? (
        <OutingGrid label={TEXT.outings.loading}>
          {Array.from({ length: 2 }, (_, i) => (
            <Box component="li" key={i}>
              <Skeleton variant="rounded" height={220} />
            </Box>
          ))}
        </OutingGrid>
      ) : outings.isError ? (
        <LoadError error={outings.error} onRetry={() => void outings.refetch()} />
      ) : outings.data.length === 0 ? (
        <Typography color="text.secondary">{TEXT.outings.none}</Typography>
      ) : (
        <OutingGrid label={TEXT.outings.title}>
          {outings.data.map((outing) => (
            <Box component="li" key={outing._id}>
              <OutingCard outing={outing} viewer={viewer} />
            </Box>
          ))}
        </OutingGrid>
      )}
      {mayOrganize && <OrganizeOutingDialog open={organizing} onClose={() => setOrganizing(false)} place={place} />}
    </Box>
  );
}

export function OutingGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={label === TEXT.outings.loading || undefined}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
