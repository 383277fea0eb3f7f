import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { buildSearchIndex, filterIndex, firstWord, SEARCH_CAROUSEL_BREAKPOINTS, SEARCH_DIFFICULTY_OPTIONS } from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { NoResults } from '@/components/ui/no-results';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { usePlaces, verifiedOnly } from '@/features/places/api/get-places';
import { CardCarousel } from '@/features/places/components/card-carousel';
import { SearchFilters, type FilterName, type FilterValues } from '@/features/places/components/search-filters';
import { useAdmin } from '@/features/users/api/get-admin';
import { useUser } from '@/features/users/api/get-user';
import { useSession } from '@/lib/session';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const FILTER_NAMES: readonly FilterName[] = ['name', 'city', 'difficulty'];

/** The filters live in the URL (?name=&city=&difficulty=), so a search survives a reload and can be shared. */
function useUrlFilters(): [FilterValues, (next: Partial<FilterValues>) => void] {
  const [params, setParams] = useSearchParams();
  const name = params.get('name') ?? '';
  const city = params.get('city') ?? '';
  const rawDifficulty = params.get('difficulty') ?? '';
  const difficulty = (SEARCH_DIFFICULTY_OPTIONS as readonly string[]).includes(rawDifficulty) ? rawDifficulty : '';
  const value = useMemo<FilterValues>(() => ({ name, city, difficulty }), [name, city, difficulty]);
  const update = (next: Partial<FilterValues>) => {
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const key of FILTER_NAMES) {
          const v = next[key];
          if (v === undefined) continue;
          if (v) out.set(key, v);
          else out.delete(key);
        }
        return out;
      },
      { replace: true },
    );
  };
  return [value, update];
}

/** 'Bienvenid@ {first word of the firstname}, ...' from the user record (the admin record for admins). */
function Welcome() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const user = useUser(session && !isAdmin ? session._id : undefined);
  const admin = useAdmin(session && isAdmin ? session._id : undefined);
  const firstname = (isAdmin ? admin.data : user.data)?.firstname;
  return (
    <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.6rem', md: '2.1rem' } }}>
      {firstname !== undefined ? (
        `Bienvenid@ ${firstWord(firstname)}, elige el destino ideal para ti`
      ) : (
        <Skeleton width="min(640px, 90%)" aria-label="Cargando" />
      )}
    </Typography>
  );
}

export default function SearchScreen() {
  const [filters, setFilters] = useUrlFilters();
  const places = usePlaces();
  useErrorToast(places.error);
  // Normalised keys are computed once per load; each keystroke only compares strings.
  const index = useMemo(() => buildSearchIndex(verifiedOnly(places.data ?? [])), [places.data]);
  const shown = useMemo(() => filterIndex(index, filters), [index, filters]);

  return (
    <Box sx={{ px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 }, maxWidth: 2400, mx: 'auto' }}>
      <Welcome />
      <Box sx={{ mb: 4 }}>
        <SearchFilters value={filters} onChange={setFilters} />
      </Box>
      {/* Keeps the heading order (h1 > h2 > card h3) for screen readers. */}
      <h2 style={VISUALLY_HIDDEN}>Destinos</h2>
      {places.isError ? (
        <LoadError error={places.error} onRetry={() => void places.refetch()} />
      ) : !places.isPending && shown.length === 0 ? (
        <NoResults />
      ) : (
        <CardCarousel places={shown} breakpoints={SEARCH_CAROUSEL_BREAKPOINTS} label="Destinos" loading={places.isPending} eager />
      )}
    </Box>
  );
}
