import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Status, User } from '@sendero/contract';
import { renderRoutes, renderWithProviders } from '@/test/render';
import { stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { ADMIN_ID, makeAdmin, makeUser, signIn, USER_ID } from '@/test/fixtures';
import { routes } from '@/app/route-tree';
import AdminUsersScreen from './admin-users';
import { TEXT } from '@sendero/contract';

const STATUS_CYCLE: Status[] = ['none', 'Enviado', 'Aprobado', 'Rechazado'];

function users(n: number): User[] {
  return Array.from({ length: n }, (_, i) =>
    makeUser({
      _id: `88888888-8888-4888-8888-${String(i).padStart(12, '0')}`,
      firstname: `Usuario${String(i).padStart(2, '0')}`,
      lastname: 'Prueba',
      email: `u${i}@example.com`,
      status: STATUS_CYCLE[i % 4],
    }),
  );
}

function setup(route = '/admin/usuarios', handlers: Record<string, FetchHandler | [number, unknown]> = {}) {
  signIn('admin');
  const net = stubFetch({
    [`GET /api/admin/${ADMIN_ID}`]: [200, makeAdmin()],
    'GET /api/users': [200, users(45)],
    ...handlers,
  });
  const view = renderWithProviders(<AdminUsersScreen />, { route, path: '/admin/usuarios' });
  const count = (key: string) => net.calls.filter((c) => `${c.method} ${c.path}` === key).length;
  return { ...view, net, count, ui: userEvent.setup() };
}

/** The data rows of the table (the header row excluded). */
const dataRows = () => screen.getAllByRole('row').slice(1);
const search = () => screen.getByRole('textbox', { name: TEXT.admin.searchUsers });
const filter = () => screen.getByRole('combobox', { name: TEXT.admin.filterByStatus });

describe('admin users list', () => {
  it("as an admin I see Nombre, Estado and Opciones, with 'Sin solicitud' for no application and 'Ver Perfil' to the profile", async () => {
    setup('/admin/usuarios', {
      'GET /api/users': [
        200,
        [
          makeUser({ _id: USER_ID, firstname: 'Ana María', lastname: 'Pérez Soto', status: 'none' }),
          makeUser({ _id: '99999999-9999-4999-8999-999999999999', firstname: 'Luis', lastname: 'Quispe', email: 'luis@example.com', status: 'Enviado' }),
        ],
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Administrar Usuarios' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Administrar Usuarios' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([TEXT.admin.name, TEXT.admin.status, TEXT.admin.options]);
    await within(table).findByText('Ana María Pérez Soto');
    const [ana, luis] = dataRows();
    expect(ana).toHaveTextContent('Sin solicitud');
    expect(luis).toHaveTextContent('Luis Quispe');
    expect(luis).toHaveTextContent('Enviado');
    expect(within(ana!).getByRole('link', { name: TEXT.admin.seeProfile })).toHaveAttribute('href', `/admin/usuario/${USER_ID}`);
  });

  it('as an admin I see skeleton rows while the list loads', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    setup('/admin/usuarios', {
      'GET /api/users': async () => {
        await gate;
        return [200, users(2)];
      },
    });
    expect(await screen.findAllByTestId('skeleton-row')).not.toHaveLength(0);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    release();
    await screen.findByText('Usuario00 Prueba');
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('as an admin I page through more than 20 users, and the page is kept in the URL', async () => {
    const { ui, router } = setup();
    await screen.findByText('Usuario00 Prueba');
    expect(dataRows()).toHaveLength(20);
    expect(screen.getByText('Mostrando 1–20 de 45 usuarios')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Ir a la página 3' }));
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    expect(dataRows()[0]).toHaveTextContent('Usuario40 Prueba');
    expect(screen.getByText('Mostrando 41–45 de 45 usuarios')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('pagina')).toBe('3');
  });

  it('as an admin, 20 users or fewer show no page buttons', async () => {
    setup('/admin/usuarios', { 'GET /api/users': [200, users(20)] });
    await screen.findByText('Usuario00 Prueba');
    expect(dataRows()).toHaveLength(20);
    expect(screen.queryByRole('navigation', { name: 'Páginas de usuarios' })).not.toBeInTheDocument();
  });

  it('as an admin I filter by status; the server is asked for that status and the URL remembers it', async () => {
    const sent = users(45).filter((u) => u.status === 'Enviado');
    const none = users(45).filter((u) => u.status === 'none');
    const { ui, router, count } = setup('/admin/usuarios?pagina=2', {
      'GET /api/users?status=Enviado': [200, sent],
      'GET /api/users?status=none': [200, none],
    });
    await screen.findByText('Usuario20 Prueba');
    expect(Array.from(filter().querySelectorAll('option')).map((o) => o.textContent)).toEqual(['Todos', 'Enviado', 'Aprobado', 'Rechazado', 'Sin solicitud']);

    await ui.selectOptions(filter(), 'Enviado');
    await screen.findByText('Usuario01 Prueba');
    await waitFor(() => expect(dataRows()).toHaveLength(sent.length));
    for (const row of dataRows()) expect(row).toHaveTextContent('Enviado');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('estado')).toBe('Enviado');
    // A new filter starts again at the first page.
    expect(params.get('pagina')).toBeNull();
    expect(count('GET /api/users?status=Enviado')).toBe(1);

    await ui.selectOptions(filter(), 'Sin solicitud');
    await waitFor(() => expect(dataRows()).toHaveLength(none.length));
    for (const row of dataRows()) expect(row).toHaveTextContent('Sin solicitud');
    expect(new URLSearchParams(router.state.location.search).get('estado')).toBe('none');
  });

  it('as an admin I search by name, accents and case aside, or by email, and the URL keeps the search', async () => {
    const { ui, router } = setup('/admin/usuarios', {
      'GET /api/users': [
        200,
        [
          makeUser({ _id: USER_ID, firstname: 'José', lastname: 'Núñez', email: 'jose@example.com' }),
          makeUser({ _id: '99999999-9999-4999-8999-999999999999', firstname: 'Luis', lastname: 'Quispe', email: 'lq@sendero.pe' }),
        ],
      ],
    });
    await screen.findByText('José Núñez');
    await ui.type(search(), 'jose nunez');
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(dataRows()[0]).toHaveTextContent('José Núñez');
    expect(new URLSearchParams(router.state.location.search).get('buscar')).toBe('jose nunez');

    await ui.clear(search());
    await ui.type(search(), 'SENDERO.PE');
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(dataRows()[0]).toHaveTextContent('Luis Quispe');

    await ui.clear(search());
    await ui.type(search(), 'nadie');
    expect(await screen.findByText('No hay usuarios que coincidan con la búsqueda.')).toBeInTheDocument();
  });

  it('as an admin, a shared link opens the list with its filter and search', async () => {
    setup('/admin/usuarios?estado=Aprobado&buscar=usuario02', {
      'GET /api/users?status=Aprobado': [200, users(45).filter((u) => u.status === 'Aprobado')],
    });
    await screen.findByText('Usuario02 Prueba');
    expect(dataRows()).toHaveLength(1);
    expect(filter()).toHaveValue('Aprobado');
    expect(search()).toHaveValue('usuario02');
  });

  it('as an admin, a list that fails to load says so and offers to retry', async () => {
    let fail = true;
    const { ui } = setup('/admin/usuarios', {
      'GET /api/users': () => (fail ? [500, {}] : [200, users(1)]),
    });
    expect(await screen.findByText('Algo salió mal. Inténtalo de nuevo en unos momentos.')).toBeInTheDocument();
    fail = false;
    await ui.click(screen.getByRole('button', { name: TEXT.actions.retry }));
    expect(await screen.findByText('Usuario00 Prueba')).toBeInTheDocument();
  });
});

describe('admin routes guard', () => {
  it.each(['/admin/usuarios', `/admin/usuario/${USER_ID}`, '/admin/destinos', '/admin/destinos/33333333-3333-4333-8333-000000000001'])(
    'as a user I am sent to /ingresar from %s',
    async (route) => {
      signIn('user');
      stubFetch({ [`GET /api/user/${USER_ID}`]: [200, makeUser()] });
      const { router } = renderRoutes(routes, route);
      // The first visit loads the lazy route chunks: give it time.
      await waitFor(() => expect(router.state.location.pathname).toBe('/ingresar'), { timeout: 8000 });
    },
  );

  it('as a visitor I am sent to /ingresar from the admin users list', async () => {
    stubFetch({});
    const { router } = renderRoutes(routes, '/admin/usuarios');
    // The first visit loads the lazy route chunks: give it time.
      await waitFor(() => expect(router.state.location.pathname).toBe('/ingresar'), { timeout: 8000 });
  });
});
