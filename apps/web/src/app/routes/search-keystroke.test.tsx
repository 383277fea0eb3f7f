import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, formatMatchCount, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { stubFetch } from '@/test/fetch-stub';
import { indexOf, makePlace, makeUser, signIn, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

/**
 * What one keystroke costs on the search screen with a large catalogue (docs/product.md#catalogue),
 * measured in work rather than time: the keystroke's own render must not wait for the results, and
 * new results must reuse the mounted cards instead of unmounting and mounting them.
 */

const wait = { timeout: 10_000 };
const KINDS = ['Laguna', 'Cerro', 'Cañón', 'Mirador'];
const CITIES = ['Huaraz', 'Lima', 'Cusco', 'Huancayo', 'Arequipa'];
const SIZE = 2000;
const PLACES = Array.from({ length: SIZE }, (_, i) =>
  makePlace({ name: `${KINDS[i % KINDS.length]} Churup ${i}`, city: CITIES[i % CITIES.length], difficulty: i % 2 ? 'Media' : 'Exigente' }),
);

function setup() {
  signIn('user');
  stubFetch({
    [`GET ${API.user(USER_ID)}`]: [200, makeUser({ firstname: 'Ana' })],
    [`GET ${API.placeIndex()}`]: [200, indexOf(PLACES)],
    [`GET ${API.saved}`]: [200, []],
  });
  return renderRoutes(routes, '/buscar-destino');
}

const results = () => screen.getByRole('region', { name: TEXT.search.results });
const shownNames = () =>
  within(results())
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent ?? '');

/** Cards (article elements) added to and removed from the results while `act` runs and the results settle. */
async function cardChurn(act: () => void, settled: () => void): Promise<{ added: number; removed: number }> {
  let added = 0;
  let removed = 0;
  const countCards = (nodes: NodeList) => {
    let n = 0;
    nodes.forEach((node) => {
      if (node instanceof Element) n += (node.matches('article') ? 1 : 0) + node.querySelectorAll('article').length;
    });
    return n;
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      added += countCards(r.addedNodes);
      removed += countCards(r.removedNodes);
    }
  });
  observer.observe(results(), { childList: true, subtree: true });
  act();
  await waitFor(settled, wait);
  for (const r of observer.takeRecords()) {
    added += countCards(r.addedNodes);
    removed += countCards(r.removedNodes);
  }
  observer.disconnect();
  return { added, removed };
}

describe('one keystroke on the search screen with 2,000 destinations', () => {
  it('shows the letter in the field first; the results follow after that frame, with the same cards updated in place', async () => {
    setup();
    await waitFor(() => expect(shownNames()[0]).toBe('Laguna Churup 0'), wait);
    const mounted = within(results()).getAllByRole('article').length;
    // A window of cards, not 2,000.
    expect(mounted).toBeGreaterThan(0);
    expect(mounted).toBeLessThanOrEqual(15);
    expect(screen.getByText(formatMatchCount(SIZE))).toBeInTheDocument();

    const field = screen.getByLabelText(TEXT.search.name);
    const churn = await cardChurn(
      () => {
        fireEvent.change(field, { target: { value: 'cer' } });
        // The keystroke's own render (and everything React runs with it) is over: the field shows
        // the text, the results are still the previous ones.
        expect(field).toHaveValue('cer');
        expect(shownNames()[0]).toBe('Laguna Churup 0');
      },
      () => expect(shownNames()[0]).toBe('Cerro Churup 1'),
    );
    expect(shownNames().every((n) => n.startsWith('Cerro '))).toBe(true);
    expect(screen.getByText(formatMatchCount(SIZE / 4))).toBeInTheDocument();
    // Other results, same cards: none mounted or unmounted.
    expect(churn).toEqual({ added: 0, removed: 0 });

    const city = screen.getByLabelText(TEXT.search.city);
    const churnCity = await cardChurn(
      () => {
        fireEvent.change(city, { target: { value: 'hua' } });
        expect(city).toHaveValue('hua');
        expect(shownNames()[0]).toBe('Cerro Churup 1');
      },
      // Cerro (i % 4 == 1) in Huaraz (i % 5 == 0) or Huancayo (i % 5 == 3): i = 5, 13, 25, ...
      () => expect(shownNames()[0]).toBe('Cerro Churup 5'),
    );
    expect(churnCity).toEqual({ added: 0, removed: 0 });

    // Deleting back to empty: the first results again, still in the same cards.
    const churnBack = await cardChurn(
      () => {
        fireEvent.change(city, { target: { value: '' } });
        fireEvent.change(field, { target: { value: '' } });
      },
      () => expect(shownNames()[0]).toBe('Laguna Churup 0'),
    );
    expect(churnBack).toEqual({ added: 0, removed: 0 });
    expect(within(results()).getAllByRole('article')).toHaveLength(mounted);
  });
});
