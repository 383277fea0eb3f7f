import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { SESSION_STORAGE_KEY, type Session, TEXT } from '@sendero/contract';
import { Api, adminCreds, type Account } from './api.js';
import { BASE_URL } from './env.js';
import type { PngFile } from './png.js';
import { watchWidth } from './width.js';

export { expect } from '@playwright/test';
export { adminCreds, uniqueTag, type Account } from './api.js';
export { pngFile } from './png.js';
export { expectNoHorizontalOverflow } from './width.js';

/**
 * Fails the test on an uncaught exception or a console.error in the page (epic-stack habit).
 * "Failed to load resource" lines are the browser reporting HTTP errors the journeys provoke on
 * purpose (a 401, a 404 for a place the user may not see); the app handles those itself.
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(`console.error: ${msg.text()}`);
  });
  return errors;
}

/**
 * Signs `page` in as `creds` the way the app itself does after a login: the session returned by
 * POST /api/login stored under `sendero.session`. It is written once, before the next document of
 * this origin runs, so a later 'Cerrar Sesión' in the test is not undone by a reload.
 */
export async function login(page: Page, creds: Pick<Account, 'token' | '_id' | 'role'>): Promise<void> {
  const session: Session = { token: creds.token, _id: creds._id, role: creds.role };
  const once = `e2e.session.${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ key, value, once, origin }) => {
      if (window.location.origin !== origin || window.sessionStorage.getItem(once)) return;
      window.sessionStorage.setItem(once, '1');
      window.localStorage.setItem(key, value);
    },
    { key: SESSION_STORAGE_KEY, value: JSON.stringify(session), once, origin: new URL(BASE_URL).origin },
  );
}

/** Signs in through the login form of docs/product.md#login ('Correo', 'Contraseña', 'Ingresar'). */
export async function loginThroughUi(page: Page, creds: { email: string; password: string }, path = '/ingresar'): Promise<void> {
  await page.goto(path);
  await page.getByPlaceholder('Correo', { exact: true }).fill(creds.email);
  await page.getByPlaceholder('Contraseña', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
}

/** The stored session, as the app left it. */
export async function storedSession(page: Page): Promise<Session | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Session) : null;
}

/** axe-core on the current screen: no serious or critical violation (docs/product.md#web-rules). */
export async function checkA11y(page: Page, screen = new URL(page.url()).pathname): Promise<void> {
  // Let entry transitions (dialogs, drawers, skeleton fades) finish so colours are final.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 3000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 140)}`).join(' | ')}`);
  expect(blocking, `axe violations on ${screen}`).toEqual([]);
}

/**
 * Tags a test that runs on the `phone-390` project instead of the desktop (playwright.config.ts,
 * docs/decisions/040-phone-projects.md): together the tagged journeys open every screen, dialog and menu
 * of the app once as a phone, with the width watched (width.ts). What they check beyond the layout
 * (server answers, redirects, roles) does not depend on the device, so the desktop does not run them
 * again; desktop-tour.spec.ts opens their screens at 1440 px. Untagged tests run on the desktop only.
 */
export const PHONE = { tag: '@phone' } as const;

/** Tags a test that runs on the desktop as well as on the phones (phone.spec.ts's carousels). */
export const EVERY_DEVICE: { tag: string[] } = { tag: ['@phone', '@desktop'] };

/** The menu items of docs/product.md#side-menu, by their accessible names. */
export const MENU = {
  search: TEXT.menu.search,
  profile: TEXT.menu.profile,
  myOutings: TEXT.menu.myOutings,
  guide: TEXT.menu.becomeGuide,
  adminUsers: TEXT.menu.adminUsers,
  adminPlaces: TEXT.menu.adminPlaces,
  createPlace: TEXT.menu.createPlace,
  logout: TEXT.menu.logout,
} as const;

/** The side menu's 'Cerrar Sesión' control: present exactly when the menu is shown. */
export function logoutControl(page: Page) {
  return page.getByRole('link', { name: MENU.logout }).or(page.getByRole('button', { name: MENU.logout })).or(page.getByRole('menuitem', { name: MENU.logout }));
}

/**
 * The side menu or, on a phone, the app bar's 'Abrir menú' that opens it: what a screen with the menu
 * shows (the drawer's items are out of the accessibility tree while it is closed).
 */
export function menuControls(page: Page) {
  return logoutControl(page).or(page.getByRole('button', { name: TEXT.menu.open }));
}

/** Opens the side menu where it is behind 'Abrir menú' (a phone); on a desktop it is always shown. */
export async function openMenuIfHidden(page: Page): Promise<void> {
  await expect(menuControls(page).first()).toBeVisible();
  if (await logoutControl(page).isVisible()) return;
  await page.getByRole('button', { name: TEXT.menu.open }).click();
  await expect(logoutControl(page)).toBeVisible();
}

/** A menu item (link, button or menuitem) by its exact text. */
export function menuItem(page: Page, name: string) {
  const exact = { name, exact: true } as const;
  return page.getByRole('link', exact).or(page.getByRole('button', exact)).or(page.getByRole('menuitem', exact));
}

interface TestFixtures {
  /** Registers a fresh user through the API (unique email) and returns its credentials and session. */
  registerUser: (overrides?: Partial<Pick<Account, 'firstname' | 'lastname' | 'password'>>) => Promise<Account>;
  /** A second browser window for another person (its own storage), signed in as `account` when given. */
  openAs: (account?: Account) => Promise<Page>;
}
interface WorkerFixtures {
  api: Api;
  /** The administrator's session, logged in once per worker. */
  admin: Account;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  api: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: BASE_URL });
      await use(new Api(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  admin: [async ({ api }, use) => use(await api.adminLogin(adminCreds.email, adminCreds.password)), { scope: 'worker' }],

  page: async ({ page }, use) => {
    const errors = watchConsole(page);
    const tooWide = await watchWidth(page);
    await use(page);
    expect(errors, 'errors in the browser console').toEqual([]);
    expect(tooWide, 'moments the page was wider than the screen (e2e/width.ts)').toEqual([]);
  },

  registerUser: async ({ api }, use) => use((overrides) => api.registerUser(overrides)),

  openAs: async ({ browser }, use, testInfo) => {
    const opened: { context: BrowserContext; errors: string[]; tooWide: unknown[] }[] = [];
    await use(async (account) => {
      const context = await newContext(browser, testInfo.project.use);
      const page = await context.newPage();
      opened.push({ context, errors: watchConsole(page), tooWide: await watchWidth(page) });
      if (account) await login(page, account);
      return page;
    });
    for (const { context } of opened) await context.close();
    expect(opened.flatMap((o) => o.errors), 'errors in the browser console of the other windows').toEqual([]);
    expect(opened.flatMap((o) => o.tooWide), 'moments the other windows were wider than the screen').toEqual([]);
  },
});

/** Another window on the same kind of device as the project's (a phone in the phone projects). */
export function newContext(browser: Browser, device: DeviceOptions, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...deviceOf(device), baseURL: BASE_URL, locale: 'es-PE', timezoneId: 'America/Lima', ...options });
}

type DeviceOptions = Pick<BrowserContextOptions, 'viewport' | 'screen' | 'userAgent' | 'deviceScaleFactor' | 'isMobile' | 'hasTouch'>;

/** The device a project emulates (its `use`), for contexts a test opens itself. */
export function deviceOf(use: DeviceOptions): DeviceOptions {
  const { viewport, screen, userAgent, deviceScaleFactor, isMobile, hasTouch } = use;
  return { viewport: viewport ?? { width: 1440, height: 900 }, screen, userAgent, deviceScaleFactor, isMobile, hasTouch };
}

/** The value next to a label of the place detail ('Dificultad', 'Calificación', ...). */
export function fact(page: Page, term: string) {
  return page.locator(`dt:text-is("${term}") + dd`);
}

/** Picks an in-memory PNG through the real file chooser opened by the button `buttonName`. */
export async function chooseImages(page: Page, scope: Page | Locator, buttonName: string, files: PngFile[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: buttonName, exact: true }).click();
  await (await chooser).setFiles(files);
}

/** A control that leads somewhere or does something, whether written as a link or a button. */
export function action(scope: Page | Locator, name: string) {
  const exact = { name, exact: true } as const;
  return scope.getByRole('link', exact).or(scope.getByRole('button', exact));
}

/**
 * On a phone the search screen folds the filters other than the name behind 'Filtros (N)'
 * (docs/product.md#search): unfold them. From md up they are always shown and this does nothing.
 */
export async function unfoldFilters(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: TEXT.search.name }).waitFor();
  const toggle = page.getByRole('button', { name: /^Filtros/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}
