import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, MSG, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { forgetOriginForTests } from '@/features/places/hooks/use-origin';
import { stubFetch } from '@/test/fetch-stub';
import { indexOf, makePlace, makeUser, PUBLIC_CONFIG, signIn, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

/** docs/product.md#planning on the search page: hours, duration, orders, 'Más cerca de mí', 'Lista' / 'Mapa', all in the URL. */

// As long as the wait of src/test/setup.ts, sized for a busy two-core machine.
const wait = { timeout: 10_000 };
const LIMA = { lat: -12.0464, lon: -77.0428 };

// Newest first as the index sends them.
const PLACES = [
  makePlace({ name: 'Laguna Churup', city: 'Huaraz', time: [4, 7], time_city: 8, rating: 4, comments: 3, lat: -9.48, lon: -77.44, created_at: '2025-05-01T00:00:00.000Z' }),
  makePlace({ name: 'Lomas de Lachay', city: 'Lima', time: [1, 3], time_city: 2.5, rating: 4.8, comments: 10, lat: -11.35, lon: -77.37, created_at: '2025-04-01T00:00:00.000Z' }),
  makePlace({ name: 'Cañón de Autisha', city: 'Lima', time: [6, 8], time_city: 3, rating: 4.8, comments: 2, lat: null, lon: null, created_at: '2025-03-01T00:00:00.000Z' }),
  makePlace({ name: 'Marcahuasi', city: 'Lima', time: [2, 5], time_city: 4, rating: 3, comments: 1, lat: -11.77, lon: -76.59, created_at: '2025-02-01T00:00:00.000Z' }),
];

function setup(route = '/buscar-destino') {
  signIn('user');
  stubFetch({
    [`GET ${API.user(USER_ID)}`]: [200, makeUser({ firstname: 'Ana María' })],
    [`GET ${API.placeIndex()}`]: [200, indexOf(PLACES)],
    'GET /api/config': [200, PUBLIC_CONFIG],
  });
  return renderRoutes(routes, route);
}

function shownNames(): string[] {
  const carousel = screen.queryByRole('region', { name: TEXT.search.results });
  if (!carousel) return [];
  return within(carousel)
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent ?? '');
}

type Geo = Pick<Geolocation, 'getCurrentPosition'>;
let asked = 0;
function browserLocation(answer: 'granted' | 'denied') {
  asked = 0;
  const geolocation: Geo = {
    getCurrentPosition(ok, fail) {
      asked += 1;
      setTimeout(() => {
        if (answer === 'granted') ok({ coords: { latitude: LIMA.lat, longitude: LIMA.lon } } as GeolocationPosition);
        else fail?.({ code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
      }, 10);
    },
  };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
}

beforeEach(() => forgetOriginForTests());
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('planning on the search page', () => {
  it("filters by 'Horas de viaje' and 'Duración de la caminata', each with its reset, all in the URL", async () => {
    const { router } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(4), wait);
    await userEvent.selectOptions(screen.getByLabelText('Horas de viaje'), 'Hasta 3 horas');
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay', 'Cañón de Autisha']));
    await userEvent.selectOptions(screen.getByLabelText('Duración de la caminata'), 'Más de 6 horas');
    await waitFor(() => expect(shownNames()).toEqual(['Cañón de Autisha']));
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ hours: '3', duration: 'long' }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.search.hoursReset }));
    await waitFor(() => expect(shownNames()).toEqual(['Laguna Churup', 'Cañón de Autisha']));
    await userEvent.selectOptions(screen.getByLabelText('Duración de la caminata'), '3 a 6 horas');
    // [1, 3] touches 3, [6, 8] touches 6: the bands are closed.
    await waitFor(() => expect(shownNames()).toEqual(['Laguna Churup', 'Lomas de Lachay', 'Cañón de Autisha', 'Marcahuasi']));
    await userEvent.click(screen.getByRole('button', { name: TEXT.search.durationReset }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Horas de viaje')).toHaveValue('');
  });

  it("docs/product.md#access-facts: 'Abierto en', 'Entrada libre' and 'Sin agencia', in the URL and in 'Filtros (N)', each undone", async () => {
    const facts = [
      makePlace({ name: 'Cerrada en febrero', closed_months: [2], fee_pen: 0, access: 'libre', created_at: '2025-06-03T00:00:00.000Z' }),
      makePlace({ name: 'Libre todo el año', fee_pen: 0, access: 'boleto', created_at: '2025-06-02T00:00:00.000Z' }),
      makePlace({ name: 'Solo con agencia', fee_pen: 30, access: 'solo_agencia', created_at: '2025-06-01T00:00:00.000Z' }),
    ];
    signIn('user');
    stubFetch({
      [`GET ${API.user(USER_ID)}`]: [200, makeUser({ firstname: 'Ana María' })],
      [`GET ${API.placeIndex()}`]: [200, indexOf(facts)],
      'GET /api/config': [200, PUBLIC_CONFIG],
    });
    const { router } = renderRoutes(routes, '/buscar-destino');
    await waitFor(() => expect(shownNames()).toHaveLength(3), wait);
    await userEvent.selectOptions(screen.getByLabelText('Abierto en'), 'febrero');
    await waitFor(() => expect(shownNames()).toEqual(['Libre todo el año', 'Solo con agencia']));
    await userEvent.click(screen.getByRole('switch', { name: 'Entrada libre' }));
    await waitFor(() => expect(shownNames()).toEqual(['Libre todo el año']));
    await userEvent.click(screen.getByRole('switch', { name: 'Entrada libre' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Sin agencia' }));
    await waitFor(() => expect(shownNames()).toEqual(['Libre todo el año']));
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ open: '2', no_agency: '1' }));
    await waitFor(() => expect(screen.getByText(TEXT.search.filtersToggle(2))).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: TEXT.search.openInReset }));
    await userEvent.click(screen.getByRole('switch', { name: 'Sin agencia' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(shownNames()).toHaveLength(3));
  });

  it("orders by 'Menos horas de viaje' and 'Mejor calificados' (rating, then reviews), and 'Restablecer orden' goes back", async () => {
    const { router } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(4), wait);
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'Menos horas de viaje');
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay', 'Cañón de Autisha', 'Marcahuasi', 'Laguna Churup']));
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'Mejor calificados');
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay', 'Cañón de Autisha', 'Laguna Churup', 'Marcahuasi']));
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ sort: 'rating' }));
    await userEvent.type(screen.getByLabelText(TEXT.search.name), 'DE');
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay', 'Cañón de Autisha']));
    await userEvent.click(screen.getByRole('button', { name: TEXT.search.sortReset }));
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ name: 'DE' }));
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('newest');
  });

  it("'Más cerca de mí' asks my location once, puts the nearest first (no trailhead last) and says 'a N km' on the cards", async () => {
    browserLocation('granted');
    const { router } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(4), wait);
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'Más cerca de mí');
    await waitFor(() => expect(shownNames()).toEqual(['Marcahuasi', 'Lomas de Lachay', 'Laguna Churup', 'Cañón de Autisha']));
    const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('article') as HTMLElement;
    expect(within(card('Marcahuasi')).getByText('a 58 km')).toBeInTheDocument();
    expect(within(card('Lomas de Lachay')).getByText('a 85 km')).toBeInTheDocument();
    expect(within(card('Laguna Churup')).getByText('a 289 km')).toBeInTheDocument();
    expect(within(card('Cañón de Autisha')).queryByText(/ km$/)).not.toBeInTheDocument();
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ sort: 'near' }));
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'Más recientes');
    await waitFor(() => expect(shownNames()[0]).toBe('Laguna Churup'));
    expect(screen.queryByText('a 85 km')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'Más cerca de mí');
    await waitFor(() => expect(shownNames()[0]).toBe('Marcahuasi'));
    expect(asked).toBe(1);
  });

  it("a refused location shows the toast and goes back to 'Más recientes'", async () => {
    browserLocation('denied');
    const { router } = setup('/buscar-destino?sort=near');
    expect(await screen.findByText(MSG.locationFailed, {}, wait)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('newest');
    await waitFor(() => expect(shownNames()).toEqual(['Laguna Churup', 'Lomas de Lachay', 'Cañón de Autisha', 'Marcahuasi']));
  });

  it('a shared address restores every filter, order and view; junk values are dropped and the defaults show', async () => {
    const { router } = setup('/buscar-destino?hours=3&duration=short&sort=travel&view=map&city=LIMA');
    await waitFor(() => expect(shownNames()).toEqual(['Lomas de Lachay']), wait);
    expect(screen.getByLabelText('Horas de viaje')).toHaveValue('3');
    expect(screen.getByLabelText('Duración de la caminata')).toHaveValue('short');
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('travel');
    expect(screen.getByRole('button', { name: 'Mapa' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?hours=3&duration=short&sort=travel&view=map&city=LIMA');

    await router.navigate('/buscar-destino?hours=-2&duration=eterna&sort=azar&view=globo&utm=x');
    await waitFor(() => expect(router.state.location.search).toBe('?utm=x'));
    await waitFor(() => expect(shownNames()).toHaveLength(4));
    expect(screen.getByLabelText('Horas de viaje')).toHaveValue('');
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('newest');
    expect(screen.getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("'Mapa' shows one named marker per filtered place with a trailhead, says how many have none, and keeps the list", async () => {
    const { router } = setup();
    await waitFor(() => expect(shownNames()).toHaveLength(4), wait);
    await userEvent.click(screen.getByRole('button', { name: 'Mapa' }));
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ view: 'map' }));
    const map = await screen.findByRole('region', { name: TEXT.search.map }, wait);
    await waitFor(() => expect(within(map).getAllByRole('button', { name: /^(Laguna Churup|Lomas de Lachay|Marcahuasi)$/ })).toHaveLength(3));
    expect(screen.getByText(TEXT.search.notOnMap(1))).toBeInTheDocument();
    expect(shownNames()).toHaveLength(4);
    await userEvent.selectOptions(screen.getByLabelText('Horas de viaje'), 'Hasta 4 horas');
    await waitFor(() => expect(within(map).getAllByRole('button', { name: /^(Laguna Churup|Lomas de Lachay|Marcahuasi)$/ })).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Lista' }));
    expect(screen.queryByRole('region', { name: TEXT.search.map })).not.toBeInTheDocument();
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ hours: '4' }));
  });
});
