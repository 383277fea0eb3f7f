import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, type AdminAction, type Place, type RatingListItem, TEXT } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { ADMIN_ID, makeAdmin, makePlace, signIn, USER_ID } from '@/test/fixtures';
import AdminPlaceScreen from './admin-place';

const VISIBLE = 'Este lugar es visible a los usuarios.';
const NOT_VISIBLE = 'Este lugar no es visible a los usuarios.';
const BLOCK = 'Bloquear visitas a este lugar';
const SHOW = 'El destino es correcto, mostrar a los usuarios';

function review(n: number, id_user: string): RatingListItem {
  return {
    _id: `55555555-5555-4555-8555-00000000000${n}`,
    id_user,
    id_place: 'x',
    photo_url: `/uploads/r${n}.webp`,
    image: `/uploads/r${n}.webp`,
    rating: 4,
    comment: `Comentario ${n}`,
    name: `Autor ${n}`,
    name_user: `Autor ${n}`,
    photo_user: '',
    created_at: '2025-01-02T00:00:00.000Z',
    walked_on: null,
    condition: null,
    hazards: [],
  };
}

interface Setup {
  place?: Partial<Place> | Place;
  actions?: () => AdminAction[];
  handlers?: Record<string, FetchHandler | [number, unknown]>;
}

function setup({ place: overrides = {}, actions = () => [], handlers = {} }: Setup = {}) {
  signIn('admin');
  const place = makePlace({ name: 'Laguna Churup', ...overrides });
  const net = stubFetch({
    [`GET /api/admin/${ADMIN_ID}`]: [200, makeAdmin()],
    [`GET /api/place/${place._id}`]: [200, place],
    [`GET /api/rating/${place._id}`]: [200, [review(1, USER_ID), review(2, '77777777-7777-4777-8777-777777777777')]],
    [`GET /api/admin/actions?target=${place._id}`]: () => [200, actions()],
    [`GET /api/outing/place/${place._id}`]: [200, []],
    ...handlers,
  });
  const view = renderWithProviders(<AdminPlaceScreen />, {
    route: `/admin/destinos/${place._id}`,
    path: '/admin/destinos/:id',
    extraRoutes: [{ path: '/admin/destinos', element: <p>Lista de destinos</p> }],
  });
  const count = (key: string) => net.calls.filter((c) => `${c.method} ${c.path}` === key).length;
  return { ...view, place, net, count, ui: userEvent.setup() };
}

const section = () => screen.getByRole('region', { name: TEXT.admin.placeActions });

describe('admin destination detail', () => {
  it.each([
    [false, NOT_VISIBLE, SHOW],
    [true, VISIBLE, BLOCK],
  ])('as an admin, a place with verified %s says "%s" and offers "%s"', async (verified, sentence, toggle) => {
    setup({ place: { verified } });
    await screen.findByRole('heading', { level: 1, name: 'Laguna Churup' });
    expect(within(section()).getByText(sentence)).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: toggle })).toBeEnabled();
    expect(within(section()).queryByRole('button', { name: verified ? SHOW : BLOCK })).not.toBeInTheDocument();
    expect(within(section()).getByRole('link', { name: TEXT.actions.back })).toHaveAttribute('href', '/admin/destinos');
  });

  it('as an admin I may configure the place and delete every review, and I get no review form', async () => {
    setup({ place: { verified: false } });
    await screen.findByRole('heading', { level: 1, name: 'Laguna Churup' });
    // The controls of the role the server confirms come in a deferred render (routes/place-detail.tsx).
    expect(await screen.findByRole('button', { name: TEXT.detail.configure })).toBeInTheDocument();
    await screen.findByRole('article', { name: TEXT.reviews.reviewOf('Autor 1') });
    expect(screen.getByRole('button', { name: TEXT.reviews.deleteOf('Autor 1') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.reviews.deleteOf('Autor 2') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.reviews.write })).not.toBeInTheDocument();
    // The creator's "in review" notice is for the creator, not for admins.
    expect(screen.queryByText(MSG.placeInReview)).not.toBeInTheDocument();
  });

  it('as an admin, the toggle answer replaces the place: sentence and label flip both ways, and the log is refetched', async () => {
    const place = makePlace({ name: 'Laguna Churup', verified: false });
    const PUT = `PUT /api/place/verified/${place._id}`;
    let current = place;
    let log: AdminAction[] = [];
    const { ui, count } = setup({
      place,
      actions: () => log,
      handlers: {
        [PUT]: () => {
          current = { ...current, verified: !current.verified };
          log = [{ _id: `a${log.length}`, admin: { _id: ADMIN_ID, name: 'Carlos Ramos' }, action: current.verified ? 'verify' : 'unverify', target_type: 'place', target_id: place._id, created_at: '2025-03-05T15:30:00.000Z' }, ...log];
          return [200, current];
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Laguna Churup' });
    expect(await within(section()).findByText('Aún no hay registros en el historial.')).toBeInTheDocument();

    await ui.click(within(section()).getByRole('button', { name: SHOW }));
    expect(await within(section()).findByText(VISIBLE)).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: BLOCK })).toBeEnabled();
    expect(await within(section()).findByText(/verificó el destino/)).toBeInTheDocument();

    await ui.click(within(section()).getByRole('button', { name: BLOCK }));
    expect(await within(section()).findByText(NOT_VISIBLE)).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: SHOW })).toBeEnabled();
    expect(await within(section()).findByText(/bloqueó las visitas al destino/)).toBeInTheDocument();

    expect(count(PUT)).toBe(2);
    // The answers replaced the place: it was never fetched again.
    expect(count(`GET /api/place/${place._id}`)).toBe(1);
  });

  it('as an admin, a double click on the toggle sends one request and shows no error', async () => {
    const place = makePlace({ name: 'Laguna Churup', verified: false });
    const PUT = `PUT /api/place/verified/${place._id}`;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { count } = setup({
      place,
      handlers: {
        [PUT]: async () => {
          await gate;
          return [200, { ...place, verified: true }];
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Laguna Churup' });
    const toggle = within(section()).getByRole('button', { name: SHOW });
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeDisabled());
    release();
    expect(await within(section()).findByText(VISIBLE)).toBeInTheDocument();
    expect(count(PUT)).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('as an admin, a failed toggle shows the error toast and keeps the place as it was', async () => {
    const place = makePlace({ name: 'Laguna Churup', verified: true });
    const { ui } = setup({
      place,
      handlers: { [`PUT /api/place/verified/${place._id}`]: [500, { error: { code: 'INTERNAL_ERROR', message: 'boom' } }] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Laguna Churup' });
    await ui.click(within(section()).getByRole('button', { name: BLOCK }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.internal);
    expect(within(section()).getByText(VISIBLE)).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: BLOCK })).toBeEnabled();
  });

  it('as an admin, a place that no longer exists sends me back to the list', async () => {
    const place = makePlace();
    setup({ place, handlers: { [`GET /api/place/${place._id}`]: [404, { error: { code: 'NOT_FOUND', message: MSG.placeNotFound } }] } });
    expect(await screen.findByText('Lista de destinos')).toBeInTheDocument();
  });
});
