import type { Locator, Page } from '@playwright/test';
import { MSG, TEXT } from '@sendero/contract';
import { checkA11y, expect, expectNoHorizontalOverflow, login, logoutControl, test, unfoldFilters, uniqueTag, EVERY_DEVICE } from './fixtures.js';

/*
 * A phone in a person's hand (docs/product.md#web-rules, docs/decisions/040-phone-projects.md): the
 * carousels by tap and by swipe, fast and repeated; the phone turned with a dialog open; pinch-zoom; the
 * on-screen keyboard. Never the error screen, never a page wider than the screen, nothing typed lost.
 * Runs in both phone projects; the first test runs on the desktop too (with clicks and the mouse wheel
 * where a phone taps and swipes), the ones tagged @phone-only do not.
 */

/** The error screen (app/layout/route-error.tsx) never shows. */
async function expectNoErrorScreen(page: Page): Promise<void> {
  await expect(page.getByText(MSG.internal)).toHaveCount(0);
}

/**
 * A finger dragged across `target` by `dx` CSS pixels (negative: to the left, to see the next cards),
 * as Chromium's touch input: touchstart, moves, touchend, with the browser's own scrolling following it.
 */
async function swipe(page: Page, target: Locator, dx: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('swipe: the target is not laid out');
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0) });
  for (let i = 1; i <= 6; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x0 + (dx * i) / 6) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Pinch-zoom to `scale` (1 is no zoom): the page scale a pinch sets, through DevTools (headless Chromium
 * does not turn two synthetic touches into a pinch). The layout viewport stays, the visual one shrinks.
 */
async function zoomTo(page: Page, scale: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: scale });
  await cdp.detach();
}

/** A tap on a phone, a click on a desktop. */
async function press(target: Locator, touch: boolean): Promise<void> {
  if (touch) await target.tap();
  else await target.click();
}

/**
 * Pages a card carousel forward and back: fast repeated presses of 'Siguiente' (not waiting for the
 * scroll between them), then swipes (a phone) or the wheel (a desktop), then 'Anterior'; the width is
 * checked after each burst.
 */
async function pageCarousel(page: Page, carousel: Locator, touch: boolean): Promise<void> {
  const next = carousel.getByRole('button', { name: TEXT.card.next });
  const previous = carousel.getByRole('button', { name: TEXT.card.previous });
  const track = carousel.getByTestId('card-carousel-track');
  await expect(carousel.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
  await expectNoHorizontalOverflow(page, 'with the carousel at its first card');
  for (let i = 0; i < 4 && (await next.isVisible()); i++) await press(next, touch);
  await expectNoHorizontalOverflow(page, "after four fast presses of 'Siguiente'");
  await expectNoErrorScreen(page);
  for (let i = 0; i < 4; i++) {
    if (touch) await swipe(page, track, -260);
    else {
      await track.hover();
      await page.mouse.wheel(400, 0);
    }
  }
  await expectNoHorizontalOverflow(page, 'after four fast swipes');
  await expectNoErrorScreen(page);
  await expect(previous).toBeVisible();
  for (let i = 0; i < 3 && (await previous.isVisible()); i++) await press(previous, touch);
  if (touch) for (let i = 0; i < 3; i++) await swipe(page, track, 260);
  await expectNoHorizontalOverflow(page, "after 'Anterior' and swipes back");
  await expectNoErrorScreen(page);
  await expect(carousel.getByRole('article').first()).toBeVisible();
}

/** Opens the side menu where it is behind 'Abrir menú' (a phone), checks the width, and closes it. */
async function openSideMenu(page: Page, touch: boolean): Promise<void> {
  const open = page.getByRole('button', { name: TEXT.menu.open });
  if (!(await open.isVisible())) {
    await expect(logoutControl(page)).toBeVisible();
    return;
  }
  await press(open, touch);
  await expect(logoutControl(page)).toBeVisible();
  await expectNoHorizontalOverflow(page, 'with the side menu open');
  await page.keyboard.press('Escape');
  await expect(logoutControl(page)).toBeHidden();
}

test.describe('on any device', () => {
  test('the landing and search carousels page by press and by swipe, fast, and the page never gets wider than the screen', EVERY_DEVICE, async ({ page, api, admin, registerUser }, testInfo) => {
    const touch = Boolean(testInfo.project.use.hasTouch);
    const owner = await registerUser();
    const tag = uniqueTag();
    // Reviewed places: a card with a rating carries the visually hidden 'Calificación:' label, the
    // element that once escaped the carousel and widened the page.
    for (let i = 0; i < 6; i++) {
      const place = await api.createVerifiedPlace(owner.token, admin.token, { name: `Mirador táctil ${i} ${tag}` });
      await api.createReview(owner.token, place._id, 4, `Buena vista desde el mirador ${tag}.`);
    }

    await page.goto('/');
    await pageCarousel(page, page.getByRole('region', { name: TEXT.landing.carousel }), touch);
    if (touch) await checkA11y(page, 'landing after paging');

    const user = await registerUser();
    await login(page, user);
    await page.goto('/buscar-destino');
    const results = page.getByRole('region', { name: TEXT.search.results });
    await pageCarousel(page, results, touch);
    await openSideMenu(page, touch);
    if (touch) await checkA11y(page, 'search after paging');
  });
});

test.describe('on a phone', { tag: '@phone-only' }, () => {
  test('turning the phone with the review dialog open keeps the dialog and what I typed, and the page fits both ways', async ({ page, api, admin, registerUser }) => {
    const owner = await registerUser();
    const place = await api.createVerifiedPlace(owner.token, admin.token);
    const user = await registerUser();
    await login(page, user);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/buscar-destino/destino/${place._id}`);
    await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'on the place detail');

    await page.getByRole('button', { name: TEXT.reviews.write }).tap();
    const modal = page.getByRole('dialog', { name: TEXT.reviews.modalTitle(place.name) });
    await expect(modal).toBeVisible();
    const comment = modal.getByRole('textbox', { name: TEXT.reviews.comment });
    await comment.tap();
    await page.keyboard.type('Subida dura, ');
    await expectNoHorizontalOverflow(page, 'with the review dialog open');

    await page.setViewportSize({ width: 844, height: 390 });
    await expect(modal).toBeVisible();
    await expectNoHorizontalOverflow(page, 'turned to landscape with the dialog open');
    await page.keyboard.type('vista enorme.');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(modal).toBeVisible();
    await expect(comment).toHaveValue('Subida dura, vista enorme.');
    await expectNoHorizontalOverflow(page, 'turned back to portrait with the dialog open');
    await expectNoErrorScreen(page);
    await checkA11y(page, 'review dialog on a phone');
  });

  test('pinch-zoom to 200 % on the landing and the search screen: no error, no sideways scroll once back', async ({ page, registerUser }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: TEXT.landing.carousel }).getByRole('article').first()).toBeVisible({ timeout: 20_000 });
    await zoomTo(page, 2);
    await expect.poll(() => page.evaluate(() => window.visualViewport?.scale ?? 1)).toBeGreaterThan(1.5);
    // Zoomed in, the layout is the same: only the visual viewport is smaller.
    await expectNoHorizontalOverflow(page, 'zoomed to 200 %');
    await expectNoErrorScreen(page);
    await zoomTo(page, 1);
    await expect.poll(() => page.evaluate(() => window.visualViewport?.scale ?? 1)).toBeLessThan(1.2);
    await expectNoHorizontalOverflow(page, 'zoomed back out');

    const user = await registerUser();
    await login(page, user);
    await page.goto('/buscar-destino');
    await expect(page.getByRole('region', { name: TEXT.search.results }).getByRole('article').first()).toBeVisible({ timeout: 20_000 });
    await zoomTo(page, 2);
    await expect.poll(() => page.evaluate(() => window.visualViewport?.scale ?? 1)).toBeGreaterThan(1.5);
    await page.getByRole('textbox', { name: TEXT.search.name }).tap();
    await page.keyboard.type('lag');
    await expectNoHorizontalOverflow(page, 'zoomed to 200 % while typing');
    await expectNoErrorScreen(page);
    await expect(page.getByRole('textbox', { name: TEXT.search.name })).toHaveValue('lag');
  });

  test('the on-screen keyboard (a viewport that shrinks while a field has focus) loses nothing I type', async ({ page, registerUser }) => {
    const user = await registerUser();
    await login(page, user);
    const { width, height } = page.viewportSize()!;
    await page.goto('/buscar-destino');
    // On a phone the city is among the filters folded behind 'Filtros' (docs/product.md#search).
    await unfoldFilters(page);
    const name = page.getByRole('textbox', { name: TEXT.search.name });
    const city = page.getByRole('textbox', { name: TEXT.search.city });
    await name.tap();
    await page.keyboard.type('Lag');
    // The keyboard opens: the page keeps its width and loses about half its height.
    await page.setViewportSize({ width, height: Math.round(height / 2) });
    await page.keyboard.type('una');
    await expect(name).toBeFocused();
    await city.tap();
    await page.keyboard.type('Hua');
    await expectNoHorizontalOverflow(page, 'with the keyboard open');
    // The keyboard closes.
    await page.setViewportSize({ width, height });
    await expect(name).toHaveValue('Laguna');
    await expect(city).toHaveValue('Hua');
    await expectNoHorizontalOverflow(page, 'with the keyboard closed');
    await expectNoErrorScreen(page);
  });
});
