import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_FACTS, TEXT, type Role } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { stubFetch } from '@/test/fetch-stub';
import { ADMIN_ID, makeAdmin, makePlace, makeUser, PUBLIC_CONFIG, signIn, USER_ID } from '@/test/fixtures';
import { fillPlaceForm, uploadPlacePhoto } from '@/test/place-form';
import { stubXhr } from '@/test/xhr-stub';
import CreatePlaceScreen from './create-place';

const SUCCESS = TEXT.places.created;

function setup(role: Role) {
  const id = role === 'admin' ? ADMIN_ID : USER_ID;
  signIn(role, id);
  let created: unknown = null;
  let createdId = '';
  const net = stubFetch({
    [`GET /api/user/${id}`]: [200, makeUser({ _id: id, role })],
    [`GET /api/admin/${id}`]: [200, makeAdmin({ _id: id })],
    'GET /api/config': [200, PUBLIC_CONFIG],
    'POST /api/place/create': (body) => {
      created = body;
      const place = makePlace({ ...(body as object), verified: false });
      createdId = place._id;
      return [201, place];
    },
  });
  const sent = stubXhr();
  renderWithProviders(<CreatePlaceScreen />, { route: '/crear-destino', path: '/crear-destino' });
  return { net, sent, created: () => created, createdId: () => createdId, user: userEvent.setup() };
}

async function fillAndSend({ user, sent }: ReturnType<typeof setup>) {
  await uploadPlacePhoto(user, sent, 'cerro');
  await fillPlaceForm(user, {
    name: 'Cerro Azul',
    difficulty: 'Fácil',
    capacity: '30',
    time_min: '1',
    time_max: '2',
    time_city: '2',
    city: 'Lima',
    description: 'Un cerro.',
    how_to_get: 'Auto.',
    tips: 'Agua.',
  });
  const finalizar = screen.getByRole('button', { name: TEXT.placeForm.finish });
  await waitFor(() => expect(finalizar).toBeEnabled());
  await user.click(finalizar);
}

// About 60 typed characters per journey: 18 s at load 18.
describe('create a destination', { timeout: 60_000 }, () => {
  it('as a user I create a destination, see the success view and can register another one', async () => {
    const s = setup('user');
    await fillAndSend(s);
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(s.created()).toEqual({
      name: 'Cerro Azul',
      city: 'Lima',
      difficulty: 'Fácil',
      capacity: 30,
      time: [1, 2],
      time_city: 2,
      photos: ['/uploads/cerro.webp'],
      description: 'Un cerro.',
      how_to_get: 'Auto.',
      tips: 'Agua.',
      lat: null,
      lon: null,
      // docs/product.md#access-facts: left empty, unknown.
      ...NO_FACTS,
    });
    expect(screen.getByRole('link', { name: TEXT.placeForm.searchPlaces })).toHaveAttribute('href', '/buscar-destino');
    // The new place opens from the success view, in review for its creator.
    expect(screen.getByRole('link', { name: TEXT.places.openCreated })).toHaveAttribute('href', `/buscar-destino/destino/${s.createdId()}`);

    await s.user.click(screen.getByRole('button', { name: TEXT.placeForm.createAnother }));
    expect(screen.getByLabelText('Nombre')).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Foto 1 del destino' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.placeForm.finish })).toBeDisabled();
  });

  it("as an admin I see no 'Buscar destinos' button after creating", async () => {
    const s = setup('admin');
    await fillAndSend(s);
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: TEXT.placeForm.searchPlaces })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.places.openCreated })).toHaveAttribute('href', `/admin/destinos/${s.createdId()}`);
    expect(screen.getByRole('button', { name: TEXT.placeForm.createAnother })).toBeInTheDocument();
  });
});
