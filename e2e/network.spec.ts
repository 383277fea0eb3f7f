import type { CDPSession, Page, Request, Route } from '@playwright/test';
import { API, MSG, type Rating, REQUEST_TIMEOUT_MS, TEXT } from '@sendero/contract';
import { chooseImages, expect, login, logoutControl, pngFile, test, uniqueTag } from './fixtures.js';

/**
 * docs/product.md#no-lost-input: a phone on a weak or lost signal never gets a white page and never loses what was typed.
 * Every journey here runs on a throttled network (Chrome DevTools Protocol), and goes offline through the
 * same protocol so the throttling stays in force when it comes back. The CPU is slowed 4x only where the
 * rule is about the app starting on a phone's CPU (typing while it takes over /ingresar); the other rules
 * (no white page, nothing typed lost, nothing sent twice) do not depend on the CPU's speed, and a slowed
 * CPU only made those journeys three times as long. How fast the screens are on a phone is measured by
 * `npm run bench:web` (Lighthouse's mobile throttling) and `npm run bench:first-paint`, not here.
 */

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A mid-range phone on a weak 4G signal. */
const WEAK_4G = { offline: false, latency: 150, downloadThroughput: (1_600 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** The first-paint budget's network (docs/product.md#no-lost-input): 400 kbps, 400 ms. */
const SLOW = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

async function phone(page: Page, network = WEAK_4G, { slowCpu = false } = {}): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', network);
  if (slowCpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Loses or regains the signal, keeping the throttling of a weak network. */
async function setSignal(cdp: CDPSession, online: boolean): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', online ? WEAK_4G : { ...WEAK_4G, offline: true });
}

/** Marks the current document: the mark survives anything but a reload or a new page load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: number }).e2eMark = 1));
const documentMarked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark === 1);

/** The error toast of docs/product.md#error-toast (outside an open dialog, so found by its markup). */
const errorToast = (page: Page, text: string) => page.locator('[role="alert"][data-severity="error"]', { hasText: text });

const detailPath = (id: string) => `/buscar-destino/destino/${id}`;

test('offline before opening a destination not visited yet: Sin conexión inside the layout, then it recovers by itself', async ({ page, api, admin, registerUser }) => {
  const owner = await registerUser();
  const place = await api.createVerifiedPlace(owner.token, admin.token, { name: `Laguna Sin Señal ${uniqueTag()}` });
  const user = await registerUser();
  const cdp = await phone(page);
  await login(page, user);
  await page.goto(`/buscar-destino?name=${encodeURIComponent(place.name)}`);
  const card = page.getByRole('article').filter({ hasText: place.name });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await markDocument(page);

  await setSignal(cdp, false);
  await expect(page.getByText(TEXT.app.offlineBanner)).toBeVisible();
  await card.getByRole('link', { name: /Ver más/ }).click();
  // The detail screen's code never arrived: 'Sin conexión' and 'Reintentar', the menu still there.
  await expect(page.getByRole('heading', { name: TEXT.app.offlineTitle })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: TEXT.actions.retry })).toBeVisible();
  await page.getByRole('button', { name: TEXT.menu.open }).click();
  await expect(logoutControl(page)).toBeVisible();
  await page.keyboard.press('Escape');

  // Back online: the screen comes by itself, with no reload of the page.
  await setSignal(cdp, true);
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(TEXT.app.offlineBanner)).toBeHidden();
  expect(await documentMarked(page)).toBe(true);
  expect(new URL(page.url()).pathname).toBe(detailPath(place._id));
});

test('a photo upload that fails offline keeps the typed comment and says why; back online the review is sent', async ({ page, api, admin, registerUser }) => {
  const owner = await registerUser();
  const place = await api.createVerifiedPlace(owner.token, admin.token);
  const user = await registerUser();
  const cdp = await phone(page);
  await login(page, user);
  await page.goto(detailPath(place._id));
  await page.getByRole('button', { name: TEXT.reviews.write }).click();
  const modal = page.getByRole('dialog', { name: TEXT.reviews.modalTitle(place.name) });
  const comment = modal.getByRole('textbox', { name: TEXT.reviews.comment });
  const text = 'Subimos al amanecer; llevar abrigo y agua.';
  await comment.fill(text);
  await modal.getByRole('radio', { name: /Bueno/ }).check();

  await setSignal(cdp, false);
  await chooseImages(page, modal, TEXT.reviews.addPhoto, [pngFile('sin-senal.png')]);
  const crop = page.getByRole('dialog', { name: TEXT.upload.cropTitle });
  await crop.getByRole('button', { name: TEXT.upload.usePhoto }).click();
  await expect(errorToast(page, MSG.offline)).toBeVisible();
  await expect(comment).toHaveValue(text);
  await expect(modal.getByRole('button', { name: TEXT.reviews.send })).toBeDisabled();
  await expect(modal.locator('#review-send-offline')).toHaveText(MSG.offline);

  await setSignal(cdp, true);
  await chooseImages(page, modal, TEXT.reviews.addPhoto, [pngFile('con-senal.png')]);
  await crop.getByRole('button', { name: TEXT.upload.usePhoto }).click();
  await expect(modal.getByRole('img', { name: TEXT.reviews.photo })).toHaveAttribute('src', /\/uploads\//, { timeout: 30_000 });
  await expect(comment).toHaveValue(text);
  await modal.getByRole('button', { name: TEXT.reviews.send }).click();
  await expect(modal).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(text)).toBeVisible();
});

test('a review whose send hangs, then cancelled, is never published after the signal comes back', async ({ page, api, admin, registerUser }) => {
  const owner = await registerUser();
  const place = await api.createVerifiedPlace(owner.token, admin.token);
  const user = await registerUser();
  const cdp = await phone(page);
  await login(page, user);
  await page.goto(detailPath(place._id));
  await page.getByRole('button', { name: TEXT.reviews.write }).click();
  const modal = page.getByRole('dialog', { name: TEXT.reviews.modalTitle(place.name) });
  await chooseImages(page, modal, TEXT.reviews.addPhoto, [pngFile('colgada.png')]);
  await page.getByRole('dialog', { name: TEXT.upload.cropTitle }).getByRole('button', { name: TEXT.upload.usePhoto }).click();
  await expect(modal.getByRole('img', { name: TEXT.reviews.photo })).toHaveAttribute('src', /\/uploads\//, { timeout: 30_000 });
  await modal.getByRole('radio', { name: /Excelente/ }).check();
  await modal.getByRole('textbox', { name: TEXT.reviews.comment }).fill('Esta reseña nunca debe publicarse.');

  // The signal drops while sending: the request is held (it never reaches the server).
  const sends: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(API.ratingCreate)) sends.push(r);
  });
  let held: Route | undefined;
  await page.route(`**${API.ratingCreate}`, (route) => {
    held = route;
  });
  await modal.getByRole('button', { name: TEXT.reviews.send }).click();
  await expect.poll(() => held !== undefined).toBe(true);
  await modal.getByRole('button', { name: TEXT.actions.cancel }).click();
  await expect(modal).toBeHidden();

  // From now on a send would reach the server; lose and regain the signal, and give it time.
  await page.unroute(`**${API.ratingCreate}`);
  await held?.abort().catch(() => undefined);
  await setSignal(cdp, false);
  const banner = page.getByRole('status').filter({ hasText: TEXT.app.offlineBanner });
  await expect(banner).toBeVisible();
  await setSignal(cdp, true);
  // The app has seen the signal come back (its banner goes): whatever it would resend starts now, and the
  // requests are counted again at the end, after the steps below have given a resend every chance.
  await expect(banner).toBeHidden();
  const res = await api.getRatings(user.token, place._id);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as Rating[] | { items: Rating[] };
  const ratings = Array.isArray(body) ? body : body.items;
  expect(ratings.filter((r) => r.comment === 'Esta reseña nunca debe publicarse.')).toEqual([]);
  // The modal opens empty again and the place still invites a review.
  await page.getByRole('button', { name: TEXT.reviews.write }).click();
  await expect(modal.getByRole('textbox', { name: TEXT.reviews.comment })).toHaveValue('');
  expect(sends).toHaveLength(1);
});

test('Back with the review modal open closes it, and asks first when something was written', async ({ page, api, admin, registerUser }) => {
  const owner = await registerUser();
  const place = await api.createVerifiedPlace(owner.token, admin.token);
  const user = await registerUser();
  await phone(page);
  await login(page, user);
  // Inside the app, as a user gets there: the search, then the destination.
  await page.goto(`/buscar-destino?name=${encodeURIComponent(place.name)}`);
  await page.getByRole('article').filter({ hasText: place.name }).getByRole('link', { name: /Ver más/ }).click();
  const open = page.getByRole('button', { name: TEXT.reviews.write });
  const modal = page.getByRole('dialog', { name: TEXT.reviews.modalTitle(place.name) });

  await open.click();
  await expect(modal).toBeVisible();
  await page.goBack();
  await expect(modal).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(detailPath(place._id));

  await open.click();
  const comment = modal.getByRole('textbox', { name: TEXT.reviews.comment });
  await comment.fill('Medio escrito');
  await page.goBack();
  await expect(modal.getByText(TEXT.reviews.discardQuestion)).toBeVisible();
  await expect(comment).toHaveValue('Medio escrito');
  expect(new URL(page.url()).pathname).toBe(detailPath(place._id));
  await modal.getByRole('button', { name: TEXT.reviews.keepWriting }).click();
  await expect(comment).toHaveValue('Medio escrito');
  await page.goBack();
  await modal.getByRole('button', { name: TEXT.reviews.discard }).click();
  await expect(modal).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(detailPath(place._id));
});

test('Back with the review modal open on a tab opened directly on the destination closes it and stays; the next Back leaves', async ({ page, api, admin, registerUser }) => {
  const owner = await registerUser();
  const place = await api.createVerifiedPlace(owner.token, admin.token);
  const user = await registerUser();
  const tab = page;
  await phone(tab);
  await login(tab, user);
  // The tab opens on the destination's address (a shared link): nothing of the site before it.
  await tab.goto(detailPath(place._id));
  const open = tab.getByRole('button', { name: TEXT.reviews.write });
  const modal = tab.getByRole('dialog', { name: TEXT.reviews.modalTitle(place.name) });
  await open.click();
  await expect(modal).toBeVisible();
  await markDocument(tab);

  await tab.goBack();
  await expect(modal).toBeHidden();
  expect(new URL(tab.url()).pathname).toBe(detailPath(place._id));
  expect(await documentMarked(tab)).toBe(true);

  // Half-written: Back asks, and the text stays.
  await open.click();
  const comment = modal.getByRole('textbox', { name: TEXT.reviews.comment });
  await comment.fill('Escrito en una pestaña nueva');
  await tab.goBack();
  await expect(modal.getByText(TEXT.reviews.discardQuestion)).toBeVisible();
  await expect(comment).toHaveValue('Escrito en una pestaña nueva');
  expect(new URL(tab.url()).pathname).toBe(detailPath(place._id));
  await modal.getByRole('button', { name: TEXT.reviews.discard }).click();
  await expect(modal).toBeHidden();
  expect(await documentMarked(tab)).toBe(true);

  // No dialog open: one Back leaves the site as it would have (the blank tab the page was opened in).
  await tab.goBack().catch(() => undefined);
  await expect.poll(() => tab.url()).toBe('about:blank');
});

test('the search carousel shows the first result again after a filter change', async ({ page, api, admin, registerUser }) => {
  const owner = await registerUser();
  const tag = uniqueTag();
  const names = ['Alfa', 'Beta', 'Gamma', 'Delta'].map((w) => `Cerro ${w} ${tag}`).concat(`Laguna ${tag}`);
  for (const name of names) await api.createVerifiedPlace(owner.token, admin.token, { name, city: `Ciudad${tag}` });
  const user = await registerUser();
  await phone(page);
  await login(page, user);
  await page.goto(`/buscar-destino?ciudad=Ciudad${tag}`);
  const carousel = page.getByRole('region', { name: TEXT.search.results });
  await expect(carousel.getByRole('article')).not.toHaveCount(0, { timeout: 30_000 });
  // Swipe to the last card (one card per screen on a phone).
  const track = page.getByTestId('card-carousel-track');
  await track.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'auto' }));
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  // Four of the five match 'Cerro': the row starts again at the first of them.
  await page.getByRole('textbox', { name: TEXT.search.name }).fill('Cerro');
  await expect(page.getByText('4 destinos')).toBeVisible();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
  await expect(carousel.getByRole('article').first()).toBeInViewport();
});

test('the landing is painted on a 400 kbps / 400 ms network before its script has arrived', async ({ page }) => {
  await phone(page, SLOW);
  // The main script never arrives: what shows is the HTML and its CSS alone.
  await page.route('**/assets/index-*.js', () => undefined);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: TEXT.landing.title })).toBeVisible();
  await expect(page.getByRole('link', { name: TEXT.landing.login })).toBeVisible();
  await expect(page.getByRole('link', { name: TEXT.landing.register })).toBeVisible();
  await expect(page.getByRole('link', { name: TEXT.landing.logo })).toBeVisible();
  await expect(page.getByRole('heading', { name: TEXT.landing.title })).toHaveCSS('font-weight', /700|bold/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the API answering 502 with an HTML page: a Spanish error and Reintentar, never a white page', async ({ page, registerUser }) => {
  const user = await registerUser();
  await phone(page);
  await login(page, user);
  await page.route(`**${API.placeIndex()}*`, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
  );
  await page.goto('/buscar-destino');
  await expect(page.getByRole('button', { name: TEXT.actions.retry })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('502 Bad Gateway')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: TEXT.search.name })).toBeVisible();
  await page.unroute(`**${API.placeIndex()}*`);
  await page.getByRole('button', { name: TEXT.actions.retry }).click();
  await expect(page.getByRole('button', { name: TEXT.actions.retry })).toBeHidden({ timeout: 30_000 });
});

test('a screen chunk deleted by a deploy: the page reloads itself once, on the screen asked for, and shows it', async ({ page, registerUser }) => {
  const user = await registerUser();
  await phone(page);
  await login(page, user);
  await page.goto('/buscar-destino');
  await expect(page.getByRole('textbox', { name: TEXT.search.name })).toBeVisible({ timeout: 30_000 });
  // The profile screen's chunk is gone (a deploy replaced it) until the page reloads, which brings
  // the "new" one.
  let reloads = 0;
  let removed = 0;
  page.on('load', () => reloads++);
  await page.route('**/assets/profile-*.js', (route) => {
    if (reloads > 0) return route.fallback();
    removed++;
    return route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' });
  });
  await page.getByRole('button', { name: TEXT.menu.open }).click();
  await page.getByRole('link', { name: TEXT.menu.profile }).click();
  await expect(page.getByRole('button', { name: TEXT.profile.edit })).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe('/perfil');
  expect(removed).toBeGreaterThanOrEqual(2);
  expect(reloads).toBe(1);
  expect(await page.evaluate(() => window.sessionStorage.getItem('sendero.chunk-reload'))).not.toBeNull();
});

test('a screen chunk that is really gone: one reload at most, then Sin conexión with the menu, never a white page', async ({ page, registerUser }) => {
  const user = await registerUser();
  await phone(page);
  await login(page, user);
  await page.goto('/buscar-destino');
  await expect(page.getByRole('textbox', { name: TEXT.search.name })).toBeVisible({ timeout: 30_000 });
  await page.route('**/assets/profile-*.js', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' }));
  let loads = 0;
  page.on('load', () => loads++);
  await page.getByRole('button', { name: TEXT.menu.open }).click();
  await page.getByRole('link', { name: TEXT.menu.profile }).click();
  await expect(page.getByRole('heading', { name: TEXT.app.offlineTitle })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: TEXT.actions.retry })).toBeVisible();
  await page.getByRole('button', { name: TEXT.menu.open }).click();
  await expect(logoutControl(page)).toBeVisible();
  // Counted after the menu has answered a tap on the same document: a second reload would have replaced it.
  expect(loads).toBeLessThanOrEqual(1);
});

test('a call that never answers: after the time limit the error toast says so, and the typed form is still there', async ({ page, registerUser }) => {
  const user = await registerUser();
  await phone(page);
  // The login call reaches nothing: no answer, no error, ever.
  let sent = false;
  await page.route(`**${API.login}`, () => {
    sent = true;
  });
  await page.goto('/ingresar');
  const email = page.getByPlaceholder('Correo', { exact: true });
  await email.fill(user.email);
  await page.getByPlaceholder('Contraseña', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect.poll(() => sent).toBe(true);
  // Nothing is said before the time limit (REQUEST_TIMEOUT_MS); past it the client gives up and says
  // why, and the screen and the input stay. The limit is waited out in real time: with Playwright's
  // fake clock jumping over it, the toast did not come on a loaded two-core machine (the abort and the
  // toast's own timers raced the jump), and this is the one test that waits it.
  const sentAt = Date.now();
  await expect(errorToast(page, MSG.timeout)).toHaveCount(0);
  await expect(errorToast(page, MSG.timeout)).toBeVisible({ timeout: REQUEST_TIMEOUT_MS + 20_000 });
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 2_000);
  await expect(email).toHaveValue(user.email);
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeEnabled();
  expect(new URL(page.url()).pathname).toBe('/ingresar');
});

test('on a phone, /ingresar takes my typing from its first paint; the app starts on my first touch, hydrates the page, keeps what I typed and where, and signs me in', async ({ page, registerUser }) => {
  const user = await registerUser();
  await phone(page, WEAK_4G, { slowCpu: true });
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  // The app's last chunk waits until I have typed: the page is the build's HTML alone until then.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/main-*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/ingresar');
  const email = page.getByPlaceholder('Correo', { exact: true });
  const password = page.getByPlaceholder('Contraseña', { exact: true });
  const button = page.getByRole('button', { name: 'Ingresar', exact: true });
  await expect(button).toBeDisabled();
  await email.click();
  await page.keyboard.type(user.email);
  await password.click();
  await page.keyboard.type(user.password.slice(0, 3));
  expect(await hydrated(page)).toBe(false);
  release();
  // Typing on, key by key, while React hydrates the page on a phone-speed CPU: no key is lost or lands elsewhere.
  await page.keyboard.type(user.password.slice(3), { delay: 40 });
  await expect(button).toBeEnabled({ timeout: 30_000 });
  expect(await hydrated(page)).toBe(true);
  await expect(password).toBeFocused();
  await expect(email).toHaveValue(user.email);
  await expect(password).toHaveValue(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/buscar-destino$/, { timeout: 30_000 });
  expect(addresses.filter((url) => url.includes('?'))).toEqual([]);
});

/** Whether React has hydrated the page's form: the element carries React's own fiber key once it has. */
function hydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const form = document.querySelector('form');
    return Boolean(form && Object.keys(form).some((key) => key.startsWith('__reactFiber$')));
  });
}

test('the login form checks its fields with no signal once the page has loaded, its validation prefetched before the first focus', async ({ page }) => {
  await phone(page);
  // A browser that refuses service workers (a private window): what the page loaded is all there is offline.
  await page.addInitScript(() => {
    navigator.serviceWorker.register = () => Promise.reject(new DOMException('Service workers are disabled', 'SecurityError'));
  });
  const validation: string[] = [];
  page.on('requestfinished', (request) => {
    if (/\/assets\/(zod|auth-schemas)-/.test(request.url())) validation.push(request.url());
  });
  await page.goto('/ingresar');
  const email = page.getByPlaceholder('Correo', { exact: true });
  await expect(email).toBeEnabled();
  // Downloaded after the first paint with the screen's chunks (a prefetch, not compiled then, apps/web/src/boot/preloads.ts), before any focus.
  await expect.poll(() => validation.length, { timeout: 30_000 }).toBe(2);
  await page.context().setOffline(true);
  await email.click();
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByText(MSG.emailRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.passwordRequired, { exact: true })).toBeVisible();
});
