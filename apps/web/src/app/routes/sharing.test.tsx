import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, MSG, type PlacePreview, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { stubFetch } from '@/test/fetch-stub';
import { makePlace, makeUser, PUBLIC_CONFIG, signIn, USER_ID } from '@/test/fixtures';
import { renderRoutes, renderWithProviders } from '@/test/render';
import PlaceDetailScreen from './place-detail';

// As long as the wait of src/test/setup.ts, sized for a busy two-core machine.
const wait = { timeout: 10_000 };
const PLACE_ID = '3f1c2a9e-8b7d-4c6e-9a5b-1d2e3f4a5b6c';
const preview: PlacePreview = {
  _id: PLACE_ID,
  name: 'Laguna Humantay',
  city: 'Cusco',
  time_city: 3,
  difficulty: 'Exigente',
  photo: '/uploads/abc.webp',
  rating: 4.5,
  comments: 12,
};
const sharedPath = `/buscar-destino/destino/${PLACE_ID}`;

async function signInThroughForm() {
  await userEvent.type(await screen.findByLabelText('Correo', {}, wait), 'ana@example.com');
  await userEvent.type(screen.getByLabelText('Contraseña'), 'secreto123');
  await userEvent.click(screen.getByRole('button', { name: TEXT.auth.login }));
}

describe('a shared destination link opened without a session (docs/product.md#sharing)', () => {
  it('as a friend I am sent to /ingresar?volver=…, see what was shared, and land on it after signing in', async () => {
    const place = makePlace({ _id: PLACE_ID, name: 'Laguna Humantay' });
    const { calls } = stubFetch({
      [`GET ${API.placePreview(PLACE_ID)}`]: [200, preview],
      [`POST ${API.login}`]: [200, { token: 't-user', _id: USER_ID, role: 'user' }],
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.place(PLACE_ID)}`]: [200, place],
      [`GET ${API.ratings(PLACE_ID)}`]: [200, []],
      [`GET /api/outing/place/${PLACE_ID}`]: [200, []],
      'GET /api/config': [200, PUBLIC_CONFIG],
      [`GET ${API.saved}`]: [200, []],
    });
    const { router } = renderRoutes(routes, sharedPath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ingresar'), wait);
    expect(new URLSearchParams(router.state.location.search).get('volver')).toBe(sharedPath);

    const card = await screen.findByRole('region', { name: TEXT.detail.sharedTitle }, wait);
    // Nothing says someone shared it: the address may be the visitor's own bookmark.
    expect(within(card).getByRole('heading')).toHaveTextContent('Ingresa para ver este destino');
    expect(within(card).getByText('Laguna Humantay')).toBeInTheDocument();
    expect(within(card).getByText('A 3 horas de Cusco')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: TEXT.places.ratingOutOf('4.5', 5) })).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/uploads/abc-400.webp');
    // The preview is asked for anonymously.
    expect(calls.find((c) => c.path === API.placePreview(PLACE_ID))?.headers.Authorization).toBeUndefined();
    // The way to register keeps where to come back to.
    expect(screen.getByRole('link', { name: '¿Aún no tienes una cuenta? Regístrate.' })).toHaveAttribute(
      'href',
      `/registro?volver=${encodeURIComponent(sharedPath)}`,
    );

    await signInThroughForm();
    await waitFor(() => expect(router.state.location.pathname).toBe(sharedPath), wait);
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/ingresar'])(
    'volver=%s is ignored: no card, and signing in lands on /buscar-destino',
    async (volver) => {
      stubFetch({
        [`POST ${API.login}`]: [200, { token: 't-user', _id: USER_ID, role: 'user' }],
        [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
        [`GET ${API.placeIndex()}`]: [200, []],
        [`GET ${API.placeIndex(12)}`]: [200, []],
        [`GET ${API.saved}`]: [200, []],
        'GET /api/config': [200, PUBLIC_CONFIG],
      });
      const { router } = renderRoutes(routes, `/ingresar?${new URLSearchParams({ volver })}`);
      await signInThroughForm();
      await waitFor(() => expect(router.state.location.pathname).toBe('/buscar-destino'), wait);
      expect(screen.queryByText(TEXT.detail.sharedTitle)).not.toBeInTheDocument();
    },
  );

  it("a shared destination with no reviews yet says 'Sin reseñas aún' instead of 0 stars", async () => {
    stubFetch({ [`GET ${API.placePreview(PLACE_ID)}`]: [200, { ...preview, rating: 0, comments: 0 }] });
    renderRoutes(routes, `/ingresar?volver=${encodeURIComponent(sharedPath)}`);
    const card = await screen.findByRole('region', { name: TEXT.detail.sharedTitle }, wait);
    expect(within(card).getByText(TEXT.card.noReviews)).toBeInTheDocument();
    expect(within(card).queryByRole('img', { name: /estrellas/ })).not.toBeInTheDocument();
    expect(within(card).queryByText('0')).not.toBeInTheDocument();
  });

  it('a destination that is not shown (404) gets no card, and the form still works', async () => {
    stubFetch({ [`GET ${API.placePreview(PLACE_ID)}`]: [404, { error: { code: 'NOT_FOUND', message: MSG.placeNotFound } }] });
    renderRoutes(routes, `/ingresar?volver=${encodeURIComponent(sharedPath)}`);
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' }, wait)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(TEXT.detail.sharedTitle)).not.toBeInTheDocument();
    // No error toast for a place we simply do not preview.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('/registro shows the card too, and the success screen’s Ingresar keeps volver', async () => {
    stubFetch({
      [`GET ${API.placePreview(PLACE_ID)}`]: [200, preview],
      [`POST ${API.register}`]: [201, makeUser()],
    });
    const { router } = renderRoutes(routes, `/registro?volver=${encodeURIComponent(sharedPath)}`);
    expect(await screen.findByRole('region', { name: TEXT.detail.sharedTitle }, wait)).toHaveTextContent('Laguna Humantay');
    expect(screen.getByRole('link', { name: '¿Ya tienes una cuenta? Ingresa aquí.' })).toHaveAttribute('href', `/ingresar?volver=${encodeURIComponent(sharedPath)}`);
    await userEvent.type(screen.getByLabelText('Correo'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'secreto123');
    await userEvent.type(screen.getByLabelText('Nombre'), 'Ana');
    await userEvent.type(screen.getByLabelText(TEXT.fields.lastname), 'Pérez');
    await userEvent.click(screen.getByRole('button', { name: TEXT.auth.register }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registro-exitoso'), wait);
    expect(await screen.findByRole('link', { name: TEXT.auth.login }, wait)).toHaveAttribute('href', `/ingresar?volver=${encodeURIComponent(sharedPath)}`);
  });
});

describe("'Compartir' on the detail", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // navigator.share is an own property set by the tests below.
    delete (navigator as { share?: unknown }).share;
  });

  function renderDetail(overrides: Parameters<typeof makePlace>[0] = {}) {
    signIn('user');
    const place = makePlace({ _id: PLACE_ID, name: 'Laguna & Cerro', ...overrides });
    stubFetch({
      [`GET /api/user/${USER_ID}`]: [200, makeUser()],
      [`GET /api/place/${PLACE_ID}`]: [200, place],
      [`GET /api/rating/${PLACE_ID}`]: [200, []],
      [`GET /api/outing/place/${PLACE_ID}`]: [200, []],
      'GET /api/config': [200, PUBLIC_CONFIG],
    });
    renderWithProviders(<PlaceDetailScreen />, { route: sharedPath, path: '/buscar-destino/destino/:id' });
    return place;
  }

  it('without the Web Share API: Copiar enlace copies the address and says so; the WhatsApp link carries name and address', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDetail();
    const url = `${window.location.origin}${sharedPath}`;
    await userEvent.click(await screen.findByRole('button', { name: TEXT.detail.share }, wait));
    const whatsapp = await screen.findByRole('menuitem', { name: TEXT.detail.whatsapp });
    expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`Laguna & Cerro ${url}`)}`);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('menuitem', { name: TEXT.detail.copyLink }));
    expect(writeText).toHaveBeenCalledWith(url);
    const toast = await screen.findByRole('status', {}, wait);
    expect(toast).toHaveTextContent('Enlace copiado.');
    expect(toast).toHaveAttribute('data-severity', 'success');
  });

  it('with the Web Share API: the system sheet gets the name and address, and no menu opens', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: TEXT.detail.share }, wait));
    expect(share).toHaveBeenCalledWith({ title: 'Laguna & Cerro', text: 'Laguna & Cerro', url: `${window.location.origin}${sharedPath}` });
    await act(async () => undefined);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closing the share sheet does nothing more', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('cancelado', 'AbortError');
    });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: TEXT.detail.share }, wait));
    await act(async () => undefined);
    expect(share).toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a destination under review has no Compartir (its link would show nothing)', async () => {
    renderDetail({ verified: false });
    expect(await screen.findByRole('heading', { name: 'Laguna & Cerro' }, wait)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.detail.share })).not.toBeInTheDocument();
  });
});
