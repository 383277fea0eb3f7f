import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API, MSG, SESSION_STORAGE_KEY, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { networkDown, stubFetch } from '@/test/fetch-stub';
import { ADMIN_ID, makeAdmin, makePlace, makeUser, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

// As long as the wait of src/test/setup.ts, sized for a busy two-core machine.
const wait = { timeout: 10_000 };

async function fill(label: string | RegExp, value: string) {
  await userEvent.type(screen.getByLabelText(label), value);
}

/** Opens a login screen and sends its form with `email` and `password`. */
async function logIn(path: string, email: string, password: string) {
  const rendered = renderRoutes(routes, path);
  await screen.findByRole('heading', { name: TEXT.auth.loginTitle }, wait);
  await fill(TEXT.fields.email, email);
  await fill(TEXT.fields.password, password);
  await userEvent.click(screen.getByRole('button', { name: TEXT.auth.login }));
  return rendered;
}

describe('login (/ingresar)', () => {
  it('as a visitor I see the title, the fields with their placeholders and the link to register', async () => {
    stubFetch({});
    renderRoutes(routes, '/ingresar');
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' }, wait)).toBeInTheDocument();
    expect(screen.getByLabelText('Correo')).toHaveAttribute('placeholder', 'Correo');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('placeholder', 'Contraseña');
    expect(screen.getByRole('link', { name: '¿Aún no tienes una cuenta? Regístrate.' })).toHaveAttribute('href', '/registro');
    expect(screen.getByRole('link', { name: TEXT.landing.logo })).toHaveAttribute('href', '/');
  });

  it('shows the required messages under empty fields and sends nothing', async () => {
    const { calls } = stubFetch({});
    renderRoutes(routes, '/ingresar');
    await userEvent.click(await screen.findByRole('button', { name: TEXT.auth.login }, wait));
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the invalid email message', async () => {
    stubFetch({});
    await logIn('/ingresar', 'ana@', 'secreto123');
    expect(await screen.findByText(MSG.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Correo')).toHaveAccessibleDescription(MSG.emailInvalid);
  });

  it('wrong credentials raise the alert and keep what I typed', async () => {
    stubFetch({ [`POST ${API.login}`]: [401, { error: { code: 'UNAUTHORIZED', message: MSG.loginFailed } }] });
    await logIn('/ingresar', 'ana@example.com', 'incorrecta');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginFailed);
    expect(screen.getByLabelText('Correo')).toHaveValue('ana@example.com');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('a network failure shows the error toast', async () => {
    stubFetch({ [`POST ${API.login}`]: networkDown() });
    await logIn('/ingresar', 'ana@example.com', 'secreto123');
    expect(await screen.findByText(MSG.network, {}, wait)).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveValue('secreto123');
  });

  it('as a user I am taken to /buscar-destino with the session stored', async () => {
    const { calls } = stubFetch({
      [`POST ${API.login}`]: [200, { token: 't-user', _id: USER_ID, role: 'user' }],
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.places}`]: [200, [makePlace()]],
    });
    const { router } = await logIn('/ingresar', 'ana@example.com', 'secreto123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/buscar-destino'), wait);
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ token: 't-user', _id: USER_ID, role: 'user' });
    expect(calls[0]).toMatchObject({ method: 'POST', path: API.login, body: { email: 'ana@example.com', password: 'secreto123' } });
    // The login call itself carries no token.
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });
});

describe('admin login (/admin/ingresar)', () => {
  it('a failed login shows the alert', async () => {
    stubFetch({ [`POST ${API.adminLogin}`]: [401, { error: { code: 'UNAUTHORIZED', message: MSG.loginFailed } }] });
    await logIn('/admin/ingresar', 'ana@example.com', 'secreto123');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginFailed);
  });

  it('shows the required messages', async () => {
    stubFetch({});
    renderRoutes(routes, '/admin/ingresar');
    await userEvent.click(await screen.findByRole('button', { name: TEXT.auth.login }, wait));
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
  });

  it('as an admin I am taken to /admin/usuarios', async () => {
    stubFetch({
      [`POST ${API.adminLogin}`]: [200, { token: 't-admin', _id: ADMIN_ID, role: 'admin' }],
      [`GET ${API.admin(ADMIN_ID)}`]: [200, makeAdmin()],
      [`GET ${API.users}`]: [200, []],
      [`GET ${API.usersRequests}`]: [200, []],
    });
    const { router } = await logIn('/admin/ingresar', 'admin@example.com', 'secreto123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/usuarios'), wait);
  });
});

describe('register (/registro)', () => {
  it('shows every required message under the fields', async () => {
    const { calls } = stubFetch({});
    renderRoutes(routes, '/registro');
    expect(await screen.findByRole('heading', { name: TEXT.auth.register }, wait)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TEXT.auth.register }));
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.confirmRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.firstnameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.lastnameRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the invalid email, short password and mismatch messages', async () => {
    stubFetch({});
    renderRoutes(routes, '/registro');
    await screen.findByRole('heading', { name: TEXT.auth.register }, wait);
    await fill('Correo', 'no-es-correo');
    await fill('Contraseña', 'corta');
    await fill('Confirmar Contraseña', 'distinta');
    await userEvent.click(screen.getByRole('button', { name: TEXT.auth.register }));
    expect(await screen.findByText(MSG.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.confirmMismatch)).toBeInTheDocument();
  });

  it('an email in use raises the registration alert', async () => {
    stubFetch({ [`POST ${API.register}`]: [409, { error: { code: 'CONFLICT', message: MSG.emailInUse } }] });
    renderRoutes(routes, '/registro');
    await screen.findByRole('heading', { name: TEXT.auth.register }, wait);
    await fill('Correo', 'ana@example.com');
    await fill('Contraseña', 'secreto123');
    await fill('Confirmar Contraseña', 'secreto123');
    await fill('Nombre', 'Ana');
    await fill(TEXT.fields.lastname, 'Pérez');
    await userEvent.click(screen.getByRole('button', { name: TEXT.auth.register }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.emailInUse);
  });

  it('on success it sends the payload without the confirmation and shows the success view', async () => {
    const { calls } = stubFetch({ [`POST ${API.register}`]: [201, makeUser()] });
    const { router } = renderRoutes(routes, '/registro');
    await screen.findByRole('heading', { name: TEXT.auth.register }, wait);
    await fill('Correo', 'ana@example.com');
    await fill('Contraseña', 'secreto123');
    await fill('Confirmar Contraseña', 'secreto123');
    await fill('Nombre', 'Ana');
    await fill(TEXT.fields.lastname, 'Pérez');
    await userEvent.click(screen.getByRole('button', { name: TEXT.auth.register }));
    expect(await screen.findByText(TEXT.auth.registeredTitle, {}, wait)).toBeInTheDocument();
    expect(screen.getByText('Su cuenta ha sido registrada con éxito.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.auth.login })).toHaveAttribute('href', '/ingresar');
    expect(router.state.location.pathname).toBe('/registro-exitoso');
    expect(calls[0]?.body).toEqual({ email: 'ana@example.com', password: 'secreto123', firstname: 'Ana', lastname: 'Pérez' });
  });
});
