import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { MSG, type Place, SESSION_STORAGE_KEY, TEXT } from '@sendero/contract';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './env.js';
import { expect, loginThroughUi, logoutControl, test, uniqueTag, watchConsole, type Account } from './fixtures.js';

/**
 * docs/product.md#saved: saved destinations open with no network, also after the browser was closed
 * and opened again on the same profile (a persistent Chromium profile, as a phone keeps one). A
 * service worker needs a secure context: http://127.0.0.1 is one.
 */

const OFFLINE_CACHE = (userId: string) => `sendero-offline-${userId}`;

async function launch(profile: string, offline: boolean): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
    locale: 'es-PE',
    serviceWorkers: 'allow',
    offline,
  });
}

async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** Every <img> inside `scope` has actually decoded (naturalWidth > 0). */
async function expectImageLoaded(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() => page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
}

async function expectDetailOffline(page: Page, place: Place, review: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: TEXT.detail.howToGet })).toBeVisible();
  await expect(page.getByText(place.how_to_get)).toBeVisible();
  await expect(page.getByRole('heading', { name: TEXT.detail.tips })).toBeVisible();
  await expect(page.getByText(place.tips)).toBeVisible();
  await expect(page.getByText(review)).toBeVisible();
  await expectImageLoaded(page, `img[alt="${TEXT.detail.photoAlt(place.name, 1, place.photos.length)}"]`);
  await expectImageLoaded(page, `img[alt^="${TEXT.reviews.photoOf('')}"]`);
  // Sending a review needs the network: the button is disabled and says why.
  const reviewButton = page.getByRole('button', { name: TEXT.reviews.write });
  await expect(reviewButton).toBeDisabled();
  await expect(reviewButton).toHaveAccessibleDescription(MSG.offline);
  await expect(page.locator('#reviews-title').locator('..').getByText(MSG.offline)).toBeVisible();
  // So is 'Guardar' (it would change the saved list on the server).
  await expect(page.getByRole('button', { name: 'Guardar destino' })).toBeDisabled();
  await expect(page.getByText(MSG.offlineBanner)).toBeVisible();
}

test('as a hiker I save two destinations and open them with no network after closing the browser', async ({ api, admin }) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const owner = await api.registerUser();
  const hiker: Account = await api.registerUser();
  const stranger: Account = await api.registerUser();
  const first = await api.createVerifiedPlace(owner.token, admin.token, { name: `Laguna sin señal ${tag}` });
  const second = await api.createVerifiedPlace(owner.token, admin.token, { name: `Cascada sin señal ${tag}` });
  await api.createReview(owner.token, first._id, 5, `Agua helada y cielo limpio ${tag}.`);
  await api.createReview(owner.token, second._id, 4, `Sendero húmedo pero precioso ${tag}.`);

  const profile = mkdtempSync(join(tmpdir(), 'sendero-offline-profile-'));
  let context: BrowserContext | undefined;
  try {
    context = await launch(profile, false);
    let page = await firstPage(context);
    let errors = watchConsole(page);
    await loginThroughUi(page, hiker);
    await expect(page).toHaveURL(/\/buscar-destino$/);
    // The worker installs after load and takes control of the page.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);

    // 'Guardar' on a search card...
    await page.goto(`/buscar-destino?name=${encodeURIComponent(first.name)}`);
    const card = page.locator('article').filter({ has: page.getByRole('heading', { name: first.name }) });
    const save = card.getByRole('button', { name: 'Guardar destino' });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByText(MSG.availableOffline)).toBeVisible({ timeout: 20_000 });

    // ... and on the detail.
    await page.goto(`/buscar-destino/destino/${second._id}`);
    const saveDetail = page.getByRole('button', { name: 'Guardar destino' });
    await saveDetail.click();
    await expect(saveDetail).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(MSG.availableOffline)).toBeVisible({ timeout: 20_000 });
    expect(await cacheNames(page)).toContain(OFFLINE_CACHE(hiker._id));

    // /guardados lists them, most recently saved first; then the network goes and the browser closes.
    await page.goto('/guardados');
    await expect(page.getByRole('heading', { level: 1, name: MSG.savedTitle })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([second.name, first.name]);
    await expect(page.getByText(MSG.availableOffline)).toHaveCount(2);
    await context.setOffline(true);
    expect(errors).toEqual([]);
    await context.close();

    // Same profile, still offline.
    context = await launch(profile, true);
    page = await firstPage(context);
    errors = watchConsole(page);
    await page.goto('/guardados');
    await expect(page.getByRole('heading', { level: 1, name: MSG.savedTitle })).toBeVisible();
    await expect(page.getByText(MSG.offlineBanner)).toBeVisible();
    // Really offline, for the worker too: a read it handles but holds no copy of fails (online it
    // would reach the server and get a 404).
    const unknownPlace = await page.evaluate(
      (token) =>
        fetch('/api/place/00000000-0000-4000-8000-000000000000', { headers: { Authorization: `Bearer ${token}` } }).then(
          (res) => `reached ${res.status}`,
          () => 'failed',
        ),
      hiker.token,
    );
    // Chromium's emulated offline mode does not always reach the worker's own requests (then a request
    // the worker holds no copy of reaches the server). The checks that need a really offline worker
    // (another person's session sees no copy) only run when it is.
    const workerOffline = unknownPlace === 'failed';
    test.info().annotations.push({ type: 'worker-offline', description: String(workerOffline) });
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([second.name, first.name]);

    for (const [place, review] of [
      [first, `Agua helada y cielo limpio ${tag}.`],
      [second, `Sendero húmedo pero precioso ${tag}.`],
    ] as const) {
      await page.goto('/guardados');
      await page.locator('article').filter({ has: page.getByRole('heading', { name: place.name }) }).getByRole('link', { name: TEXT.card.seeMore }).click();
      await expectDetailOffline(page, place, review);
    }

    // Another person on this browser never sees the hiker's copies: a session of the stranger, and an
    // entry planted in the stranger's cache that carries the hiker as its owner, show nothing.
    await page.evaluate(
      async ({ key, session, cacheName, placeId, hikerId }) => {
        const cache = await caches.open(cacheName);
        const headers = { 'Content-Type': 'application/json', 'x-sendero-owner': hikerId };
        const own = await (await caches.open(`sendero-offline-${hikerId}`)).match(`/api/place/${placeId}`);
        await cache.put(`/api/place/${placeId}`, new Response(await own!.text(), { headers }));
        await cache.put(`/api/rating/${placeId}`, new Response('[]', { headers }));
        localStorage.setItem(key, JSON.stringify(session));
      },
      {
        key: SESSION_STORAGE_KEY,
        session: { token: stranger.token, _id: stranger._id, role: stranger.role },
        cacheName: OFFLINE_CACHE(stranger._id),
        placeId: first._id,
        hikerId: hiker._id,
      },
    );
    if (workerOffline) {
      await page.goto(`/buscar-destino/destino/${first._id}`);
      await expect(page.getByRole('alert').filter({ hasText: MSG.offline }).first()).toBeVisible();
      await expect(page.getByText(first.name)).toHaveCount(0);
      await page.goto('/guardados');
      await expect(page.getByRole('alert').filter({ hasText: MSG.offline }).first()).toBeVisible();
      await expect(page.getByText(first.name)).toHaveCount(0);
    }

    // Back as the hiker: 'Cerrar Sesión' deletes the offline copies.
    await page.evaluate(
      ({ key, session }) => localStorage.setItem(key, JSON.stringify(session)),
      { key: SESSION_STORAGE_KEY, session: { token: hiker.token, _id: hiker._id, role: hiker.role } },
    );
    await page.goto('/guardados');
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([second.name, first.name]);
    await logoutControl(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => cacheNames(page)).not.toContain(OFFLINE_CACHE(hiker._id));
    expect(await cacheNames(page)).not.toContain('sendero-uploads');

    // Signed in again as the stranger (online for the login), then offline: none of it shows.
    await context.setOffline(false);
    await loginThroughUi(page, stranger);
    await expect(page).toHaveURL(/\/buscar-destino$/);
    await context.setOffline(true);
    await page.goto(`/buscar-destino/destino/${first._id}`);
    await expect(page.getByRole('alert').filter({ hasText: MSG.offline }).first()).toBeVisible();
    await expect(page.getByText(first.name)).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
