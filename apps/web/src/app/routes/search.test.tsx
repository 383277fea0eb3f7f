import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { use } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, APP_TEXT, factsSearchParams, formatMatchCount, limaDate, MSG, SEARCH_COUNT_CAP, SEARCH_DIFFICULTY_EMPTY_LABEL, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import SearchScreen from '@/app/routes/search';
import { URL_WRITE_DELAY_MS } from '@/features/places/hooks/use-search-state';
import { stubFetch } from '@/test/fetch-stub';
import { entriesOf, indexOf, makePlace, makeUser, signIn, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

// As long as the wait of src/test/setup.ts, sized for a busy two-core machine.
const wait = { timeout: 10_000 };

const PLACES = [
  makePlace({ name: 'Laguna Churup', city: 'Huaraz', difficulty: 'Exigente', time: [4, 6], time_city: 1 }),
  makePlace({ name: 'Lomas de Lachay', city: 'Lima', difficulty: 'Fácil', time: [1, 3], time_city: 2.5, rating: 0, comments: 0 }),
  makePlace({ name: 'Cañón de Autisha', city: 'Lima', difficulty: 'Media' }),
  makePlace({ name: 'Nevado oculto', city: 'Huaraz', difficulty: 'Difícil', verified: false }),
];

function setup(route = '/buscar-destino', routeTree = routes) {
  signIn('user');
  stubFetch({
    [`GET ${API.user(USER_ID)}`]: [200, makeUser({ firstname: 'Ana María' })],
    [`GET ${API.placeIndex()}`]: [200, indexOf(PLACES)],
  });
  return renderRoutes(routeTree, route);
}

function shownNames(): string[] {
  const carousel = screen.queryByRole('region', { name: TEXT.search.results });
  if (!carousel) return [];
  return within(carousel)
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent ?? '');
}

describe('destination search (/buscar-destino)', () => {
  it('greets me with the first word of my first name', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: TEXT.search.welcome('Ana') }, wait)).toBeInTheDocument();
  });

  it('shows the verified places as cards with name, difficulty, walking time, distance and Ver más', async () => {
    setup();
    await waitFor(() => expect(shownNames()).toEqual(['Laguna Churup', 'Lomas de Lachay', 'Cañón de Autisha']), wait);
    const card = screen.getByRole('heading', { name: 'Laguna Churup' }).closest('article') as HTMLElement;
    expect(within(card).getByText(TEXT.card.difficulty)).toBeInTheDocument();
    expect(within(card).getByText('Exigente')).toBeInTheDocument();
    expect(within(card).getByText('4 - 6 horas')).toBeInTheDocument();
    expect(within(card).getByText('A 1 horas de Huaraz')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: TEXT.card.photoOf('Laguna Churup') })).toHaveAttribute('width');
    // The mean and how many reviews; a place with none says so instead of 0 stars.
    expect(within(card).getByText('4.5')).toBeInTheDocument();
    expect(within(card).getByText(/\(2 reseñas\)/)).toBeInTheDocument();
    const unrated = screen.getByRole('heading', { name: 'Lomas de Lachay' }).closest('article') as HTMLElement;
    expect(within(unrated).getByText(TEXT.card.noReviews)).toBeInTheDocument();
    expect(within(unrated).queryByText(/reseñas\)/)).not.toBeInTheDocument();
    // 'Ver más' names its place for screen readers.
    expect(within(card).getByRole('link', { name: TEXT.card.seeMoreOf('Laguna Churup') })).toHaveAttribute('href', `/buscar-destino/destino/${PLACES[0]?._id}`);
  });

  it('as a user I can filter destinations by a word of the name, ignoring accents and case', async () => {
    const { router } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(3), wait);
    const navigations: string[] = [];
    const unsubscribe = router.subscribe((state) => navigations.push(state.location.search));
    // Keystrokes in quick succession (within the pause the address waits for).
    for (const typed of ['C', 'CA', 'CAN', 'CANO', 'CANON']) fireEvent.change(screen.getByLabelText(TEXT.search.name), { target: { value: typed } });
    await waitFor(() => expect(shownNames()).toEqual(['Cañón de Autisha']));
    // The address takes the typed text after a pause in typing: one navigation, not one per keystroke.
    await waitFor(() => expect(router.state.location.search).toBe('?name=CANON'));
    unsubscribe();
    expect(navigations).toEqual(['?name=CANON']);
    await userEvent.click(screen.getByRole('button', { name: TEXT.search.nameReset }));
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    expect(screen.getByLabelText(TEXT.search.name)).toHaveValue('');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("'Ver más' right after typing: the typed name's late address write does not follow me to the destination while its screen is still rendering", async () => {
    // The destination's screen suspends until released: the router has arrived there (its navigation is
    // over) while React still shows the search screen, whose pending write must then not run.
    let release = () => {};
    const ready = new Promise<void>((resolve) => (release = resolve));
    function SlowDetail() {
      use(ready);
      return <h1>detalle</h1>;
    }
    const { router } = setup('/buscar-destino', [
      { path: '/buscar-destino', element: <SearchScreen /> },
      { path: '/buscar-destino/destino/:id', element: <SlowDetail /> },
    ]);
    await waitFor(() => expect(shownNames()).toHaveLength(3), wait);
    fireEvent.change(screen.getByLabelText(TEXT.search.name), { target: { value: 'lomas' } });
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay']));
    const seeMore = screen.getByRole('link', { name: TEXT.card.seeMoreOf('Lomas de Lachay') });
    await act(async () => {
      fireEvent.click(seeMore);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/buscar-destino/destino/${PLACES[1]?._id}`));
    // Past the pause the typed text waits for (URL_WRITE_DELAY_MS), the search screen still on screen.
    await act(() => new Promise((resolve) => setTimeout(resolve, URL_WRITE_DELAY_MS + 200)));
    expect(screen.getByLabelText(TEXT.search.name)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/buscar-destino/destino/${PLACES[1]?._id}`);
    expect(router.state.location.search).toBe('');
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'detalle' }, wait)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('as a user I can filter by the start of the city and by difficulty', async () => {
    const { router } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(3), wait);
    await userEvent.type(screen.getByLabelText(TEXT.search.city), 'li');
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay', 'Cañón de Autisha']));
    await userEvent.selectOptions(screen.getByLabelText(TEXT.search.difficulty), 'Facil');
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay']));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('difficulty')).toBe('Facil'));
    await userEvent.click(screen.getByRole('button', { name: TEXT.search.difficultyReset }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.search.cityReset }));
    await waitFor(() => expect(shownNames()).toHaveLength(3));
  });

  it('the difficulty select offers the empty choice and the four unaccented options', async () => {
    setup();
    const select = await screen.findByLabelText(TEXT.search.difficulty, {}, wait);
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([SEARCH_DIFFICULTY_EMPTY_LABEL, 'Facil', 'Media', 'Exigente', 'Dificil']);
  });

  it('filters from the address survive a reload', async () => {
    setup('/buscar-destino?city=hua&difficulty=Exigente');
    await waitFor(() => expect(shownNames()).toEqual(['Laguna Churup']), wait);
    expect(screen.getByLabelText(TEXT.search.city)).toHaveValue('hua');
    expect(screen.getByLabelText(TEXT.search.difficulty)).toHaveValue('Exigente');
  });

  it('going back to an earlier search puts its filters back in the fields', async () => {
    const { router } = setup('/buscar-destino?city=hua');
    await waitFor(() => expect(shownNames()).toEqual(['Laguna Churup']), wait);
    await act(() => router.navigate('/buscar-destino?name=lomas'));
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay']));
    expect(screen.getByLabelText(TEXT.search.name)).toHaveValue('lomas');
    expect(screen.getByLabelText(TEXT.search.city)).toHaveValue('');
  });

  it('when nothing matches I see the picture and the message', async () => {
    setup('/buscar-destino?name=zzz');
    expect(await screen.findByText(TEXT.card.noResults, {}, wait)).toBeInTheDocument();
    expect(shownNames()).toEqual([]);
  });

  it("with an empty catalogue and nothing searched it says there are no destinations yet, not 'No hemos encontrado'", async () => {
    signIn('user');
    stubFetch({
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.placeIndex()}`]: [200, indexOf([])],
    });
    renderRoutes(routes, '/buscar-destino');
    expect(await screen.findByText(TEXT.search.emptyCatalogue, {}, wait)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.card.noResults)).not.toBeInTheDocument();
  });

  it("a failed load says so and shows the error toast instead of an empty list", async () => {
    signIn('user');
    stubFetch({
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.placeIndex()}`]: [500, { error: { code: 'INTERNAL_ERROR', message: MSG.internal } }],
    });
    renderRoutes(routes, '/buscar-destino');
    expect(await screen.findByRole('button', { name: TEXT.actions.retry }, wait)).toBeInTheDocument();
    expect(screen.getAllByText(MSG.internal).length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText(TEXT.card.noResults)).not.toBeInTheDocument();
  });

  it('says how many destinations match as the filters change', async () => {
    setup();
    await waitFor(() => expect(screen.getByText('3 destinos')).toBeInTheDocument(), wait);
    await userEvent.type(screen.getByLabelText(TEXT.search.city), 'hua');
    await waitFor(() => expect(screen.getByText('1 destino')).toBeInTheDocument());
  });

  it('with a catalogue too large for the index (413 USE_SEARCH) it searches on the server, page by page', async () => {
    signIn('user');
    const [churup, lachay] = entriesOf(PLACES);
    const s = stubFetch({
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.placeIndex()}`]: [413, { error: { code: 'USE_SEARCH', message: MSG.useSearch } }],
      // The server counts up to SEARCH_COUNT_CAP: 'more than' beyond it, exact below.
      [`GET ${API.placeSearch({})}`]: [200, { items: [churup, lachay], next: null, total: SEARCH_COUNT_CAP, totalCapped: true }],
      [`GET ${API.placeSearch({ name: 'lomas' })}`]: [200, { items: [lachay], next: null, total: 1, totalCapped: false }],
    });
    renderRoutes(routes, '/buscar-destino');
    await waitFor(() => expect(shownNames()).toEqual(['Laguna Churup', 'Lomas de Lachay']), wait);
    expect(screen.getByText('Más de 1,000 destinos')).toBeInTheDocument();
    // The 413 is how the app learns to switch: no error toast for it.
    expect(screen.queryByText(MSG.useSearch)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(TEXT.search.name), 'lomas');
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay']), wait);
    expect(screen.getByText('1 destino')).toBeInTheDocument();
    expect(s.calls.filter((c) => c.path.startsWith('/api/place/search')).length).toBeGreaterThanOrEqual(2);
  });

  it("with server search, sends 'Abierto en' (a month; 'Este mes' as Lima's month), 'Entrada libre' and 'Sin agencia' and shows the server's count", async () => {
    signIn('user');
    const [churup, lachay] = entriesOf(PLACES);
    const thisMonth = Number(limaDate().slice(5, 7));
    const s = stubFetch({
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.placeIndex()}`]: [413, { error: { code: 'USE_SEARCH', message: MSG.useSearch } }],
      // The parameters of the contract's factsSearchParams, as the server test runs the table of cases through them.
      [`GET ${API.placeSearch(factsSearchParams({ openIn: 2, free: true, noAgency: true }))}`]: [200, { items: [churup], next: null, total: 1, totalCapped: false, suggestion: null }],
      [`GET ${API.placeSearch({ open: thisMonth })}`]: [200, { items: [lachay], next: null, total: 1, totalCapped: false, suggestion: null }],
      [`GET ${API.placeSearch({})}`]: [200, { items: [churup, lachay], next: null, total: 2, totalCapped: false, suggestion: null }],
    });
    renderRoutes(routes, '/buscar-destino?open=2&free=1&no_agency=1');
    await waitFor(() => expect(shownNames()).toEqual(['Laguna Churup']), wait);
    expect(screen.getByText(formatMatchCount(1))).toBeInTheDocument();
    const searches = () => s.calls.filter((c) => c.path.startsWith('/api/place/search')).map((c) => c.path);
    expect(searches()).toEqual(['/api/place/search?open=2&free=1&no_agency=1']);
    cleanup();
    renderRoutes(routes, '/buscar-destino?open=este-mes');
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay']), wait);
    expect(searches().at(-1)).toBe(`/api/place/search?open=${thisMonth}`);
  });
});

describe('destination search on a phone', () => {
  afterEach(() => (window as unknown as { happyDOM: { setViewport: (v: object) => void } }).happyDOM.setViewport({ width: 1024, height: 768 }));

  it("folds the filters other than the name behind 'Filtros (N)', and 'Borrar filtros' clears them when nothing matches", async () => {
    (window as unknown as { happyDOM: { setViewport: (v: object) => void } }).happyDOM.setViewport({ width: 390, height: 844 });
    setup('/buscar-destino?city=Cusco&hours=3');
    await waitFor(() => expect(screen.getByText(TEXT.card.noResults)).toBeInTheDocument(), wait);
    // The name stays in sight; the other five wait behind 'Filtros', which counts the two set.
    expect(screen.getByLabelText(TEXT.search.name)).toBeVisible();
    const toggle = screen.getByRole('button', { name: TEXT.search.filtersToggle(2) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText(TEXT.search.city)).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText(TEXT.search.city)).toBeVisible();
    expect(screen.getByLabelText(TEXT.search.city)).toHaveValue('Cusco');

    await userEvent.click(screen.getByRole('button', { name: TEXT.search.clearFilters }));
    // (A phone's carousel renders only the cards near the one in view: the count says all three match.)
    expect(await screen.findByText(formatMatchCount(3), {}, wait)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.search.filtersToggle(0) })).toBeInTheDocument();
    expect(screen.getByLabelText(TEXT.search.city)).toHaveValue('');
  });
});

describe('destination search without signal', () => {
  afterEach(() => vi.restoreAllMocks());

  it("offline before the destinations arrive: 'Sin conexión' at once and a way to 'Guardados'; back online the list loads by itself", async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    setup();
    // The screen's code may take a while on a busy machine; once the screen is there, so is the
    // sentence: in the same render, not after a request fails or a placeholder has waited.
    await screen.findByLabelText(TEXT.search.name, {}, wait);
    const title = screen.getByText(APP_TEXT.offlineTitle);
    const status = title.closest('[role="status"]') as HTMLElement;
    expect(status).toHaveTextContent(TEXT.search.offline);
    expect(within(status).getByRole('link', { name: TEXT.menu.saved })).toHaveAttribute('href', '/guardados');
    // No placeholder cards waiting for a network that is not there.
    expect(screen.queryByRole('region', { name: TEXT.search.results })).not.toBeInTheDocument();

    onLine.mockReturnValue(true);
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(shownNames()).toEqual(['Laguna Churup', 'Lomas de Lachay', 'Cañón de Autisha']), wait);
    expect(screen.queryByText(TEXT.search.offline)).not.toBeInTheDocument();
  });
});
