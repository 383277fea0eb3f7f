import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import FilterList from '@mui/icons-material/FilterList';
import Typography from '@mui/material/Typography';
import {
  buildSearchIndex,
  DEFAULT_SORT,
  factsSearchParams,
  collectInOrder,
  distanceKm,
  firstWord,
  formatKm,
  formatMatchCount,
  APP_TEXT,
  MENU_TEXT,
  MSG,
  planningPredicates,
  planSearch,
  SEARCH_CAROUSEL_BREAKPOINTS,
  sortPermutation,
  suggestionFor,
  suggestionWords,
  type SuggestionWord,
  type GeoPoint,
  type PlaceIndexEntry,
  type SearchState,
  TEXT,
} from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { NoResults } from '@/components/ui/no-results';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { isUseSearch, usePlaceIndex, usePlaceIndexSeed, useServerSearch } from '@/features/places/api/get-place-index';
import { useAfterHydration } from '@/boot/hydration';
import { CardCarousel } from '@/features/places/components/card-carousel';
import { DidYouMean } from '@/features/places/components/did-you-mean';
import { SaveButton } from '@/features/saved/components/save-button';
import { SearchFilters, TEXT_FIELD_IDS } from '@/features/places/components/search-filters';
import { PlanningFilters } from '@/features/places/components/planning-filters';
import { SearchMap } from '@/features/places/components/search-map';
import { useOrigin } from '@/features/places/hooks/use-origin';
import { useSearchState } from '@/features/places/hooks/use-search-state';
import { preloadMap } from '@/components/map';
import { useToast } from '@/components/ui/toast';
import { useCurrentPerson } from '@/features/users/api/use-current-person';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useValueAfterPaint } from '@/lib/use-value-after-paint';
import { ScreenTitle } from '@/components/ui/screen';
import { paths } from '@/config/paths';
import { useOnlineStatus } from '@/lib/online-status';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** 'Bienvenid@ {first word of the firstname}, ...' from the user record (the admin record for admins). */
const Welcome = memo(function Welcome() {
  const firstname = useCurrentPerson().person?.firstname;
  return (
    <ScreenTitle>
      {firstname !== undefined ? (
        TEXT.search.welcome(firstWord(firstname))
      ) : (
        <Skeleton width="min(640px, 90%)" role="progressbar" aria-label={TEXT.actions.loading} />
      )}
    </ScreenTitle>
  );
});

/** 'N destinos': how many match, said politely to screen readers as the filters change. */
function MatchCount({ count, moreThan = false }: { count: number | null; moreThan?: boolean }) {
  return (
    <Typography role="status" aria-live="polite" sx={{ mb: 1.5, color: 'text.secondary', minHeight: '1.5em' }}>
      {count === null ? '' : formatMatchCount(count, moreThan)}
    </Typography>
  );
}

type Plan = Omit<SearchState, 'view'>;

/** Whether any filter narrows the catalogue (the order does not). */
function narrows(plan: Plan): boolean {
  return (
    plan.name.trim() !== '' ||
    plan.city.trim() !== '' ||
    plan.difficulty !== '' ||
    plan.hours !== null ||
    plan.duration !== null ||
    plan.openIn !== null ||
    plan.free ||
    plan.noAgency
  );
}

/** How many of the folded filters (all but the name) are set: the count on 'Filtros (N)'. */
function foldedActive(state: SearchState): number {
  return [
    state.city.trim() !== '',
    state.difficulty !== '',
    state.hours !== null,
    state.duration !== null,
    state.openIn !== null,
    state.free,
    state.noAgency,
    state.sort !== DEFAULT_SORT,
  ].filter(Boolean).length;
}

const CLEARED: Partial<SearchState> = { name: '', city: '', difficulty: '', hours: null, duration: null, openIn: null, free: false, noAgency: false };

/**
 * No match: 'No hemos encontrado...' and 'Borrar filtros' after a search (some filters may be folded
 * out of sight on a phone); a sentence of its own when the catalogue is empty.
 */
function Empty({ plan, onClear }: { plan: Plan; onClear: () => void }) {
  return narrows(plan) ? (
    <NoResults>
      <Button variant="outlined" onClick={onClear} sx={{ mt: 2 }}>
        {TEXT.search.clearFilters}
      </Button>
    </NoResults>
  ) : (
    <NoResults message={TEXT.search.emptyCatalogue} />
  );
}

/**
 * Offline before the destinations arrived: 'Sin conexión' at once and the way to what works offline,
 * 'Guardados' (docs/product.md#saved), instead of placeholders waiting for a network that is not there.
 * Back online the list loads by itself (the query refetches on reconnect).
 */
function OfflineResults() {
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 4, px: 2 }}>
      <Typography sx={{ fontWeight: 700, fontSize: '1.15rem', mb: 1 }}>{APP_TEXT.offlineTitle}</Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{TEXT.search.offline}</Typography>
      <Button component={RouterLink} to={paths.saved} variant="contained">
        {MENU_TEXT.saved}
      </Button>
    </Box>
  );
}

interface ResultsProps {
  plan: Plan;
  /** The user's position, once known, for 'Más cerca de mí'. */
  origin: GeoPoint | null;
  view: SearchState['view'];
  cardAction?: (place: PlaceIndexEntry) => ReactNode;
  /** 'Borrar filtros' in the empty state. */
  onClear: () => void;
}

/** The results as a list, or (view 'map') as a map of those with a trailhead above the same list. */
function Results({
  places,
  loading,
  origin,
  view,
  cardAction,
  onEndReached,
  resetKey,
}: Omit<ResultsProps, 'plan' | 'onClear'> & { places: PlaceIndexEntry[]; loading: boolean; onEndReached?: () => void; resetKey: string }) {
  // 'Más cerca de mí': each card says how far its trailhead is ('a N km'). Stable while typing (the
  // carousel is memoized).
  const cardNote = useMemo(
    () =>
      origin
        ? (place: PlaceIndexEntry) => {
            const km = distanceKm(place, origin);
            return km === null ? null : formatKm(km);
          }
        : undefined,
    [origin],
  );
  return (
    <>
      {view === 'map' && <SearchMap places={places} loading={loading} />}
      <CardCarousel
        places={places}
        breakpoints={SEARCH_CAROUSEL_BREAKPOINTS}
        label={TEXT.search.results}
        loading={loading}
        eager
        cardAction={cardAction}
        cardNote={cardNote}
        onEndReached={onEndReached}
        resetKey={resetKey}
      />
    </>
  );
}

/**
 * Catalogues under PLACE_INDEX_MAX: the whole compact index once; each change of a filter walks it
 * once in the chosen order (docs/product.md#planning). Normalised keys and the order are computed once per
 * load (and per position for 'Más cerca de mí'); a keystroke only compares strings and numbers.
 * Memoized and given the plan after the keystroke's frame is painted: a keystroke's own render
 * stops at the field; the results follow in a render React can interrupt (docs/product.md#catalogue).
 */
/** The words of the index's names, made the first time a search finds nothing (docs/product.md#did-you-mean). */
const wordsOfIndex = new WeakMap<readonly PlaceIndexEntry[], SuggestionWord[]>();
function indexWords(list: readonly PlaceIndexEntry[]): SuggestionWord[] {
  let words = wordsOfIndex.get(list);
  if (!words) wordsOfIndex.set(list, (words = suggestionWords(list.map((p) => p.name))));
  return words;
}

const IndexResults = memo(function IndexResults({ plan, origin, view, cardAction, onClear }: ResultsProps) {
  const places = usePlaceIndex();
  const useServer = isUseSearch(places.error);
  useErrorToast(useServer ? null : places.error);
  const list = places.data;
  const index = useMemo(() => buildSearchIndex(list ?? []), [list]);
  // The words for a suggestion are made while the page is idle after a load, not on the keystroke that
  // first finds nothing (docs/product.md#did-you-mean).
  useEffect(() => {
    if (!list) return;
    if (typeof requestIdleCallback !== 'function') return;
    const id = requestIdleCallback(() => indexWords(list), { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, [list]);
  const order = useMemo(() => (list && plan.sort !== 'newest' ? sortPermutation(list, plan.sort, origin) : null), [list, plan.sort, origin]);
  const shown = useMemo(() => planSearch(index, order, plan), [index, order, plan]);
  // Only when nothing is found: a keystroke that finds places costs nothing more.
  const empty = !!list && shown.length === 0;
  const suggestion = useMemo(
    () => (empty && list ? suggestionFor(plan.name, indexWords(list), (name) => planSearch(index, null, { ...plan, name }).length > 0) : null),
    [empty, list, index, plan],
  );
  const online = useOnlineStatus();
  // The newest destinations the page came with (the server rendered them: src/boot/serve-render.tsx),
  // or the landing's first page, shown until the whole index is here when nothing narrows or reorders
  // them; while React hydrates the server's markup, whatever has arrived since.
  const seed = usePlaceIndexSeed();
  const hydrated = useAfterHydration();
  if (seed && (!hydrated || (!list && !places.isError && !narrows(plan) && plan.sort === DEFAULT_SORT && view === 'list'))) {
    return (
      <>
        <MatchCount count={null} />
        <Results places={seed} loading={false} origin={null} view={view} cardAction={hydrated ? cardAction : undefined} resetKey={JSON.stringify(plan)} />
      </>
    );
  }
  if (useServer) return <ServerResults plan={plan} origin={origin} view={view} cardAction={cardAction} onClear={onClear} />;
  return (
    <>
      <MatchCount count={list ? shown.length : null} />
      {!list && !online ? (
        <OfflineResults />
      ) : places.isError ? (
        <LoadError error={places.error} onRetry={() => void places.refetch()} />
      ) : !places.isPending && shown.length === 0 ? (
        <>
          <Empty plan={plan} onClear={onClear} />
          {suggestion !== null && <DidYouMean suggestion={suggestion} state={{ ...plan, view }} />}
        </>
      ) : (
        <Results places={shown} loading={places.isPending} origin={origin} view={view} cardAction={cardAction} resetKey={JSON.stringify(plan)} />
      )}
    </>
  );
});

const SERVER_SEARCH_DEBOUNCE_MS = 250;

/**
 * Larger catalogues (413 USE_SEARCH): the server searches the text filters and the access-fact filters
 * ('Abierto en', 'Entrada libre', 'Sin agencia': factsSearchParams, docs/product.md#access-facts), page
 * by page as the visitor swipes on, and counts them; hours and duration filter the pages loaded so far,
 * in the server's order (newest).
 */
function ServerResults({ plan, origin, view, cardAction, onClear }: ResultsProps) {
  // One request per pause in typing, not per keystroke.
  const settled = useDebouncedValue(plan, SERVER_SEARCH_DEBOUNCE_MS);
  const facts = factsSearchParams({ openIn: settled.openIn, free: settled.free, noAgency: settled.noAgency });
  const search = useServerSearch({ name: settled.name, city: settled.city, difficulty: settled.difficulty, ...facts }, true);
  useErrorToast(search.error);
  const { hours, duration } = plan;
  const items = useMemo(() => {
    const loaded = search.data?.pages.flatMap((p) => p.items) ?? [];
    return collectInOrder(
      loaded.map((item) => ({ item })),
      null,
      planningPredicates({ hours, duration }),
    );
  }, [search.data, hours, duration]);
  const planning = hours !== null || duration !== null;
  const total = planning ? (search.data ? items.length : null) : (search.data?.pages[0]?.total ?? null);
  // The server counts up to SEARCH_COUNT_CAP: beyond it, 'Más de 1,000 destinos'.
  const moreThan = !planning && (search.data?.pages[0]?.totalCapped ?? false);
  // The server's suggestion (docs/product.md#did-you-mean), for the search it answered (not one still typed).
  const suggestion = search.data?.pages[0]?.suggestion ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const online = useOnlineStatus();
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <>
      <MatchCount count={total} moreThan={moreThan} />
      {!search.data && !online ? (
        <OfflineResults />
      ) : search.isError ? (
        <LoadError error={search.error} onRetry={() => void search.refetch()} />
      ) : total === 0 && !hasNextPage ? (
        <>
          <Empty plan={plan} onClear={onClear} />
          {suggestion && <DidYouMean suggestion={suggestion} state={{ ...plan, view }} />}
        </>
      ) : (
        <Results places={items} loading={search.isPending} origin={origin} view={view} cardAction={cardAction} onEndReached={loadMore} resetKey={JSON.stringify(settled)} />
      )}
    </>
  );
}

const SCREEN_SX = { px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 }, maxWidth: 2400, mx: 'auto' } as const;
const FILTERS_SX = { mb: 3, display: 'grid', gap: 2 } as const;
const TOP_ROW_SX = { display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', '& > :first-of-type': { flex: '1 1 260px', minWidth: 0 } } as const;
const TOGGLE_SX = { display: { md: 'none' }, mt: 1, minHeight: 40 } as const;
const FOLDED_ID = 'search-more-filters';
const NAME_ONLY = ['name'] as const;
const CITY_AND_DIFFICULTY = ['city', 'difficulty'] as const;

/**
 * Text typed into the name or city field of the screen the server rendered, before the app hydrated it:
 * React leaves it in the field through the hydration, where it is read (a layout effect, before any
 * render of the field could put the state's value back), and it becomes the search's state once the
 * state has taken the address's (useSearchState's own effect on mount, which runs first) (src/boot/README.md).
 */
function useTypedBeforeHydration(state: SearchState, setState: (next: Partial<SearchState>) => void) {
  const typed = useRef<Partial<SearchState> | null>(null);
  useLayoutEffect(() => {
    const found: Partial<SearchState> = {};
    for (const field of ['name', 'city'] as const) {
      const input = document.getElementById(TEXT_FIELD_IDS[field]);
      if (input instanceof HTMLInputElement && input.value !== state[field]) found[field] = input.value;
    }
    if (found.name !== undefined || found.city !== undefined) typed.current = found;
    // Once, as the screen mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (typed.current) setState(typed.current);
    typed.current = null;
    // Once, as the screen mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export default function SearchScreen() {
  const [state, setState] = useSearchState();
  useTypedBeforeHydration(state, setState);
  const session = useSession();
  const { showError } = useToast();
  const userId = session?._id;
  // Stable across keystrokes, so the carousel's cards do not re-render while typing.
  const cardAction = useMemo(() => (userId ? (place: PlaceIndexEntry) => <SaveButton place={place} userId={userId} /> : undefined), [userId]);
  // 'Más cerca de mí' asks the browser once; a refusal says so and goes back to the default order.
  const origin = useOrigin(state.sort === 'near', () => {
    showError(MSG.locationFailed);
    setState({ sort: 'newest' });
  });
  const { view, name, city, difficulty, hours, duration, openIn, free, noAgency, sort } = state;
  const plan = useMemo<Plan>(
    () => ({ name, city, difficulty, hours, duration, openIn, free, noAgency, sort }),
    [name, city, difficulty, hours, duration, openIn, free, noAgency, sort],
  );
  const planning = useMemo(() => ({ hours, duration, openIn, free, noAgency, sort, view }), [hours, duration, openIn, free, noAgency, sort, view]);
  // The fields show each keystroke at once; the results follow after that frame is painted
  // (docs/product.md#catalogue).
  const deferredPlan = useValueAfterPaint(plan);
  const clear = useCallback(() => setState(CLEARED), [setState]);
  // On a phone the filters other than the name are folded behind 'Filtros (N)', so the first screen
  // shows results (docs/product.md#search); from md up they are always shown and the control is not.
  const [unfolded, setUnfolded] = useState(false);
  const active = foldedActive(state);

  return (
    <Box sx={SCREEN_SX}>
      <Welcome />
      <Box role="search" aria-label={TEXT.search.filters} sx={FILTERS_SX}>
        <Box sx={TOP_ROW_SX}>
          <SearchFilters value={state} onChange={setState} fields={NAME_ONLY} landmark={false} />
          <Button variant={active > 0 ? 'contained' : 'outlined'} startIcon={<FilterList />} aria-expanded={unfolded} aria-controls={FOLDED_ID} onClick={() => setUnfolded((v) => !v)} sx={TOGGLE_SX}>
            {TEXT.search.filtersToggle(active)}
          </Button>
          <PlanningFilters value={planning} onChange={setState} onMapIntent={preloadMap} part="view" />
        </Box>
        <Box id={FOLDED_ID} sx={{ display: { xs: unfolded ? 'grid' : 'none', md: 'grid' }, gap: 2 }}>
          <SearchFilters value={state} onChange={setState} fields={CITY_AND_DIFFICULTY} landmark={false} />
          <PlanningFilters value={planning} onChange={setState} part="filters" />
        </Box>
      </Box>
      {/* Keeps the heading order (h1 > h2 > card h3) for screen readers. */}
      <h2 style={VISUALLY_HIDDEN}>{TEXT.search.results}</h2>
      <IndexResults plan={deferredPlan} origin={origin} view={view} cardAction={cardAction} onClear={clear} />
    </Box>
  );
}
