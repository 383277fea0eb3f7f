import { ADMIN_ACTION_LABELS, MSG, shortName, TEXT } from '@sendero/contract';
import type { Locator, Page } from '@playwright/test';
import { type Account, action, adminCreds, checkA11y, expect, fact, login, loginThroughUi, MENU, menuControls, menuItem, openMenuIfHidden, test, uniqueTag, PHONE } from './fixtures.js';

// The administrator's journeys (docs/product.md#admin-users and the admin screens after it).

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const VISIBLE = 'Este lugar es visible a los usuarios.';
const NOT_VISIBLE = 'Este lugar no es visible a los usuarios.';
const SHOW = 'El destino es correcto, mostrar a los usuarios';
const BLOCK = 'Bloquear visitas a este lugar';
const BLOCK_GUIDE = 'Bloquear Beneficios de Guía';

/** A table row by a text it contains. */
function row(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** Confirms the open confirmation dialog of an admin action (the button that is not 'Cancelar'). */
async function confirm(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button').filter({ hasNotText: TEXT.actions.cancel }).last().click();
  await expect(dialog).toBeHidden();
}

/** Opens the admin destinations list narrowed to a place, whatever page it would fall on. */
async function openPlacesListAt(page: Page, name: string): Promise<Locator> {
  await page.goto('/admin/destinos');
  await expect(page.getByRole('columnheader', { name: TEXT.admin.name })).toBeVisible();
  await page.getByRole('textbox', { name: /Buscar/ }).fill(name);
  return row(page, name);
}

/** Opens the admin users list narrowed to a user (search by name or email, docs/product.md#admin-users). */
async function openUsersListAt(page: Page, account: Account): Promise<Locator> {
  await page.goto('/admin/usuarios');
  await expect(page.getByRole('columnheader', { name: TEXT.admin.name })).toBeVisible();
  await page.getByRole('textbox', { name: /Buscar/ }).fill(account.email);
  return row(page, account.firstname.split(' ')[0]!);
}

test.describe('as an administrator', () => {
  test('I log in at /admin/ingresar; wrong or non-admin credentials get the alert', PHONE, async ({ page, registerUser }) => {
    const user = await registerUser();
    await page.goto('/admin/ingresar');
    await expect(menuControls(page)).toHaveCount(0);
    await checkA11y(page);

    await loginThroughUi(page, { email: 'admin.e2e@sendero.test', password: 'no-es-la-clave' }, '/admin/ingresar');
    await expect(page.getByRole('alert').filter({ hasText: MSG.loginFailed })).toBeVisible();
    await loginThroughUi(page, user, '/admin/ingresar');
    await expect(page.getByRole('alert').filter({ hasText: MSG.loginFailed })).toBeVisible();
    await checkA11y(page, '/admin/ingresar with the failure alert');

    await loginThroughUi(page, adminCreds, '/admin/ingresar');
    await expect(page).toHaveURL(/\/admin\/usuarios$/);
    for (const column of [TEXT.admin.name, TEXT.admin.status, TEXT.admin.options]) await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    await expect(action(page, TEXT.admin.seeProfile).first()).toBeVisible();

    await openMenuIfHidden(page);
    // The admin menu (docs/product.md#admin-users): no guide application.
    for (const item of [MENU.search, MENU.profile, MENU.adminUsers, MENU.adminPlaces, MENU.createPlace, MENU.logout]) {
      await expect(menuItem(page, item)).toBeVisible();
    }
    await expect(menuItem(page, MENU.guide)).toHaveCount(0);
    await checkA11y(page, '/admin/usuarios');
  });

  test('I verify a destination a user created, the user then finds it, and blocking hides it again', PHONE, async ({ page, api, admin, registerUser, openAs }) => {
    const owner = await registerUser();
    const place = await api.createPlaceAs(owner.token, { name: `Nevado ${capital(uniqueTag())}` });
    const visitor = await registerUser();
    const userPage = await openAs(visitor);

    await login(page, admin);
    const placeRow = await openPlacesListAt(page, place.name);
    for (const column of [TEXT.admin.name, TEXT.admin.status, TEXT.admin.rating, TEXT.admin.options]) await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    await expect(placeRow).toContainText('No verificado');
    await checkA11y(page, '/admin/destinos');
    await action(placeRow, TEXT.admin.review).click();
    await expect(page).toHaveURL(new RegExp(`/admin/destinos/${place._id}$`));

    await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: TEXT.admin.placeActions })).toBeVisible();
    await expect(page.getByText(NOT_VISIBLE)).toBeVisible();
    // Admins edit any place and write no review.
    await expect(page.getByRole('button', { name: TEXT.detail.configure })).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT.reviews.write })).toHaveCount(0);
    await checkA11y(page, '/admin/destinos/{id}');

    await page.getByRole('button', { name: SHOW }).click();
    await expect(page.getByText(VISIBLE)).toBeVisible();
    await expect(page.getByRole('button', { name: BLOCK })).toBeVisible();

    const findInSearch = async () => {
      await userPage.goto('/buscar-destino');
      await userPage.getByRole('textbox', { name: TEXT.search.name }).fill(place.name);
    };
    await findInSearch();
    await expect(userPage.getByText(place.name, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: BLOCK }).click();
    await expect(page.getByText(NOT_VISIBLE)).toBeVisible();
    await expect(page.getByRole('button', { name: SHOW })).toBeVisible();
    await findInSearch();
    await expect(userPage.getByText('No hemos encontrado el destino que buscas :(')).toBeVisible();
    await expect(userPage.getByText(place.name, { exact: true })).toHaveCount(0);

    const history = page.getByRole('region', { name: TEXT.admin.history }).getByRole('listitem');
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText(ADMIN_ACTION_LABELS.unverify);
    await expect(history.nth(1)).toContainText(ADMIN_ACTION_LABELS.verify);

    await action(page, TEXT.actions.back).click();
    await expect(page).toHaveURL(/\/admin\/destinos$/);
  });

  test('I delete a destination and its reviews are gone', async ({ page, api, admin, registerUser }) => {
    const owner = await registerUser();
    const place = await api.createVerifiedPlace(owner.token, admin.token, { name: `Quebrada ${capital(uniqueTag())}` });
    const reviewer = await registerUser();
    await api.createReview(reviewer.token, place._id, 5, 'Excelente caminata.');

    await login(page, admin);
    const placeRow = await openPlacesListAt(page, place.name);
    await expect(placeRow).toContainText('Verificado');
    await action(placeRow, TEXT.admin.delete).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`¿Desea eliminar el destino ${place.name} permanentemente?`);
    await checkA11y(page, 'delete destination confirmation');
    // 'Cancelar' keeps it.
    await dialog.getByRole('button', { name: TEXT.actions.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(placeRow).toBeVisible();
    await action(placeRow, TEXT.admin.delete).click();
    await dialog.getByRole('button', { name: TEXT.admin.delete }).click();
    await expect(dialog).toBeHidden();
    await expect(placeRow).toHaveCount(0);

    expect((await api.getPlace(admin.token, place._id)).status()).toBe(404);
    expect((await api.getRatings(reviewer.token, place._id)).status()).toBe(404);
  });

  test("I approve a guide application and the user's menu and role change on their next request; then I block the guide's benefits", PHONE, async ({
    page,
    api,
    admin,
    registerUser,
    openAs,
  }) => {
    const applicant = await registerUser();
    await api.applyForGuide(applicant);
    const userPage = await openAs(applicant);
    await userPage.goto('/buscar-destino');
    await openMenuIfHidden(userPage);
    await expect(menuItem(userPage, MENU.guide)).toBeVisible();
    await expect(menuItem(userPage, MENU.createPlace)).toHaveCount(0);

    await login(page, admin);
    const userRow = await openUsersListAt(page, applicant);
    await expect(userRow).toContainText('Enviado');
    await action(userRow, TEXT.admin.seeProfile).click();
    await expect(page).toHaveURL(new RegExp(`/admin/usuario/${applicant._id}$`));
    await expect(page.getByText(applicant.email)).toBeVisible();
    await expect(page.getByText('Guío caminatas en la sierra de Lima desde hace cinco años.')).toBeVisible();
    const instagram = page.getByRole('link', { name: new RegExp(applicant.email.split('@')[0]!) }).first();
    await expect(instagram).toHaveAttribute('target', '_blank');
    await expect(instagram).toHaveAttribute('rel', /noopener/);

    const approve = page.getByRole('button', { name: 'Aprobar' });
    const reject = page.getByRole('button', { name: 'Rechazar' });
    const block = page.getByRole('button', { name: BLOCK_GUIDE });
    await expect(fact(page, TEXT.admin.status)).toHaveText('Enviado');
    await expect(approve).toBeEnabled();
    await expect(reject).toBeEnabled();
    await expect(block).toBeDisabled();
    await expect(action(page, TEXT.actions.back)).toBeVisible();
    await checkA11y(page, '/admin/usuario/{id}');

    await approve.click();
    await checkA11y(page, 'approve confirmation');
    await confirm(page);
    await expect(fact(page, TEXT.admin.status)).toHaveText('Aprobado');
    await expect(approve).toBeDisabled();
    await expect(reject).toBeDisabled();
    await expect(block).toBeEnabled();
    expect(await api.getUser(applicant.token, applicant._id)).toMatchObject({ status: 'Aprobado', role: 'guide' });

    // Their next request shows the guide's menu, without logging in again.
    await userPage.goto('/perfil');
    await openMenuIfHidden(userPage);
    await expect(menuItem(userPage, MENU.createPlace)).toBeVisible();
    await expect(menuItem(userPage, MENU.guide)).toHaveCount(0);

    await block.click();
    await confirm(page);
    await expect(fact(page, TEXT.admin.status)).toHaveText('Sin solicitud');
    await expect(block).toBeDisabled();
    await expect(approve).toBeEnabled();
    await expect(reject).toBeEnabled();
    expect(await api.getUser(applicant.token, applicant._id)).toMatchObject({ status: 'none', role: 'user' });
    await userPage.goto('/buscar-destino');
    await openMenuIfHidden(userPage);
    await expect(menuItem(userPage, MENU.guide)).toBeVisible();
    await expect(menuItem(userPage, MENU.createPlace)).toHaveCount(0);

    // Both actions are in the history, newest first, with who did them.
    const history = page.getByRole('region', { name: TEXT.admin.history }).getByRole('listitem');
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText(ADMIN_ACTION_LABELS.block_guide);
    await expect(history.nth(1)).toContainText(ADMIN_ACTION_LABELS.approve);

    await action(page, TEXT.actions.back).click();
    await expect(page).toHaveURL(/\/admin\/usuarios$/);
  });

  test('I reject a guide application', async ({ page, api, admin, registerUser }) => {
    const applicant = await registerUser();
    await api.applyForGuide(applicant);
    await login(page, admin);
    await page.goto(`/admin/usuario/${applicant._id}`);
    const approve = page.getByRole('button', { name: 'Aprobar' });
    const reject = page.getByRole('button', { name: 'Rechazar' });
    const block = page.getByRole('button', { name: BLOCK_GUIDE });
    await expect(reject).toBeEnabled();
    await reject.click();
    await confirm(page);
    await expect(fact(page, TEXT.admin.status)).toHaveText('Rechazado');
    await expect(reject).toBeDisabled();
    await expect(approve).toBeEnabled();
    await expect(block).toBeDisabled();
    expect(await api.getUser(applicant.token, applicant._id)).toMatchObject({ status: 'Rechazado', role: 'user' });

    const userRow = await openUsersListAt(page, applicant);
    await expect(userRow).toContainText('Rechazado');
  });

  test("I delete another user's review", async ({ page, api, admin, registerUser }) => {
    const owner = await registerUser();
    const place = await api.createVerifiedPlace(owner.token, admin.token);
    const reviewer = await registerUser();
    await api.createReview(reviewer.token, place._id, 4, 'Buena ruta para principiantes.');
    const author = shortName(reviewer.firstname, reviewer.lastname);

    await login(page, admin);
    await page.goto(`/admin/destinos/${place._id}`);
    const review = page.getByRole('article', { name: TEXT.reviews.reviewOf(author) });
    await expect(review).toContainText('Buena ruta para principiantes.');
    await review.getByRole('button', { name: TEXT.reviews.deleteOf(author) }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.reviews.deleteQuestion });
    await dialog.getByRole('button', { name: TEXT.admin.delete }).click();
    await expect(dialog).toBeHidden();
    await expect(review).toHaveCount(0);

    const ratings = (await (await api.getRatings(admin.token, place._id)).json()) as unknown[];
    expect(ratings).toEqual([]);
  });
});

test.describe('admin routes', () => {
  // Every admin route for every non-admin role is checked by the route guards' component test
  // (apps/web/src/app/layout/guards.test.tsx: visitor, user and guide on each route) and the server's
  // authorization table; here the built app and the real server do it once per role, each on another route.
  test('a visitor, a user and a guide are each sent to /ingresar from an admin route', async ({ page, api, admin, registerUser, openAs }) => {
    const owner = await registerUser();
    const place = await api.createPlaceAs(owner.token);
    const guide = await api.registerGuide(admin.token);

    const visits: [string, Page, string][] = [
      ['visitor', page, `/admin/destinos/${place._id}`],
      ['user', await openAs(owner), `/admin/usuario/${owner._id}`],
      ['guide', await openAs(guide), '/admin/reportes'],
    ];
    for (const [who, p, route] of visits) {
      await p.goto(route);
      // A visitor also carries where to come back to (docs/product.md#sharing); a signed-in non-admin does not.
      await expect(p, `${who} on ${route}`).toHaveURL(who === 'visitor' ? `/ingresar?${new URLSearchParams({ volver: route })}` : /\/ingresar$/);
      await expect(p.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
      // Signed in, they are told why instead of meeting a bare form.
      if (who !== 'visitor') await expect(p.getByText(TEXT.auth.adminOnly)).toBeVisible();
    }
  });
});
