import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API, MSG, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { stubFetch } from '@/test/fetch-stub';
import { entriesOf, indexOf, makePlace, makeUser, signIn, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

// As long as the wait of src/test/setup.ts, sized for a busy two-core machine.
const wait = { timeout: 10_000 };

const PLACES = [
  makePlace({ name: 'Laguna Churup', city: 'Huaraz', difficulty: 'Exigente' }),
  makePlace({ name: 'Nevado Salkantay', city: 'Cusco', difficulty: 'Exigente' }),
  makePlace({ name: 'Nevado Pumasillo', city: 'Cusco', difficulty: 'Difícil', verified: false }),
];

function shownNames(): string[] {
  const carousel = screen.queryByRole('region', { name: TEXT.search.results });
  if (!carousel) return [];
  return within(carousel)
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent ?? '');
}

describe('did you mean on the search screen (docs/product.md#did-you-mean)', () => {
  it('under an empty result of the index, a link runs the corrected search and puts it in the address, keeping the other filters', async () => {
    signIn('user');
    stubFetch({ [`GET ${API.user(USER_ID)}`]: [200, makeUser()], [`GET ${API.placeIndex()}`]: [200, indexOf(PLACES)] });
    const { router } = renderRoutes(routes, '/buscar-destino?name=salcantay&city=cus');
    expect(await screen.findByText(TEXT.card.noResults, {}, wait)).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: TEXT.search.didYouMean('Salkantay') }, wait);
    expect(link).toHaveAttribute('href', '/buscar-destino?name=Salkantay&city=cus');
    await userEvent.click(link);
    await waitFor(() => expect(shownNames()).toEqual(['Nevado Salkantay']), wait);
    expect(router.state.location.search).toBe('?name=Salkantay&city=cus');
    expect(screen.getByLabelText(TEXT.search.name)).toHaveValue('Salkantay');
    expect(screen.queryByRole('link', { name: /Quisiste/ })).not.toBeInTheDocument();
  });

  it('offers nothing when the corrected search would find nothing, or the word is not close to any name shown', async () => {
    signIn('user');
    stubFetch({ [`GET ${API.user(USER_ID)}`]: [200, makeUser()], [`GET ${API.placeIndex()}`]: [200, indexOf(PLACES)] });
    renderRoutes(routes, '/buscar-destino?name=salcantay&city=lima');
    expect(await screen.findByText(TEXT.card.noResults, {}, wait)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Quisiste/ })).not.toBeInTheDocument();
    // 'Nevado Pumasillo' is not verified: not in the index, not a suggestion.
    await userEvent.clear(screen.getByLabelText(TEXT.search.city));
    await userEvent.clear(screen.getByLabelText(TEXT.search.name));
    await userEvent.type(screen.getByLabelText(TEXT.search.name), 'pumasilo');
    await waitFor(() => expect(screen.getByText(TEXT.card.noResults)).toBeInTheDocument(), wait);
    expect(screen.queryByRole('link', { name: /Quisiste/ })).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(TEXT.search.name));
    await userEvent.type(screen.getByLabelText(TEXT.search.name), 'churupp');
    expect(await screen.findByRole('link', { name: TEXT.search.didYouMean('Churup') }, wait)).toBeInTheDocument();
  });

  it('with the server search (413 USE_SEARCH), shows the server’s suggestion and follows it', async () => {
    signIn('user');
    const [, salkantay] = entriesOf(PLACES);
    const s = stubFetch({
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.placeIndex()}`]: [413, { error: { code: 'USE_SEARCH', message: MSG.useSearch } }],
      [`GET ${API.placeSearch({ name: 'salcantay' })}`]: [200, { items: [], next: null, total: 0, totalCapped: false, suggestion: 'Salkantay' }],
      [`GET ${API.placeSearch({ name: 'Salkantay' })}`]: [200, { items: [salkantay], next: null, total: 1, totalCapped: false, suggestion: null }],
    });
    const { router } = renderRoutes(routes, '/buscar-destino?name=salcantay');
    const link = await screen.findByRole('link', { name: TEXT.search.didYouMean('Salkantay') }, wait);
    await userEvent.click(link);
    await waitFor(() => expect(shownNames()).toEqual(['Nevado Salkantay']), wait);
    expect(router.state.location.search).toBe('?name=Salkantay');
    expect(s.calls.some((c) => c.path === API.placeSearch({ name: 'Salkantay' }))).toBe(true);
  });
});
