import { TEXT } from '@sendero/contract';
import { expect, login, test } from './fixtures.js';

// What only a phone-sized browser shows (docs/product.md#landing, #saved): the layout at 390 x 844.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('on a phone the landing shows a destination on its first screen, under the hero', async ({ page, api, admin, registerUser }) => {
  const owner = await registerUser();
  await api.createVerifiedPlace(owner.token, admin.token);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.landing.title })).toBeVisible();
  const card = page.getByRole('region', { name: TEXT.landing.carousel }).getByRole('article').first();
  await expect(card).toBeVisible();
  // At least the card's photo and name are on the first screen, without scrolling.
  const box = (await card.boundingBox())!;
  expect(box.y + 120).toBeLessThan(844);
});

test('on a phone, offline and scrolled, the banner sticks under the app bar and never covers the menu button', async ({ page, context, api, admin, registerUser }) => {
  const owner = await registerUser();
  await Promise.all([1, 2, 3].map(() => api.createVerifiedPlace(owner.token, admin.token)));
  await login(page, owner);
  await page.goto('/perfil');
  const menuButton = page.getByRole('button', { name: TEXT.menu.open });
  await expect(menuButton).toBeVisible();
  await context.setOffline(true);
  const banner = page.getByText(TEXT.app.offlineBanner);
  await expect(banner).toBeVisible();
  // Tall enough to scroll on any screen; then scrolled to the bottom.
  await page.evaluate(() => {
    document.querySelectorAll('main').forEach((main) => (main.style.minHeight = '3000px'));
    window.scrollTo(0, document.body.scrollHeight);
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await expect(banner).toBeInViewport();
  const [bar, stuck] = [(await menuButton.boundingBox())!, (await banner.boundingBox())!];
  // The top of the page is the app bar's: whatever is at the menu button's centre is the button.
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null, {
    x: bar.x + bar.width / 2,
    y: bar.y + bar.height / 2,
  });
  expect(hit).toBe(TEXT.menu.open);
  expect(stuck.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  await menuButton.click();
  await expect(page.getByRole('dialog', { name: TEXT.menu.main })).toBeVisible();
  await context.setOffline(false);
});
