import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { limaDate, MSG, type Place, type RatingListItem, type Role, TEXT } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { ADMIN_ID, makeAdmin, makePlace, makeUser, PUBLIC_CONFIG, signIn, USER_ID } from '@/test/fixtures';
import { imageFile, stubXhr, uploaded } from '@/test/xhr-stub';
import { topDialog } from '@/lib/navigation-guard';
import PlaceDetailScreen from './place-detail';

const OTHER_ID = '44444444-4444-4444-8444-444444444444';

function review(overrides: Partial<RatingListItem> = {}): RatingListItem {
  return {
    _id: '55555555-5555-4555-8555-000000000001',
    id_user: OTHER_ID,
    id_place: 'x',
    photo_url: '/uploads/r1.webp',
    image: '/uploads/r1.webp',
    rating: 4,
    comment: 'Hermosa caminata.',
    name: 'Luis Quispe',
    name_user: 'Luis Quispe',
    photo_user: '/uploads/luis.webp',
    created_at: '2025-01-02T00:00:00.000Z',
    walked_on: null,
    condition: null,
    hazards: [],
    ...overrides,
  };
}

interface Setup {
  role?: Role;
  /** Who is signed in (defaults to USER_ID, or ADMIN_ID for admins). */
  me?: string;
  place?: Partial<Place>;
  reviews?: RatingListItem[];
  handlers?: Record<string, FetchHandler | [number, unknown]>;
}

function setup({ role = 'user', me, place: overrides = {}, reviews = [], handlers = {} }: Setup = {}) {
  const id = me ?? (role === 'admin' ? ADMIN_ID : USER_ID);
  signIn(role, id);
  const place = makePlace({ name: 'Laguna Churup', ...overrides });
  const net = stubFetch({
    [`GET /api/user/${id}`]: [200, makeUser({ _id: id, role })],
    [`GET /api/admin/${id}`]: [200, makeAdmin({ _id: id })],
    [`GET /api/place/${place._id}`]: [200, place],
    [`GET /api/rating/${place._id}`]: [200, reviews.map((r) => ({ ...r, id_place: place._id }))],
    'GET /api/config': [200, PUBLIC_CONFIG],
    [`GET /api/outing/place/${place._id}`]: [200, []],
    ...handlers,
  });
  const view = renderWithProviders(<PlaceDetailScreen />, {
    route: `/buscar-destino/destino/${place._id}`,
    path: '/buscar-destino/destino/:id',
    extraRoutes: [{ path: '/buscar-destino', element: <p>Pantalla de búsqueda</p> }],
  });
  const count = (key: string) => net.calls.filter((c) => `${c.method} ${c.path}` === key).length;
  return { ...view, place, net, count, user: userEvent.setup() };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('destination detail', () => {
  it("as a user I see the trailhead on a small map with a named marker and 'Abrir en Google Maps'", async () => {
    setup({ place: { lat: -9.0457, lon: -77.6115 } });
    await heading('Laguna Churup');
    expect(screen.getByRole('heading', { level: 2, name: TEXT.detail.trailhead })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.detail.openInMaps })).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=-9.0457,-77.6115');
    expect(screen.getByRole('link', { name: TEXT.detail.openInMaps })).toHaveAttribute('target', '_blank');
    const map = await screen.findByRole('region', { name: 'Mapa del inicio de la ruta de Laguna Churup' });
    await waitFor(() => expect(within(map).getByRole('button', { name: 'Laguna Churup' })).toBeInTheDocument());
  });

  it('as a user I see no map for a place without a trailhead', async () => {
    setup({ place: { lat: null, lon: null } });
    await heading('Laguna Churup');
    expect(screen.queryByRole('link', { name: TEXT.detail.openInMaps })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: TEXT.detail.trailhead })).not.toBeInTheDocument();
  });

  it('as a user I see every fact of the destination and its reviews', async () => {
    const { place } = setup({
      place: { difficulty: 'Exigente', capacity: 15, time: [3, 5], time_city: 4, city: 'Huaraz', rating: 4.3, description: 'Laguna glaciar.', how_to_get: 'Bus a Pitec.', tips: 'Lleva abrigo.', photos: ['/uploads/a.webp', '/uploads/b.webp'] },
      reviews: [review(), review({ _id: '55555555-5555-4555-8555-000000000002', name: 'Rosa Díaz', comment: 'Muy fría.', rating: 5 })],
    });
    await heading('Laguna Churup');
    const facts = screen.getByRole('article', { name: 'Laguna Churup' });
    const fact = (term: string) => within(facts).getByText(term).nextElementSibling;
    expect(fact(TEXT.detail.difficulty)).toHaveTextContent('Exigente');
    expect(fact(TEXT.detail.capacity)).toHaveTextContent('15');
    expect(fact(TEXT.detail.walkTime)).toHaveTextContent('3-5 horas');
    expect(fact(TEXT.detail.location)).toHaveTextContent('A 4 horas de Huaraz');
    expect(fact(TEXT.card.rating)).toHaveTextContent('4.3');
    expect(fact(TEXT.card.rating)).toHaveTextContent('(2 reseñas)');
    expect(screen.getByRole('img', { name: TEXT.places.ratingOutOf('4.3', 5) })).toBeInTheDocument();
    expect(screen.getByText('Laguna glaciar.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: TEXT.detail.howToGet })).toBeInTheDocument();
    expect(screen.getByText('Bus a Pitec.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: TEXT.detail.tips })).toBeInTheDocument();
    expect(screen.getByText('Lleva abrigo.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: TEXT.detail.photoAlt('Laguna Churup', 1, 2) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.detail.seePhoto(2) })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: TEXT.reviews.title(place.name) })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: TEXT.reviews.reviewOf('Luis Quispe') });
    expect(within(card).getByText('Hermosa caminata.')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: TEXT.reviews.stars(4, 5, 'Bueno') })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Foto de Luis Quispe' })).toHaveAttribute('src', '/uploads/luis.webp');
    expect(within(card).getByRole('img', { name: TEXT.reviews.photoOf('Luis Quispe') })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: TEXT.reviews.reviewOf('Rosa Díaz') })).toHaveTextContent('Muy fría.');
  });

  it('as a user I am sent to /buscar-destino when the place is not visible to me', async () => {
    const place = makePlace();
    setup({ place, handlers: { [`GET /api/place/${place._id}`]: [404, { error: { code: 'NOT_FOUND', message: MSG.placeNotFound } }] } });
    expect(await screen.findByText('Pantalla de búsqueda')).toBeInTheDocument();
  });

  it('as a user I see the error toast and can retry when the server cannot be reached', async () => {
    const place = makePlace({ name: 'Laguna Churup' });
    let down = true;
    const s = setup({
      place,
      handlers: {
        [`GET /api/place/${place._id}`]: () => {
          if (down) throw new TypeError('Failed to fetch');
          return [200, place];
        },
      },
    });
    // Inline with a retry button, and in the toast.
    await waitFor(() => expect(screen.getAllByText(MSG.network)).toHaveLength(2));
    down = false;
    await s.user.click(screen.getByRole('button', { name: TEXT.actions.retry }));
    expect(await heading('Laguna Churup')).toBeInTheDocument();
  });

  it("a place with no reviews says 'Sin reseñas aún' instead of 0 stars", async () => {
    setup({ place: { rating: 0, comments: 0 } });
    await heading('Laguna Churup');
    const facts = screen.getByRole('article', { name: 'Laguna Churup' });
    expect(within(facts).getByText('Calificación').nextElementSibling).toHaveTextContent(/^Sin reseñas aún$/);
    expect(screen.queryByRole('img', { name: /de 5 estrellas/ })).not.toBeInTheDocument();
  });

  it('as the creator of an unverified place I see that it is in review', async () => {
    setup({ place: { verified: false, id_user: USER_ID } });
    await heading('Laguna Churup');
    expect(screen.getByText(MSG.placeInReview)).toBeInTheDocument();
  });

  it("as another user I see no 'Configurar Destino' and no delete control", async () => {
    setup({ place: { id_user: OTHER_ID }, reviews: [review()] });
    await screen.findByRole('article', { name: TEXT.reviews.reviewOf('Luis Quispe') });
    expect(screen.queryByRole('button', { name: TEXT.detail.configure })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(TEXT.reviews.delete) })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.reviews.write })).toBeInTheDocument();
  });

  it("as the creator I see 'Configurar Destino'", async () => {
    setup({ place: { id_user: USER_ID } });
    expect(await screen.findByRole('button', { name: TEXT.detail.configure })).toBeInTheDocument();
  });

  it("as an admin I see 'Configurar Destino' and delete controls on every review, but no review form", async () => {
    setup({ role: 'admin', place: { id_user: OTHER_ID }, reviews: [review(), review({ _id: '55555555-5555-4555-8555-000000000002', id_user: USER_ID, name: 'Ana Pérez' })] });
    expect(await screen.findByRole('button', { name: TEXT.detail.configure })).toBeInTheDocument();
    await screen.findByRole('article', { name: TEXT.reviews.reviewOf('Luis Quispe') });
    expect(screen.getByRole('button', { name: TEXT.reviews.deleteOf('Luis Quispe') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.reviews.deleteOf('Ana Pérez') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.reviews.write })).not.toBeInTheDocument();
  });

  it('as the author I can delete my own review only, after confirming', async () => {
    const mine = review({ _id: '55555555-5555-4555-8555-00000000000a', id_user: USER_ID, name: 'Ana Pérez', comment: 'Mi reseña.' });
    const place = makePlace({ name: 'Laguna Churup' });
    let reviews = [mine, review()];
    const { count, user } = setup({
      place,
      reviews,
      handlers: {
        [`GET /api/rating/${place._id}`]: () => [200, reviews],
        [`DELETE /api/rating/delete/${mine._id}`]: () => {
          reviews = reviews.filter((r) => r._id !== mine._id);
          return [200, { _id: mine._id, deleted: true }];
        },
      },
    });
    await screen.findByRole('article', { name: TEXT.reviews.reviewOf('Ana Pérez') });
    expect(screen.queryByRole('button', { name: TEXT.reviews.deleteOf('Luis Quispe') })).not.toBeInTheDocument();
    // One review per user and place: no form while mine exists.
    expect(screen.queryByRole('button', { name: TEXT.reviews.write })).not.toBeInTheDocument();
    expect(screen.getByText(MSG.reviewDuplicate)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: TEXT.reviews.deleteOf('Ana Pérez') }));
    let dialog = await screen.findByRole('dialog', { name: TEXT.reviews.deleteQuestion });
    await user.click(within(dialog).getByRole('button', { name: TEXT.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(count(`DELETE /api/rating/delete/${mine._id}`)).toBe(0);

    await user.click(screen.getByRole('button', { name: TEXT.reviews.deleteOf('Ana Pérez') }));
    dialog = await screen.findByRole('dialog', { name: TEXT.reviews.deleteQuestion });
    await user.click(within(dialog).getByRole('button', { name: TEXT.reviews.confirmDelete }));
    await waitFor(() => expect(screen.queryByRole('article', { name: TEXT.reviews.reviewOf('Ana Pérez') })).not.toBeInTheDocument());
    expect(count(`DELETE /api/rating/delete/${mine._id}`)).toBe(1);
    // The place (its mean) is reloaded too.
    expect(count(`GET /api/place/${place._id}`)).toBe(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: TEXT.reviews.write })).toBeInTheDocument();
  });
});

/**
 * MUI's Rating reads the pointer position to pick a star, and happy-dom has no layout; a click
 * on the radio itself is what a keyboard or screen reader user does.
 */
function chooseStars(radio: HTMLElement) {
  fireEvent.click(radio);
}

describe('review modal', () => {
  async function openModal(s: ReturnType<typeof setup>) {
    await s.user.click(await screen.findByRole('button', { name: TEXT.reviews.write }));
    // The form is its own chunk, loaded on this first use (the test's transform of it can take seconds).
    return screen.findByRole('dialog', { name: TEXT.reviews.modalTitle(s.place.name) }, { timeout: 10_000 });
  }

  async function addPhoto(s: ReturnType<typeof setup>, sent: ReturnType<typeof stubXhr>) {
    await s.user.upload(screen.getByLabelText(TEXT.upload.addPhoto), imageFile('visita.jpg', 'image/jpeg'));
    await s.user.click(await screen.findByRole('button', { name: TEXT.upload.usePhoto }));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => sent[0]?.respond(201, uploaded('visita')));
    await screen.findByRole('img', { name: TEXT.reviews.photo });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TEXT.upload.cropTitle })).not.toBeInTheDocument());
  }

  it('as a user I see the five labelled stars and the label of the star I choose', async () => {
    const s = setup();
    const dialog = await openModal(s);
    const labels = ['Pésimo', 'Malo', 'Regular', 'Bueno', 'Excelente'];
    labels.forEach((label, i) => {
      expect(within(dialog).getByRole('radio', { name: TEXT.reviews.starLabel(i + 1, label) })).toBeInTheDocument();
    });
    chooseStars(within(dialog).getByRole('radio', { name: TEXT.reviews.starLabel(4, 'Bueno') }));
    expect(within(dialog).getByText('Bueno')).toBeInTheDocument();
    chooseStars(within(dialog).getByRole('radio', { name: TEXT.reviews.starLabel(1, 'Pésimo') }));
    expect(within(dialog).getByText('Pésimo')).toBeInTheDocument();
  });

  it("as a user I can press 'Enviar' only with a photo, a rating and a comment; then my review is posted", async () => {
    const sent = stubXhr();
    let posted: unknown = null;
    const place = makePlace({ name: 'Laguna Churup' });
    const s = setup({
      place,
      handlers: {
        'POST /api/rating/create': (body) => {
          posted = body;
          return [201, { _id: 'r', ...(body as object), created_at: '' }];
        },
      },
    });
    const dialog = await openModal(s);
    const enviar = within(dialog).getByRole('button', { name: TEXT.reviews.send });
    expect(enviar).toBeDisabled();

    chooseStars(within(dialog).getByRole('radio', { name: TEXT.reviews.starLabel(5, 'Excelente') }));
    await s.user.type(within(dialog).getByLabelText('Comentario'), 'Increíble.');
    expect(enviar).toBeDisabled(); // no photo yet

    await addPhoto(s, sent);
    await waitFor(() => expect(enviar).toBeEnabled());

    await s.user.clear(within(dialog).getByLabelText('Comentario'));
    await s.user.type(within(dialog).getByLabelText('Comentario'), '   ');
    await waitFor(() => expect(enviar).toBeDisabled());
    await s.user.clear(within(dialog).getByLabelText('Comentario'));
    await s.user.type(within(dialog).getByLabelText('Comentario'), 'Increíble.');
    await waitFor(() => expect(enviar).toBeEnabled());

    await s.user.click(enviar);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The author is the session's user on the server; the body does not name them.
    // The trail fields go too: 'Fecha de la caminata' is today by default (docs/product.md#trail-conditions).
    expect(posted).toEqual({ id_place: place._id, photo_url: '/uploads/visita.webp', rating: 5, comment: 'Increíble.', walked_on: limaDate(), condition: null, hazards: [] });
    // Reviews and the place are reloaded.
    await waitFor(() => expect(s.count(`GET /api/rating/${place._id}`)).toBe(2));
    expect(s.count(`GET /api/place/${place._id}`)).toBe(2);
  });

  it('as a user who already reviewed the place I am told so', async () => {
    const sent = stubXhr();
    const s = setup({ handlers: { 'POST /api/rating/create': [409, { error: { code: 'CONFLICT', message: MSG.reviewDuplicate } }] } });
    const dialog = await openModal(s);
    await addPhoto(s, sent);
    chooseStars(within(dialog).getByRole('radio', { name: TEXT.reviews.starLabel(3, 'Regular') }));
    await s.user.type(within(dialog).getByLabelText('Comentario'), 'Otra vez.');
    await s.user.click(within(dialog).getByRole('button', { name: TEXT.reviews.send }));
    expect(await within(dialog).findByText(MSG.reviewDuplicate)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Comentario')).toHaveValue('Otra vez.');
  });

  it('as a user who pastes a comment over 2000 characters I see it whole, the counter and the message, and cannot send', async () => {
    const sent = stubXhr();
    const s = setup();
    const dialog = await openModal(s);
    await addPhoto(s, sent);
    chooseStars(within(dialog).getByRole('radio', { name: TEXT.reviews.starLabel(5, 'Excelente') }));
    const comment = within(dialog).getByLabelText('Comentario');
    expect(within(dialog).getByText(TEXT.reviews.commentCount(0, 2000))).toBeInTheDocument();
    await s.user.click(comment);
    await s.user.paste('a'.repeat(2100));
    // Nothing is cut: the person sees what is over and can shorten it.
    expect(comment).toHaveValue('a'.repeat(2100));
    expect(within(dialog).getByText(TEXT.reviews.commentCount(2100, 2000))).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.commentTooLong)).toBeInTheDocument();
    const enviar = within(dialog).getByRole('button', { name: TEXT.reviews.send });
    await waitFor(() => expect(enviar).toBeDisabled());
    // The person selects what is over and deletes it (one key, not a hundred: a hundred typed keys over a
    // 2100-character field took most of this test's time).
    (comment as HTMLTextAreaElement).setSelectionRange(2000, 2100);
    await s.user.keyboard('{Backspace}');
    expect(comment).toHaveValue('a'.repeat(2000));
    await waitFor(() => expect(enviar).toBeEnabled());
    expect(within(dialog).queryByText(MSG.commentTooLong)).not.toBeInTheDocument();
    expect(within(dialog).getByText(TEXT.reviews.commentCount(2000, 2000))).toBeInTheDocument();
  });

  it('as a user who goes back with a written review I am asked, with the buttons under the question', async () => {
    const s = setup();
    const dialog = await openModal(s);
    await s.user.type(within(dialog).getByLabelText('Comentario'), 'Borrador');
    // What the app layout's blocker calls on the browser's Back.
    act(() => topDialog()?.onBack());
    const question = await within(dialog).findByText(TEXT.reviews.discardQuestion);
    const alert = question.closest('[role="alert"]') as HTMLElement;
    const keep = within(alert).getByRole('button', { name: TEXT.reviews.keepWriting });
    // Under the question, in the alert's message (not squeezed beside it in the action column, too narrow at 390 px).
    expect(keep.closest('.MuiAlert-action')).toBeNull();
    expect(question.compareDocumentPosition(keep) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await s.user.click(keep);
    expect(within(dialog).getByLabelText('Comentario')).toHaveValue('Borrador');
  });

  it('as a user I find the fields empty every time I open the form', async () => {
    const s = setup();
    let dialog = await openModal(s);
    chooseStars(within(dialog).getByRole('radio', { name: TEXT.reviews.starLabel(2, 'Malo') }));
    await s.user.type(within(dialog).getByLabelText('Comentario'), 'Borrador');
    await s.user.click(within(dialog).getByRole('button', { name: TEXT.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openModal(s);
    expect(within(dialog).getByLabelText('Comentario')).toHaveValue('');
    expect(within(dialog).getByRole('radio', { name: TEXT.reviews.noRating })).toBeChecked();
    expect(within(dialog).queryByText('Malo')).not.toBeInTheDocument();
  });
});

describe('review modal on a weak network', () => {
  async function fillReview(s: ReturnType<typeof setup>, sent: ReturnType<typeof stubXhr>) {
    await s.user.click(await screen.findByRole('button', { name: TEXT.reviews.write }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.reviews.modalTitle(s.place.name) }, { timeout: 10_000 });
    await s.user.upload(screen.getByLabelText(TEXT.upload.addPhoto), imageFile('visita.jpg', 'image/jpeg'));
    await s.user.click(await screen.findByRole('button', { name: TEXT.upload.usePhoto }));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => sent[0]?.respond(201, uploaded('visita')));
    await screen.findByRole('img', { name: TEXT.reviews.photo });
    chooseStars(within(dialog).getByRole('radio', { name: TEXT.reviews.starLabel(4, 'Bueno') }));
    await s.user.type(within(dialog).getByLabelText('Comentario'), 'Sin señal en la laguna.');
    return dialog;
  }

  it('as a user who sends a review offline I am told so and my text stays in the modal', async () => {
    const sent = stubXhr();
    const s = setup({ handlers: { 'POST /api/rating/create': [201, {}] } });
    const dialog = await fillReview(s, sent);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    try {
      // Sending needs the network: 'Enviar' is disabled and says why.
      const enviar = within(dialog).getByRole('button', { name: TEXT.reviews.send });
      expect(enviar).toBeDisabled();
      expect(enviar).toHaveAccessibleDescription(MSG.offline);
      expect(within(dialog).getByText(MSG.offline)).toBeVisible();
      expect(within(dialog).getByLabelText('Comentario')).toHaveValue('Sin señal en la laguna.');
      expect(s.count('POST /api/rating/create')).toBe(0);
    } finally {
      // Back online also when the test fails, while the app still listens: React Query's online state
      // outlives the test, and left offline it failed every later test of the file with this one.
      vi.restoreAllMocks();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
  });

  it("'Cancelar' works while the review is being sent, and aborts the request", async () => {
    const sent = stubXhr();
    let signal: AbortSignal | null | undefined;
    const s = setup({
      handlers: {
        'POST /api/rating/create': (_body, init) => {
          signal = init.signal;
          return new Promise(() => {}); // the network never answers
        },
      },
    });
    const dialog = await fillReview(s, sent);
    await s.user.click(within(dialog).getByRole('button', { name: TEXT.reviews.send }));
    await waitFor(() => expect(signal).toBeDefined());
    const cancelar = within(dialog).getByRole('button', { name: TEXT.actions.cancel });
    expect(cancelar).toBeEnabled();
    await s.user.click(cancelar);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signal?.aborted).toBe(true);
  });
});

describe('editing a destination', () => {
  it('as the creator I edit a place and unchanged photos and difficulty are kept', async () => {
    const original = makePlace({ name: 'Laguna Churup', id_user: USER_ID, difficulty: 'Difícil', photos: ['/uploads/a.webp', '/uploads/b.webp'], time: [3, 5] });
    let put: Record<string, unknown> | null = null;
    let current = original;
    const s = setup({
      place: original,
      handlers: {
        [`GET /api/place/${original._id}`]: () => [200, current],
        [`PUT /api/place/update/${original._id}`]: (body) => {
          put = body as Record<string, unknown>;
          current = { ...original, ...put };
          return [200, current];
        },
      },
    });
    await s.user.click(await screen.findByRole('button', { name: TEXT.detail.configure }));
    // The form is its own chunk, loaded on this first use.
    expect(await screen.findByRole('heading', { name: 'Crear un Destino' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Laguna Churup');
    expect(screen.getByLabelText('Dificultad')).toHaveValue('Difícil');
    expect(screen.getByRole('img', { name: 'Foto 2 del destino' })).toBeInTheDocument();

    await s.user.clear(screen.getByLabelText('Nombre'));
    await s.user.type(screen.getByLabelText('Nombre'), 'Laguna Churup Alta');
    await s.user.click(screen.getByRole('button', { name: TEXT.placeForm.save }));

    expect(await heading('Laguna Churup Alta')).toBeInTheDocument();
    expect(put).toMatchObject({ name: 'Laguna Churup Alta', difficulty: 'Difícil', photos: ['/uploads/a.webp', '/uploads/b.webp'], time: [3, 5] });
    expect(screen.queryByRole('button', { name: TEXT.placeForm.save })).not.toBeInTheDocument();
  });

  it("as the creator I can leave the edit form with 'Cancelar Cambios' and nothing is sent", async () => {
    const s = setup({ place: { id_user: USER_ID } });
    await s.user.click(await screen.findByRole('button', { name: TEXT.detail.configure }));
    await s.user.type(await screen.findByLabelText('Nombre'), ' X');
    await s.user.click(screen.getByRole('button', { name: TEXT.placeForm.cancelChanges }));
    expect(await heading('Laguna Churup')).toBeInTheDocument();
    expect(s.net.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('trail conditions (docs/product.md#trail-conditions)', () => {
  const today = limaDate();

  it("as a user I see 'Estado reciente' above the reviews, and each review's date, state and hazards", async () => {
    setup({
      place: { conditions: { last_walked_on: today, condition: 'obstaculos', hazards: ['barro', 'derrumbe'], reports: 2 } } as Partial<Place>,
      reviews: [review({ walked_on: today, condition: 'obstaculos', hazards: ['barro'] })],
    });
    const block = await screen.findByRole('region', { name: TEXT.conditions.recentTitle });
    expect(block).toHaveTextContent('Con obstáculos');
    expect(within(block).getByText('Barro')).toBeInTheDocument();
    expect(within(block).getByText('Derrumbe')).toBeInTheDocument();
    expect(block).toHaveTextContent('2 reportes en los últimos 30 días');
    const card = await screen.findByRole('article', { name: TEXT.reviews.reviewOf('Luis Quispe') });
    expect(card).toHaveTextContent('Caminata del');
    expect(within(card).getByText('Con obstáculos')).toBeInTheDocument();
    // The block comes before the reviews.
    const reviews = screen.getByRole('heading', { name: TEXT.reviews.title('Laguna Churup') });
    expect(block.compareDocumentPosition(reviews) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says 'Sin reportes en los últimos 30 días' when nobody walked it lately", async () => {
    setup({ place: { conditions: null } as Partial<Place> });
    const block = await screen.findByRole('region', { name: TEXT.conditions.recentTitle });
    expect(block).toHaveTextContent(TEXT.conditions.recentNone);
  });

  it('shows the closure banner while it holds, and not once its date has passed', async () => {
    setup({ place: { closure: { until: null, note: 'Derrumbe en el km 3' } } });
    expect(await screen.findByText('Cerrado temporalmente: Derrumbe en el km 3')).toBeInTheDocument();
  });

  it('an expired closure shows no banner', async () => {
    setup({ place: { closure: { until: '2020-01-01', note: 'Derrumbe antiguo' } } });
    await heading('Laguna Churup');
    expect(screen.queryByText(/Cerrado temporalmente/)).not.toBeInTheDocument();
  });

  it('as the author I correct my review: only what I changed is sent', async () => {
    let sent: unknown = null;
    const mine = review({ id_user: USER_ID, rating: 3, comment: 'Regular.' });
    const s = setup({
      reviews: [mine],
      handlers: {
        [`PUT /api/rating/update/${mine._id}`]: (body) => {
          sent = body;
          return [200, { ...mine, ...(body as object) }];
        },
      },
    });
    await s.user.click(await screen.findByRole('button', { name: TEXT.conditions.editReviewOf('Luis Quispe') }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    chooseStars(within(dialog).getByRole('radio', { name: TEXT.reviews.starLabel(5, 'Excelente') }));
    const comment = within(dialog).getByRole('textbox', { name: TEXT.reviews.comment });
    await s.user.clear(comment);
    await s.user.type(comment, 'Mejor de lo que pensé.');
    await s.user.click(within(dialog).getByRole('button', { name: TEXT.conditions.save }));
    await waitFor(() => expect(sent).toEqual({ rating: 5, comment: 'Mejor de lo que pensé.' }));
  });

  it('nobody else gets the edit button', async () => {
    setup({ reviews: [review()] });
    await screen.findByRole('article', { name: TEXT.reviews.reviewOf('Luis Quispe') });
    expect(screen.queryByRole('button', { name: TEXT.conditions.editReviewOf('Luis Quispe') })).not.toBeInTheDocument();
  });
});
