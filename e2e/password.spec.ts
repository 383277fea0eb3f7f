import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MSG, TEXT } from '@sendero/contract';
import { checkA11y, expect, test, PHONE } from './fixtures.js';
import { MAILBOX_DIR } from './env.js';

// Password recovery (docs/product.md#password-recovery) through a real mail.

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

function mailsTo(address: string): Mail[] {
  return readdirSync(MAILBOX_DIR)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(MAILBOX_DIR, f), 'utf8')) as Mail)
    .filter((m) => m.to.includes(address.toLowerCase()));
}

test.describe('as a user who forgot the password', () => {
  test('I ask for a link, follow it from the mail, set a new password and log in with it', PHONE, async ({ page, registerUser, api }) => {
    const me = await registerUser();

    await page.goto('/ingresar');
    await page.getByRole('link', { name: TEXT.password.forgotLink }).click();
    await expect(page).toHaveURL(/\/recuperar$/);
    await page.getByLabel('Correo').fill(me.email);
    await page.getByRole('button', { name: TEXT.password.forgotSubmit }).click();
    await expect(page.getByRole('status')).toHaveText(TEXT.password.forgotSent);
    await checkA11y(page);

    let mail: Mail | undefined;
    await expect.poll(() => (mail = mailsTo(me.email).at(-1)), { timeout: 15_000 }).toBeDefined();
    expect(mail!.subject).toBe('Restablece tu contraseña de Sendero');
    const link = /http:\/\/127\.0\.0\.1:\d+\/restablecer\?token=[A-Za-z0-9_-]+/.exec(mail!.text)?.[0];
    expect(link, mail!.text).toBeDefined();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: TEXT.password.resetTitle })).toBeVisible();
    await page.getByLabel('Contraseña', { exact: true }).fill('mi-clave-nueva-2026');
    await page.getByLabel('Confirmar Contraseña').fill('mi-clave-nueva-2026');
    await page.getByRole('button', { name: TEXT.password.resetSubmit }).click();
    await expect(page.getByRole('status')).toHaveText(TEXT.password.resetDone);
    await checkA11y(page);

    // The session the account had before is over; the old password no longer works.
    const oldToken = await page.request.get(`/api/user/${me._id}`, { headers: { Authorization: `Bearer ${me.token}` } });
    expect(oldToken.status()).toBe(401);
    expect((await api.request.post('/api/login', { data: { email: me.email, password: me.password } })).status()).toBe(401);

    await page.getByRole('link', { name: TEXT.auth.login }).click();
    await page.getByLabel('Correo').fill(me.email);
    await page.getByLabel('Contraseña').fill('mi-clave-nueva-2026');
    await page.getByRole('button', { name: TEXT.auth.login }).click();
    await expect(page).toHaveURL(/\/buscar-destino$/);

    // The link worked once.
    await page.goto(link!);
    await page.getByLabel('Contraseña', { exact: true }).fill('otra-clave-2026');
    await page.getByLabel('Confirmar Contraseña').fill('otra-clave-2026');
    await page.getByRole('button', { name: TEXT.password.resetSubmit }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.resetInvalid);
  });
});
