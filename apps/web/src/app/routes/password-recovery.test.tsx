import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API, MSG, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { stubFetch } from '@/test/fetch-stub';
import { makeUser, signIn, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

// As long as the wait of src/test/setup.ts, sized for a busy two-core machine.
const wait = { timeout: 10_000 };

describe('as a user who forgot the password', () => {
  it("the login screen links '¿Olvidaste tu contraseña?' to /recuperar", async () => {
    stubFetch({});
    renderRoutes(routes, '/ingresar');
    expect(await screen.findByRole('link', { name: TEXT.password.forgotLink }, wait)).toHaveAttribute('href', '/recuperar');
  });

  it('on /recuperar I give my e-mail and am told to check my inbox, whatever the answer says about the account', async () => {
    const { calls } = stubFetch({ [`POST ${API.passwordForgot}`]: [200, { ok: true }] });
    renderRoutes(routes, '/recuperar');
    expect(await screen.findByRole('heading', { name: TEXT.password.forgotTitle }, wait)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TEXT.password.forgotSubmit }));
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Correo'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: TEXT.password.forgotSubmit }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.password.forgotSent);
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: API.passwordForgot, body: { email: 'ana@example.com' } })]);
    // No side menu on this public screen.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('asking too often shows the Spanish limit message and keeps the e-mail', async () => {
    stubFetch({ [`POST ${API.passwordForgot}`]: [429, { error: { code: 'TOO_MANY_REQUESTS', message: MSG.tooManyAttempts } }] });
    renderRoutes(routes, '/recuperar');
    await userEvent.type(await screen.findByLabelText('Correo', {}, wait), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: TEXT.password.forgotSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.tooManyAttempts);
    expect(screen.getByLabelText('Correo')).toHaveValue('ana@example.com');
  });

  it('on /restablecer I set a new password with the confirmation rules of registration, then go to Ingresar', async () => {
    const { calls } = stubFetch({ [`POST ${API.passwordReset}`]: [200, { ok: true }] });
    renderRoutes(routes, '/restablecer?token=abc_DEF-123');
    expect(await screen.findByRole('heading', { name: TEXT.password.resetTitle }, wait)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Contraseña'), 'corta');
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'otra');
    await userEvent.click(screen.getByRole('button', { name: TEXT.password.resetSubmit }));
    expect(await screen.findByText(MSG.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.confirmMismatch)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Contraseña'));
    await userEvent.type(screen.getByLabelText('Contraseña'), 'nueva-clave-123');
    await userEvent.clear(screen.getByLabelText('Confirmar Contraseña'));
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'nueva-clave-123');
    await userEvent.click(screen.getByRole('button', { name: TEXT.password.resetSubmit }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.password.resetDone);
    expect(calls[0]).toMatchObject({ path: API.passwordReset, body: { token: 'abc_DEF-123', password: 'nueva-clave-123' } });
    expect(screen.getByRole('link', { name: TEXT.auth.login })).toHaveAttribute('href', '/ingresar');
    // One way on, not two links to the same place.
    expect(screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/ingresar')).toHaveLength(1);
  });

  it('an expired or used link says so and offers a new one', async () => {
    stubFetch({
      [`POST ${API.passwordReset}`]: [400, { error: { code: 'VALIDATION_ERROR', message: MSG.resetInvalid, fields: { token: MSG.resetInvalid } } }],
    });
    renderRoutes(routes, '/restablecer?token=vencido');
    await userEvent.type(await screen.findByLabelText('Contraseña', {}, wait), 'nueva-clave-123');
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'nueva-clave-123');
    await userEvent.click(screen.getByRole('button', { name: TEXT.password.resetSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.resetInvalid);
    expect(screen.getByRole('link', { name: TEXT.password.resetAskAgain })).toHaveAttribute('href', '/recuperar');
    expect(screen.getByRole('link', { name: TEXT.auth.backToLogin })).toHaveAttribute('href', '/ingresar');
  });

  it('a link without a token is invalid at once', async () => {
    stubFetch({});
    renderRoutes(routes, '/restablecer');
    expect(await screen.findByRole('alert', {}, wait)).toHaveTextContent(MSG.resetInvalid);
  });
});

describe("'Recibir correos' on /perfil", () => {
  it('turns notification mails off and says it was saved', async () => {
    signIn('user');
    let stored = makeUser();
    const { calls } = stubFetch({
      [`GET ${API.user(USER_ID)}`]: () => [200, stored],
      [`PUT ${API.userUpdate2(USER_ID)}`]: (body) => {
        stored = { ...stored, email_notifications: (body as { email_notifications: boolean }).email_notifications };
        return [200, stored];
      },
    });
    renderRoutes(routes, '/perfil');
    const toggle = await screen.findByRole('switch', { name: TEXT.profile.emailsLabel }, wait);
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText(MSG.emailNotificationsSaved)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: TEXT.profile.emailsLabel })).not.toBeChecked();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { email_notifications: false } });
  });
});

describe("'Generar enlace de recuperación' on the admin user profile", () => {
  it('shows the link to pass on and copies it', async () => {
    signIn('admin');
    const url = 'http://localhost:3000/restablecer?token=abc';
    stubFetch({
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.adminActions(USER_ID)}`]: [200, []],
      [`POST ${API.adminResetLink(USER_ID)}`]: [200, { url }],
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes(routes, `/admin/usuario/${USER_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: TEXT.admin.resetLinkButton }, wait));
    expect(await screen.findByDisplayValue(url)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TEXT.admin.resetLinkCopy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(await screen.findByText(MSG.linkCopied)).toBeInTheDocument();
  });
});
