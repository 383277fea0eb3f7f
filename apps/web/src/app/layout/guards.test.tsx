import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { API, SESSION_STORAGE_KEY, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { stubFetch } from '@/test/fetch-stub';
import { ADMIN_ID, indexOf, makeAdmin, makePlace, makeUser, PUBLIC_CONFIG, signIn, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

const GUARDED = ['/buscar-destino', '/buscar-destino/destino/abc', '/perfil', '/mis-salidas', '/crear-destino', '/convertirme-en-guia'];
const ADMIN_ONLY = ['/admin/usuarios', '/admin/usuario/abc', '/admin/destinos', '/admin/destinos/abc', '/admin/reportes'];

function stubSignedIn(role: 'user' | 'guide') {
  return stubFetch({
    [`GET ${API.user(USER_ID)}`]: [200, makeUser({ role })],
    [`GET ${API.places}`]: [200, [makePlace()]],
    [`GET ${API.placeIndex()}`]: [200, indexOf([makePlace()])],
    [`GET ${API.placeIndex(12)}`]: [200, indexOf([makePlace()])],
    [`GET ${API.config}`]: [200, PUBLIC_CONFIG],
  });
}

async function expectAt(router: { state: { location: { pathname: string } } }, path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout: 5000 });
}

describe('route guards', () => {
  it.each([...GUARDED, ...ADMIN_ONLY])('as a visitor opening %s I am sent to /ingresar', async (path) => {
    stubFetch({});
    const { router } = renderRoutes(routes, path);
    await expectAt(router, '/ingresar');
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
  });

  it.each((['user', 'guide'] as const).flatMap((role) => ADMIN_ONLY.map((path) => [role, path] as const)))(
    'as a %s opening the admin route %s I am sent to /ingresar, told it is for administration only',
    async (role, path) => {
    signIn(role);
    stubSignedIn(role);
    const { router } = renderRoutes(routes, path);
    await expectAt(router, '/ingresar');
    expect(await screen.findByText(TEXT.auth.adminOnly, {}, { timeout: 5000 })).toBeInTheDocument();
    // The form stays: they may sign in with an administration account.
    expect(screen.getByRole('button', { name: TEXT.auth.login })).toBeInTheDocument();
    },
  );

  it.each([
    ['/ingresar', '/buscar-destino'],
    ['/registro', '/buscar-destino'],
    ['/ingresar?volver=%2Fbuscar-destino%2Fdestino%2Fabc', '/buscar-destino/destino/abc'],
    ['/registro?volver=%2Fperfil', '/perfil'],
  ])('as a signed-in user opening %s I am sent on to %s, not offered the form', async (path, target) => {
    signIn('user');
    stubSignedIn('user');
    const { router } = renderRoutes(routes, path);
    await expectAt(router, target);
    expect(screen.queryByText(TEXT.auth.adminOnly)).not.toBeInTheDocument();
  });

  it('as a signed-in admin opening /ingresar I am sent to /admin/usuarios', async () => {
    signIn('admin');
    stubFetch({ [`GET ${API.admin(ADMIN_ID)}`]: [200, makeAdmin()], [`GET ${API.users}`]: [200, { items: [], total: 0 }] });
    const { router } = renderRoutes(routes, '/ingresar');
    await expectAt(router, '/admin/usuarios');
  });

  it("as a signed-in user on / I am offered 'Buscar un destino', not 'Ingresar' / 'Registrarme'", async () => {
    signIn('user');
    stubSignedIn('user');
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: TEXT.menu.search }, { timeout: 5000 })).toHaveAttribute('href', '/buscar-destino');
    expect(screen.queryByRole('link', { name: TEXT.landing.login })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: TEXT.landing.register })).not.toBeInTheDocument();
  });

  it('a stored admin role the server does not confirm does not open the admin area', async () => {
    signIn('admin', USER_ID);
    stubFetch({ [`GET ${API.admin(USER_ID)}`]: [404, { error: { code: 'NOT_FOUND', message: 'No encontramos este usuario.' } }] });
    const { router } = renderRoutes(routes, '/admin/usuarios');
    await expectAt(router, '/ingresar');
  });

  it('as a guide opening /convertirme-en-guia I am sent to /buscar-destino', async () => {
    signIn('guide');
    stubSignedIn('guide');
    const { router } = renderRoutes(routes, '/convertirme-en-guia');
    await expectAt(router, '/buscar-destino');
  });

  it('a user approved as guide since the last login is treated as a guide (server role wins)', async () => {
    signIn('user');
    stubSignedIn('guide');
    const { router } = renderRoutes(routes, '/convertirme-en-guia');
    await expectAt(router, '/buscar-destino');
    // The stored hint follows the server.
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({ role: 'guide' }));
  });

  it('as a user I can open /convertirme-en-guia', async () => {
    signIn('user');
    stubSignedIn('user');
    renderRoutes(routes, '/convertirme-en-guia');
    expect(await screen.findByRole('heading', { name: TEXT.menu.becomeGuide })).toBeInTheDocument();
  });

  it('as a user I can open /crear-destino (only a session is checked)', async () => {
    signIn('user');
    stubSignedIn('user');
    const { router } = renderRoutes(routes, '/crear-destino');
    await waitFor(() => expect(screen.getByRole('navigation', { name: TEXT.menu.main })).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/crear-destino');
  });

  it('an unknown address shows the not-found page', async () => {
    stubFetch({});
    renderRoutes(routes, '/no-existe/para-nada');
    expect(await screen.findByText(TEXT.notFound.title)).toBeInTheDocument();
  });
});

describe('side menu', () => {
  it('as a user I see my first names and the items of my role', async () => {
    signIn('user');
    stubSignedIn('user');
    renderRoutes(routes, '/perfil');
    const nav = await screen.findByRole('navigation', { name: TEXT.menu.main });
    expect(await within(nav).findByText('Ana Pérez')).toBeInTheDocument();
    // The items of the role the server confirms come in a deferred render (app-layout.tsx).
    await waitFor(() =>
      expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([TEXT.menu.search, TEXT.menu.saved, TEXT.menu.myOutings, TEXT.menu.profile, TEXT.menu.becomeGuide]),
    );
    expect(within(nav).getByRole('button', { name: TEXT.menu.logout })).toBeInTheDocument();
  });

  it('as a guide I see Crear un Destino and not Convertirme en Guía', async () => {
    signIn('guide');
    stubSignedIn('guide');
    renderRoutes(routes, '/perfil');
    const nav = await screen.findByRole('navigation', { name: TEXT.menu.main });
    await waitFor(() => expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([TEXT.menu.search, TEXT.menu.saved, TEXT.menu.myOutings, TEXT.menu.profile, TEXT.menu.createPlace]));
  });

  it('as an admin I see the admin items and my name from the admin record', async () => {
    signIn('admin');
    stubFetch({
      [`GET ${API.admin(ADMIN_ID)}`]: [200, makeAdmin()],
      [`GET ${API.places}`]: [200, []],
    });
    renderRoutes(routes, '/buscar-destino');
    const nav = await screen.findByRole('navigation', { name: TEXT.menu.main });
    expect(await within(nav).findByText('Carlos Ramos')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([
        TEXT.menu.search,
        TEXT.menu.saved,
        TEXT.menu.myOutings,
        TEXT.menu.profile,
        TEXT.menu.createPlace,
        TEXT.menu.adminUsers,
        TEXT.menu.adminPlaces,
        TEXT.menu.adminTrailReports,
      ]),
    );
  });

  // (/ingresar and /registro send a signed-in person on: see the route guards.)
  it.each(['/', '/registro-exitoso', '/admin/ingresar', '/pagina-no-encontrada', '/otra-cosa'])(
    'is hidden on %s even with a session',
    async (path) => {
      signIn('user');
      stubSignedIn('user');
      renderRoutes(routes, path);
      // Wait for the screen itself, then check the menu is absent.
      await screen.findAllByRole('link', { name: TEXT.landing.logo });
      expect(screen.queryByRole('navigation', { name: TEXT.menu.main })).not.toBeInTheDocument();
    },
  );

  it('on small screens the menu button opens the menu as a drawer, and choosing an item closes it', async () => {
    const happyDOM = (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM;
    happyDOM.setViewport({ width: 390, height: 844 });
    onTestFinished(() => happyDOM.setViewport({ width: 1024, height: 768 }));
    signIn('user');
    stubSignedIn('user');
    const { router } = renderRoutes(routes, '/perfil');
    await userEvent.click(await screen.findByRole('button', { name: TEXT.menu.open }, { timeout: 5000 }));
    const drawer = await screen.findByRole('dialog', { name: TEXT.menu.main });
    await userEvent.click(within(drawer).getByRole('link', { name: TEXT.menu.search }));
    await expectAt(router, '/buscar-destino');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TEXT.menu.main })).not.toBeInTheDocument());
  });

  it('Cerrar Sesión clears the session and goes to /', async () => {
    signIn('user');
    stubSignedIn('user');
    const { router } = renderRoutes(routes, '/perfil');
    const nav = await screen.findByRole('navigation', { name: TEXT.menu.main });
    await userEvent.click(within(nav).getByRole('button', { name: TEXT.menu.logout }));
    await expectAt(router, '/');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
