import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TEXT } from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { PlaceCard, PlaceCardSkeleton } from '@/features/places/components/place-card';
import { useSaved } from '@/features/saved/api/get-saved';
import { SaveButton } from '@/features/saved/components/save-button';
import { useSession } from '@/lib/session';
import { Screen } from '@/components/ui/screen';

/** /guardados: 'Mis destinos guardados' (docs/product.md#saved), also with no network. */
export default function SavedScreen() {
  const session = useSession();
  const userId = session?._id;
  const saved = useSaved(userId);
  useErrorToast(saved.error);

  return (
    <Screen title={TEXT.saved.title} maxWidth={2400}>
      {saved.isError ? (
        <LoadError error={saved.error} onRetry={() => void saved.refetch()} />
      ) : saved.isPending ? (
        <Grid>
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i}>
              <PlaceCardSkeleton />
            </li>
          ))}
        </Grid>
      ) : saved.data.length === 0 ? (
        <Typography color="text.secondary">{TEXT.saved.empty}</Typography>
      ) : (
        <Grid>
          {saved.data.map((place, i) => (
            <li key={place._id}>
              <PlaceCard place={place} eager={i < 4} sizes="(max-width: 600px) 100vw, 400px" action={userId ? <SaveButton place={place} userId={userId} /> : undefined} />
            </li>
          ))}
        </Grid>
      )}
    </Screen>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={TEXT.saved.title}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}
    >
      {children}
    </Box>
  );
}
