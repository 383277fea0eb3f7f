import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  buildSearchIndex,
  filterIndex,
  firstWord,
  formatMatchCount,
  SEARCH_CAROUSEL_BREAKPOINTS,
  SEARCH_DIFFICULTY_OPTIONS,
  type PlaceIndexEntry,
  type SearchFilters as SearchFiltersValue,
} from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { NoResults } from '@/components/ui/no-results';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { isUseSearch, usePlaceIndex, useServerSearch } from '@/features/places/api/get-place-index';
import { CardCarousel } from '@/features/places/components/card-carousel';
import { SaveButton } from '@/features/saved/components/save-button';
import { SearchFilters, type FilterName, type FilterValues } from '@/features/places/components/search-filters';
import { useCurrentPerson } from '@/features/users/api/use-current-person';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';

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

/** 'N destinos': how many match, said politely to screen readers as the filters change. */
function MatchCount({ count }: { count: number | null }) {
  return (
    <Typography role="status" aria-live="polite" sx={{ mb: 1.5, color: 'text.secondary', minHeight: '1.5em' }}>
      {count === null ? '' : formatMatchCount(count)}
    </Typography>
  );
}

/** Catalogues under PLACE_INDEX_MAX: the whole compact index once, each keystroke filters it in memory. */
function IndexResults({ filters, cardAction }: { filters: SearchFiltersValue; cardAction?: (place: PlaceIndexEntry) => ReactNode }) {
  const places = usePlaceIndex();
  const useServer = isUseSearch(places.error);
  useErrorToast(useServer ? null : places.error);
  // Normalised keys are computed once per load; each keystroke only compares strings.
  const index = useMemo(() => buildSearchIndex(places.data ?? []), [places.data]);
  const deferred = useDeferredValue(filters);
  const shown = useMemo(() => filterIndex(index, deferred), [index, deferred]);
  if (useServer) return <ServerResults filters={filters} cardAction={cardAction} />;
  return (
    <>
      <MatchCount count={places.data ? shown.length : null} />
      {places.isError ? (
        <LoadError error={places.error} onRetry={() => void places.refetch()} />
      ) : !places.isPending && shown.length === 0 ? (
        <NoResults />
      ) : (
        <CardCarousel places={shown} breakpoints={SEARCH_CAROUSEL_BREAKPOINTS} label="Destinos" loading={places.isPending} eager cardAction={cardAction} />
      )}
    </>
  );
}

const SERVER_SEARCH_DEBOUNCE_MS = 250;

/** Larger catalogues (413 USE_SEARCH): the server searches, page by page as the visitor swipes on. */
function ServerResults({ filters, cardAction }: { filters: SearchFiltersValue; cardAction?: (place: PlaceIndexEntry) => ReactNode }) {
  // One request per pause in typing, not per keystroke.
  const settled = useDebouncedValue(filters, SERVER_SEARCH_DEBOUNCE_MS);
  const search = useServerSearch(settled, true);
  useErrorToast(search.error);
  const items = useMemo(() => search.data?.pages.flatMap((p) => p.items) ?? [], [search.data]);
  const total = search.data?.pages[0]?.total ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <>
      <MatchCount count={total} />
      {search.isError ? (
        <LoadError error={search.error} onRetry={() => void search.refetch()} />
      ) : total === 0 ? (
        <NoResults />
      ) : (
        <CardCarousel
          places={items}
          breakpoints={SEARCH_CAROUSEL_BREAKPOINTS}
          label="Destinos"
          loading={search.isPending}
          eager
          cardAction={cardAction}
          onEndReached={loadMore}
        />
      )}
    </>
  );
}

export default function SearchScreen() {
  const [filters, setFilters] = useUrlFilters();
  const session = useSession();
  const cardAction = session ? (place: PlaceIndexEntry) => <SaveButton place={place} userId={session._id} /> : undefined;

  return (
    <Box sx={{ px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 }, maxWidth: 2400, mx: 'auto' }}>
      <Welcome />
      <Box sx={{ mb: 3 }}>
        <SearchFilters value={filters} onChange={setFilters} />
      </Box>
      {/* Keeps the heading order (h1 > h2 > card h3) for screen readers. */}
      <h2 style={VISUALLY_HIDDEN}>Destinos</h2>
      <IndexResults filters={filters} cardAction={cardAction} />
    </Box>
  );
}
