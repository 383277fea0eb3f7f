import { TEXT } from '@sendero/contract';
import { checkA11y, expect, login, test, PHONE } from './fixtures.js';

// Sharing a destination (docs/product.md#sharing).

test.describe('sharing a destination', () => {
  test('as a friend I open a shared link, see what was shared, sign in and land on it', PHONE, async ({ page, api, admin, registerUser }) => {
    const owner = await registerUser();
    const place = await api.createVerifiedPlace(owner.token, admin.token, { name: 'Laguna Compartida', city: 'Huaraz', time_city: 4 });
    const friend = await registerUser();
    const path = `/buscar-destino/destino/${place._id}`;

    // What a link-preview crawler gets for the same address: the destination's meta tags.
    const html = await (await api.request.get(path, { headers: { accept: '*/*' } })).text();
    expect(html).toContain('<title>Laguna Compartida · Sendero</title>');
    expect(html).toContain('<meta property="og:image" content="http://127.0.0.1:');

    await page.goto(path);
    await expect(page).toHaveURL(`/ingresar?${new URLSearchParams({ volver: path })}`);
    const card = page.getByRole('region', { name: TEXT.detail.sharedTitle });
    await expect(card).toBeVisible();
    await expect(card.getByText('Laguna Compartida')).toBeVisible();
    await expect(card.getByText('A 4 horas de Huaraz')).toBeVisible();
    await checkA11y(page, '/ingresar with a shared destination');

    await page.getByPlaceholder('Correo', { exact: true }).fill(friend.email);
    await page.getByPlaceholder('Contraseña', { exact: true }).fill(friend.password);
    await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { name: 'Laguna Compartida', level: 1 })).toBeVisible();
  });

  for (const volver of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
    test(`volver=${volver} lands on /buscar-destino`, async ({ page, registerUser }) => {
      const user = await registerUser();
      await page.goto(`/ingresar?${new URLSearchParams({ volver })}`);
      await page.getByPlaceholder('Correo', { exact: true }).fill(user.email);
      await page.getByPlaceholder('Contraseña', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/buscar-destino$/);
    });
  }

  test("'Compartir' without the Web Share API: copy the link (toast) and the WhatsApp link", PHONE, async ({ page, context, api, admin, registerUser, baseURL }) => {
    const owner = await registerUser();
    const place = await api.createVerifiedPlace(owner.token, admin.token, { name: 'Cerro & Laguna' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await login(page, owner);
    const path = `/buscar-destino/destino/${place._id}`;
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Cerro & Laguna', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('button', { name: TEXT.detail.share }).click();
    const url = `${baseURL}${path}`;
    await expect(page.getByRole('menuitem', { name: TEXT.detail.whatsapp })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Cerro & Laguna ${url}`)}`,
    );
    await checkA11y(page, 'the share menu');
    await page.getByRole('menuitem', { name: TEXT.detail.copyLink }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Enlace copiado.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  test("'Compartir' with the Web Share API opens the system sheet", async ({ page, api, admin, registerUser, baseURL }) => {
    const owner = await registerUser();
    const place = await api.createVerifiedPlace(owner.token, admin.token, { name: 'Nevado Compartido' });
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => {
          (window as unknown as { shared: unknown[] }).shared.push(data);
        },
      });
    });
    await login(page, owner);
    const path = `/buscar-destino/destino/${place._id}`;
    await page.goto(path);
    await page.getByRole('button', { name: TEXT.detail.share }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([
      { title: 'Nevado Compartido', text: 'Nevado Compartido', url: `${baseURL}${path}` },
    ]);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });
});
