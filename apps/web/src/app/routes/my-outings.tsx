import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type Caller, type Outing, TEXT } from '@sendero/contract';
import { paths } from '@/config/paths';
import { CardGrid, CardGridSkeleton } from '@/components/ui/card-grid';
import { LoadError } from '@/components/ui/load-error';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { useMyOutings } from '@/features/outings/api/get-my-outings';
import { OutingCard } from '@/features/outings/components/outing-card';
import { useCurrentRole } from '@/app/layout/use-current-role';
import { Screen } from '@/components/ui/screen';

/** /mis-salidas: 'Mis salidas' (docs/product.md#outings), the outings I joined and the ones I lead. */
export default function MyOutingsScreen() {
  const { session, role } = useCurrentRole();
  const viewer: Caller | null = session ? { id: session._id, role } : null;
  const mine = useMyOutings(session?._id);
  useErrorToast(mine.error);
  // Guides and admins organize outings; a former guide still sees the ones they led.
  const showLeading = role === 'guide' || role === 'admin' || (mine.data?.leading.length ?? 0) > 0;

  return (
    <Screen title={TEXT.outings.mine} maxWidth={1600}>
      {mine.isError ? (
        <LoadError error={mine.error} onRetry={() => void mine.refetch()} />
      ) : (
        <>
          {role !== 'admin' && (
            <OutingList
              id="joined-title"
              title={TEXT.outings.joinedTitle}
              outings={mine.data?.joined}
              viewer={viewer}
              empty={
                <>
                  {TEXT.outings.joinedEmpty}{' '}
                  <Link component={RouterLink} to={paths.search}>
                    {TEXT.menu.search}
                  </Link>
                  .
                </>
              }
            />
          )}
          {showLeading && (
            <OutingList
              id="leading-title"
              title={TEXT.outings.leadingTitle}
              outings={mine.data?.leading}
              viewer={viewer}
              empty={TEXT.outings.leadingEmpty}
            />
          )}
        </>
      )}
    </Screen>
  );
}

interface OutingListProps {
  id: string;
  title: string;
  /** undefined while loading. */
  outings: Outing[] | undefined;
  viewer: Caller | null;
  empty: ReactNode;
}

function OutingList({ id, title, outings, viewer, empty }: OutingListProps) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 5 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {!outings ? (
        <CardGridSkeleton label={TEXT.outings.loading} count={2} height={240} />
      ) : outings.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <CardGrid
          label={title}
          items={outings}
          itemKey={(outing) => outing._id}
          renderItem={(outing) => <OutingCard outing={outing} viewer={viewer} showPlace />}
        />
      )}
    </Box>
  );
}
