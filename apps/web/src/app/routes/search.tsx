import { useEffect, useMemo, useRef, useState } from 'react';
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
import { SaveButton } from '@/features/saved/components/save-button';
import { SearchFilters, type FilterName, type FilterValues } from '@/features/places/components/search-filters';
import { useCurrentPerson } from '@/features/users/api/use-current-person';
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

function readFilters(params: URLSearchParams): FilterValues {
  const difficulty = params.get('difficulty') ?? '';
  return {
    name: params.get('name') ?? '',
    city: params.get('city') ?? '',
    difficulty: (SEARCH_DIFFICULTY_OPTIONS as readonly string[]).includes(difficulty) ? difficulty : '',
  };
}

/**
 * The filters live in the URL (?name=&city=&difficulty=), so a search survives a reload and can be
 * shared. The fields read local state, updated at once on each keystroke (the URL updates a moment
 * later, which would move the caret of a field bound to it directly); a URL changed from outside
 * (back and forward) is copied back into the fields.
 */
function useUrlFilters(): [FilterValues, (next: Partial<FilterValues>) => void] {
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState<FilterValues>(() => readFilters(params));
  const written = useRef(params.toString());

  useEffect(() => {
    if (params.toString() === written.current) return;
    written.current = params.toString();
    setValue(readFilters(params));
  }, [params]);

  const update = (next: Partial<FilterValues>) => {
    const merged = { ...value, ...next };
    setValue(merged);
    const out = new URLSearchParams(params);
    for (const key of FILTER_NAMES) {
      if (merged[key]) out.set(key, merged[key]);
      else out.delete(key);
    }
    written.current = out.toString();
    setParams(out, { replace: true });
  };
  return [value, update];
}

/** 'Bienvenid@ {first word of the firstname}, ...' from the user record (the admin record for admins). */
function Welcome() {
  const firstname = useCurrentPerson().person?.firstname;
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
  const session = useSession();
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
        <CardCarousel
          places={shown}
          breakpoints={SEARCH_CAROUSEL_BREAKPOINTS}
          label="Destinos"
          loading={places.isPending}
          eager
          cardAction={session ? (place) => <SaveButton place={place} userId={session._id} /> : undefined}
        />
      )}
    </Box>
  );
}
