import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, type Place, TEXT } from '@sendero/contract';
import PlaceDetailScreen from '@/app/routes/place-detail';
import { renderWithProviders } from '@/test/render';
import { stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { makePlace, makeUser, PUBLIC_CONFIG, signIn, USER_ID } from '@/test/fixtures';

/** A server answer the test releases when it has looked at the screen in between. */
function held(answer: [number, unknown] | 'network') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler: FetchHandler = async () => {
    await released;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer;
  };
  return { handler, release };
}

function setup(saved: Place[], handlers: Record<string, FetchHandler | [number, unknown]>, place: Place) {
  signIn('user', USER_ID);
  stubFetch({
    [`GET /api/user/${USER_ID}`]: [200, makeUser({ _id: USER_ID })],
    [`GET /api/place/${place._id}`]: [200, place],
    [`GET /api/rating/${place._id}`]: [200, []],
    [`GET /api/outing/place/${place._id}`]: [200, []],
    'GET /api/config': [200, PUBLIC_CONFIG],
    'GET /api/saved': [200, saved],
    ...handlers,
  });
  renderWithProviders(<PlaceDetailScreen />, { route: `/buscar-destino/destino/${place._id}`, path: '/buscar-destino/destino/:id' });
  return userEvent.setup();
}

// docs/product.md#saved: 'Guardar' shows at once and is undone, with the error toast, when the server refuses.
describe("'Guardar destino' on the destination detail", { timeout: 30_000 }, () => {
  it('is pressed at once, and released again with the limit message when the server refuses the save', async () => {
    const place = makePlace({ name: 'Laguna Churup' });
    const put = held([409, { error: { code: 'CONFLICT', message: MSG.savedLimit } }]);
    const user = setup([], { [`PUT /api/saved/${place._id}`]: put.handler }, place);
    const button = await screen.findByRole('button', { name: TEXT.saved.save });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    // A word beside the bookmark icon, not the icon alone.
    expect(button).toHaveTextContent(TEXT.saved.saveWord);
    await user.click(button);
    // Optimistic: pressed before the server has answered.
    expect(screen.getByRole('button', { name: TEXT.saved.save })).toHaveAttribute('aria-pressed', 'true');
    put.release();
    expect(await screen.findByText(MSG.savedLimit)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: TEXT.saved.save })).toHaveAttribute('aria-pressed', 'false'));
  });

  it('is released at once, and pressed again with the network message when removing it fails', async () => {
    const place = makePlace({ name: 'Cascada de Antankallo' });
    const del = held('network');
    const user = setup([place], { [`DELETE /api/saved/${place._id}`]: del.handler }, place);
    const button = await screen.findByRole('button', { name: TEXT.saved.save });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    await user.click(button);
    expect(screen.getByRole('button', { name: TEXT.saved.save })).toHaveAttribute('aria-pressed', 'false');
    del.release();
    expect(await screen.findByText(MSG.network)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: TEXT.saved.save })).toHaveAttribute('aria-pressed', 'true'));
  });
});
