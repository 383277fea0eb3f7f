import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { MSG, type Place, SESSION_STORAGE_KEY, TEXT, TRACK_TEXT, trackDistanceText, trackMetresText, type TrackPoint, type TrackSummary } from '@sendero/contract';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './env.js';
import { type Account, deviceOf, expect, loginThroughUi, logoutControl, openMenuIfHidden, test, uniqueTag, watchConsole, PHONE } from './fixtures.js';

/**
 * docs/product.md#saved: saved destinations open with no network, also after the browser was closed
 * and opened again on the same profile (a persistent Chromium profile, as a phone keeps one). A
 * service worker needs a secure context: http://127.0.0.1 is one.
 */

const OFFLINE_CACHE = (userId: string) => `sendero-offline-${userId}`;

/**
 * The browser's way to the site, which the test can cut. Chromium's emulated offline mode
 * (`context.setOffline`) turns navigator.onLine off and fails the page's requests, but it reaches a
 * service worker's own requests only once Playwright has attached to the worker, which races with
 * the worker's start. So every request of the browser, the worker's included, goes through this
 * forwarding proxy (Playwright proxies loopback addresses too), and offline it drops every
 * connection: the worker is really without network, every run.
 */
interface Network {
  proxyUrl: string;
  setOffline(offline: boolean): void;
  /** From now on /sw.js ends with this text, as if a new version had been deployed. */
  deploy(marker: string): void;
  close(): Promise<void>;
}

async function startNetwork(): Promise<Network> {
  const target = new URL(BASE_URL);
  const sockets = new Set<Socket>();
  let offline = false;
  let deployed = '';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', BASE_URL);
    if (offline || url.host !== target.host) {
      req.socket.destroy();
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    const newWorker = deployed && url.pathname === '/sw.js';
    if (newWorker) {
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: `${url.pathname}${url.search}`, headers }, (answer) => {
      if (!newWorker || answer.statusCode !== 200) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(`\n${deployed}\n`)]);
        const { etag: _etag, 'last-modified': _modified, ...rest } = answer.headers;
        res.writeHead(200, { ...rest, 'content-length': String(body.length) });
        res.end(body);
      });
    });
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    if (offline) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    proxyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setOffline(value) {
      offline = value;
      // Kept-alive connections go too, as they do when the signal goes.
      if (value) for (const socket of sockets) socket.destroy();
    },
    deploy(marker) {
      deployed = marker;
    },
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

async function launch(profile: string, network: Network, offline: boolean): Promise<BrowserContext> {
  network.setOffline(offline);
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: BASE_URL,
    // The project's device: a phone in the phone projects (docs/decisions/040-phone-projects.md).
    ...deviceOf(test.info().project.use),
    locale: 'es-PE',
    serviceWorkers: 'allow',
    proxy: { server: network.proxyUrl },
    offline,
  });
}

/** A fresh persistent profile and the network the test can cut, in a browser started online; all closed after `run`. */
async function inFreshBrowser(name: string, run: (context: BrowserContext, network: Network) => Promise<void>): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), `sendero-${name}-profile-`));
  const network = await startNetwork();
  let context: BrowserContext | undefined;
  try {
    context = await launch(profile, network, false);
    await run(context, network);
  } finally {
    await context?.close();
    await network.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** No network for the page (navigator.onLine, its requests) and for the service worker alike. */
async function setOffline(context: BrowserContext, network: Network, offline: boolean): Promise<void> {
  network.setOffline(offline);
  await context.setOffline(offline);
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
  await expect(page.getByText(TEXT.app.offlineBanner)).toBeVisible();
}

/** A 3 km climb of 61 points from 3,900 m to 4,500 m (docs/product.md#tracks), for a saved place's track. */
function climb(): TrackPoint[] {
  return Array.from({ length: 61 }, (_, i): TrackPoint => [
    Math.round((-77.5 + i * 0.0004) * 1e6) / 1e6,
    Math.round((-9.4 + i * 0.0002) * 1e6) / 1e6,
    Math.round((3900 + i * 10 + 3 * Math.sin(i)) * 10) / 10,
  ]);
}

/** 'Recorrido' from the offline copy: the figures the server computed and the profile drawn; or no section at all. */
async function expectTrackOffline(page: Page, track: TrackSummary | null): Promise<void> {
  const section = page.getByRole('region', { name: TRACK_TEXT.title });
  if (!track) {
    await expect(section).toHaveCount(0);
    return;
  }
  const figure = (term: string) => section.locator(`dt:text-is("${term}") + dd, dd:has(+ dt:text-is("${term}"))`);
  await expect(figure(TRACK_TEXT.distance)).toHaveText(trackDistanceText(track.distance_m));
  await expect(figure(TRACK_TEXT.maxEle)).toHaveText(trackMetresText(track.max_ele_m!));
  const profile = section.getByRole('figure', { name: TRACK_TEXT.profile });
  await expect(profile.locator('svg .MuiLineChart-area').first()).toBeVisible();
  await expect(profile.getByRole('slider', { name: TRACK_TEXT.profilePosition })).toBeVisible();
}

test('as a hiker I save two destinations and open them with no network after closing the browser', PHONE, async ({ api, admin }) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const owner = await api.registerUser();
  const hiker: Account = await api.registerUser();
  const stranger: Account = await api.registerUser();
  const first = await api.createVerifiedPlace(owner.token, admin.token, { name: `Laguna sin señal ${tag}` });
  const second = await api.createVerifiedPlace(owner.token, admin.token, { name: `Cascada sin señal ${tag}` });
  await api.createReview(owner.token, first._id, 5, `Agua helada y cielo limpio ${tag}.`);
  await api.createReview(owner.token, second._id, 4, `Sendero húmedo pero precioso ${tag}.`);
  // The first one has a route track: offline, its 'Recorrido' comes from the saved copy too.
  const track = await api.putTrack(owner.token, first._id, climb());

  const profile = mkdtempSync(join(tmpdir(), 'sendero-offline-profile-'));
  const network = await startNetwork();
  let context: BrowserContext | undefined;
  try {
    context = await launch(profile, network, false);
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
    await expect(card.getByText(TEXT.saved.availableOffline)).toBeVisible({ timeout: 20_000 });

    // ... and on the detail.
    await page.goto(`/buscar-destino/destino/${second._id}`);
    const saveDetail = page.getByRole('button', { name: 'Guardar destino' });
    await saveDetail.click();
    await expect(saveDetail).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(TEXT.saved.availableOffline)).toBeVisible({ timeout: 20_000 });
    expect(await cacheNames(page)).toContain(OFFLINE_CACHE(hiker._id));

    // /guardados lists them, most recently saved first; then the network goes and the browser closes.
    await page.goto('/guardados');
    await expect(page.getByRole('heading', { level: 1, name: TEXT.saved.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([second.name, first.name]);
    await expect(page.getByText(TEXT.saved.availableOffline)).toHaveCount(2);
    await setOffline(context, network, true);
    expect(errors).toEqual([]);
    await context.close();

    // Same profile, still offline.
    context = await launch(profile, network, true);
    page = await firstPage(context);
    errors = watchConsole(page);
    await page.goto('/guardados');
    await expect(page.getByRole('heading', { level: 1, name: TEXT.saved.title })).toBeVisible();
    await expect(page.getByText(TEXT.app.offlineBanner)).toBeVisible();
    // Really offline, for the worker too: a read it handles but holds no copy of fails (online it
    // would reach the server and get a 404).
    const unknownPlace = () => page.evaluate(
      (token) =>
        fetch('/api/place/00000000-0000-4000-8000-000000000000', { headers: { Authorization: `Bearer ${token}` } }).then(
          (res) => `reached ${res.status}`,
          () => 'failed',
        ),
      hiker.token,
    );
    expect(await unknownPlace()).toBe('failed');
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([second.name, first.name]);

    for (const [place, review, placeTrack] of [
      [first, `Agua helada y cielo limpio ${tag}.`, track],
      [second, `Sendero húmedo pero precioso ${tag}.`, null],
    ] as const) {
      await page.goto('/guardados');
      await page.locator('article').filter({ has: page.getByRole('heading', { name: place.name }) }).getByRole('link', { name: TEXT.card.seeMore }).click();
      await expectDetailOffline(page, place, review);
      await expectTrackOffline(page, placeTrack);
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
    await page.goto(`/buscar-destino/destino/${first._id}`);
    await expect(page.getByRole('alert').filter({ hasText: MSG.offline }).first()).toBeVisible();
    await expect(page.getByText(first.name)).toHaveCount(0);
    await page.goto('/guardados');
    await expect(page.getByRole('alert').filter({ hasText: MSG.offline }).first()).toBeVisible();
    await expect(page.getByText(first.name)).toHaveCount(0);
    // Still without network for the worker (a copy was not shown because it was refused, not
    // because the server answered).
    expect(await unknownPlace()).toBe('failed');

    // Back as the hiker: 'Cerrar Sesión' deletes the offline copies.
    await page.evaluate(
      ({ key, session }) => localStorage.setItem(key, JSON.stringify(session)),
      { key: SESSION_STORAGE_KEY, session: { token: hiker.token, _id: hiker._id, role: hiker.role } },
    );
    await page.goto('/guardados');
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([second.name, first.name]);
    await openMenuIfHidden(page);
    await logoutControl(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => cacheNames(page)).not.toContain(OFFLINE_CACHE(hiker._id));
    expect(await cacheNames(page)).not.toContain('sendero-uploads');

    // Signed in again as the stranger (online for the login), then offline: none of it shows.
    await setOffline(context, network, false);
    await loginThroughUi(page, stranger);
    await expect(page).toHaveURL(/\/buscar-destino$/);
    await setOffline(context, network, true);
    await page.goto(`/buscar-destino/destino/${first._id}`);
    await expect(page.getByRole('alert').filter({ hasText: MSG.offline }).first()).toBeVisible();
    await expect(page.getByText(first.name)).toHaveCount(0);
    expect(await unknownPlace()).toBe('failed');
    expect(errors).toEqual([]);
  } finally {
    await context?.close();
    await network.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('/ingresar, left untouched, gets the app onto the device: with no network afterwards, my first touch starts it, the form checks its fields and keeps what I typed', async () => {
  test.setTimeout(90_000);
  await inFreshBrowser('login', async (context, network) => {
    const page = await firstPage(context);
    const errors = watchConsole(page);
    await page.goto('/ingresar');
    // The page registers the service worker once loaded and idle, before any use (apps/web/src/boot/entry.ts);
    // the app itself has not started: it hydrates the page on my first touch.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);

    await setOffline(context, network, true);
    await page.getByPlaceholder('Correo', { exact: true }).fill('ana@');
    await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
    await expect(page.getByText(MSG.emailInvalid, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(MSG.passwordRequired, { exact: true })).toBeVisible();
    await expect(page.getByPlaceholder('Correo', { exact: true })).toHaveValue('ana@');
    expect(errors).toEqual([]);
  });
});

test('the landing is installable, and a new deploy says so and takes over with Actualizar', async () => {
  test.setTimeout(90_000);
  await inFreshBrowser('update', async (context, network) => {
    const page = await firstPage(context);
    const errors = watchConsole(page);
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);

    // Installable (what Lighthouse's installable audit asked Chromium before Lighthouse 12): the
    // manifest parses with no error and Chromium finds nothing missing to install the app.
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    await expect(page.getByText(TEXT.app.newVersion)).toHaveCount(0);

    // A new version of the worker is deployed; the open page finds it on its next check, says so, and
    // 'Actualizar' reloads it under the new worker. Twice: first in the tab opened before any worker
    // existed, then in a tab that opened under a worker (the usual case).
    for (const deploy of ['// the next deploy', '// the deploy after it']) {
      network.deploy(deploy);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      await expect(page.getByText(TEXT.app.newVersion), deploy).toBeVisible({ timeout: 30_000 });
      await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: TEXT.app.update }).click();
      await reloaded;
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate), deploy).toBeUndefined();
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.active && !r.waiting && navigator.serviceWorker.controller))))
        .toBe(true);
      await expect(page.getByText(TEXT.app.newVersion)).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });
});
