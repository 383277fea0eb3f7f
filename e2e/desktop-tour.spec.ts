import type { Page } from '@playwright/test';
import { API, closureBanner, MSG, OPEN_IN_LABEL, shortName, TEXT, TRACK_TEXT } from '@sendero/contract';
import { action, adminCreds, checkA11y, chooseImages, expect, login, loginThroughUi, MENU, menuControls, menuItem, pngFile, test, uniqueTag } from './fixtures.js';

/**
 * The desktop tour (docs/decisions/040-phone-projects.md, amendment of 2026-11-28): the journeys tagged
 * `@phone` run on the 390 px phone only, so this spec opens at 1440x900, with real clicks, every screen,
 * dialog and menu that no other test of the `chromium` project opens, and runs axe on each (the width
 * is watched on every page by the `page` and `openAs` fixtures). What each screen does is checked by
 * its journey; here a person must see the screen's heading or key control. The data comes from the API.
 */

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Tiles come from outside the site: never fetched here (the maps draw their markers and lines without them). */
async function blockTiles(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

/** A short climbing track from a trailhead near Huaraz, with elevations (so the profile is drawn). */
function gpxFile() {
  const points = Array.from({ length: 40 }, (_, i) => `<trkpt lat="${(-9.4867 + i * 0.0004).toFixed(6)}" lon="${(-77.4381 + i * 0.0005).toFixed(6)}"><ele>${3850 + i * 12}</ele></trkpt>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Sendero e2e" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>Subida</name><trkseg>
${points.join('\n')}
</trkseg></trk>
</gpx>
`;
  return { name: 'subida.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(xml) };
}

test.describe('the desktop tour at 1440 px', () => {
  test('as a visitor: registration success, the login alert, password recovery, not found and a shared destination', async ({ page, api, admin }) => {
    const owner = await api.registerUser();
    const place = await api.createVerifiedPlace(owner.token, admin.token, { name: `Laguna ${capital(uniqueTag())}`, city: 'Huaraz', time_city: 4 });
    const tag = uniqueTag();
    const email = `e2e.tour.${tag}@sendero.test`;
    const password = `Clave-${tag}-1`;

    // /registro-exitoso, reached through the form.
    await page.goto('/registro');
    const register = page.getByRole('form', { name: TEXT.auth.registerForm });
    await register.getByPlaceholder('Correo', { exact: true }).click();
    await register.getByPlaceholder('Correo', { exact: true }).fill(email);
    await register.getByPlaceholder('Contraseña', { exact: true }).fill(password);
    await register.getByPlaceholder('Confirmar Contraseña', { exact: true }).fill(password);
    await register.getByPlaceholder('Nombre', { exact: true }).fill('Rosa Elena');
    await register.getByPlaceholder(TEXT.fields.lastname, { exact: true }).fill('Mamani Condori');
    await register.getByRole('button', { name: TEXT.auth.register }).click();
    await expect(page.getByText(TEXT.auth.registeredTitle, { exact: true })).toBeVisible();
    await expect(menuControls(page)).toHaveCount(0);
    await checkA11y(page, 'registration success');

    // /ingresar with the failure alert.
    await action(page, TEXT.auth.login).click();
    await expect(page).toHaveURL(/\/ingresar$/);
    await page.getByPlaceholder('Correo', { exact: true }).fill(email);
    await page.getByPlaceholder('Contraseña', { exact: true }).fill('no-es-la-clave');
    await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.loginFailed })).toBeVisible();
    await checkA11y(page, '/ingresar with the failure alert');

    // /recuperar and /restablecer.
    await page.getByRole('link', { name: TEXT.password.forgotLink }).click();
    await expect(page).toHaveURL(/\/recuperar$/);
    await page.getByLabel('Correo').fill(email);
    await page.getByRole('button', { name: TEXT.password.forgotSubmit }).click();
    await expect(page.getByRole('status')).toHaveText(TEXT.password.forgotSent);
    await checkA11y(page);
    await page.goto('/restablecer?token=no-es-un-enlace-valido');
    await expect(page.getByRole('heading', { name: TEXT.password.resetTitle })).toBeVisible();
    await page.getByLabel('Contraseña', { exact: true }).fill('mi-clave-nueva-2026');
    await page.getByLabel('Confirmar Contraseña').fill('mi-clave-nueva-2026');
    await page.getByRole('button', { name: TEXT.password.resetSubmit }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.resetInvalid);
    await checkA11y(page);

    // The not-found page, without the menu.
    await page.goto('/no-existe-esta-ruta');
    await expect(page.getByText(TEXT.notFound.title)).toBeVisible();
    await expect(menuControls(page)).toHaveCount(0);
    await checkA11y(page);
    await action(page, TEXT.actions.home).click();
    await expect(page).toHaveURL(/\/$/);

    // /ingresar with a shared destination, then the destination itself once signed in.
    const path = `/buscar-destino/destino/${place._id}`;
    await page.goto(path);
    const shared = page.getByRole('region', { name: TEXT.detail.sharedTitle });
    await expect(shared.getByText(place.name)).toBeVisible();
    await expect(shared.getByText('A 4 horas de Huaraz')).toBeVisible();
    await checkA11y(page, '/ingresar with a shared destination');
    await page.getByPlaceholder('Correo', { exact: true }).fill(email);
    await page.getByPlaceholder('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  });

  test("as a user: 'Abierto en', the map and its popup, Guardar, the 'Compartir' menu, the review and crop dialogs, profile edit, guide application, Guardados", async ({
    page,
    api,
    admin,
  }) => {
    const owner = await api.registerUser();
    const tag = uniqueTag();
    const place = await api.createVerifiedPlace(owner.token, admin.token, { name: `Mirador ${capital(tag)}`, lat: -11.35, lon: -77.37, closed_months: [2] });
    const user = await api.registerUser();
    await blockTiles(page);
    await login(page, user);

    // The search's 'Abierto en' filter (shown unfolded at 1440 px): febrero leaves the place out.
    await page.goto(`/buscar-destino?name=${tag}`);
    const card = page.getByRole('heading', { level: 3, name: place.name });
    await expect(card).toBeVisible();
    await page.getByLabel(OPEN_IN_LABEL, { exact: true }).selectOption({ label: 'febrero' });
    await expect(card).toHaveCount(0);
    await expect(page.getByText(TEXT.card.noResults)).toBeVisible();
    await checkA11y(page, "search with 'Abierto en'");
    await page.getByRole('button', { name: TEXT.search.openInReset }).click();
    await expect(card).toBeVisible();

    // The map view, its marker and popup, which leads to the place.
    await page.getByRole('button', { name: 'Mapa', exact: true }).click();
    const map = page.getByRole('region', { name: TEXT.search.map });
    await map.getByRole('button', { name: place.name, exact: true }).click();
    const seeMore = map.getByRole('link', { name: TEXT.card.seeMore });
    await expect(seeMore).toBeVisible();
    await checkA11y(page, 'search map with a popup');
    await seeMore.click();
    await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();

    // 'Guardar' and the 'Compartir' menu (no Web Share API in desktop Chromium).
    const save = page.getByRole('button', { name: TEXT.saved.save });
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: TEXT.detail.share }).click();
    await expect(page.getByRole('menuitem', { name: TEXT.detail.whatsapp })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: TEXT.detail.copyLink })).toBeVisible();
    await checkA11y(page, "the 'Compartir' menu");
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    // The review dialog with its trail conditions, and the crop dialog over it; left with 'Cancelar'.
    await page.getByRole('button', { name: TEXT.reviews.write }).click();
    const review = page.getByRole('dialog', { name: TEXT.reviews.modalTitle(place.name) });
    await expect(review.getByRole('combobox', { name: TEXT.conditions.condition })).toBeVisible();
    await checkA11y(page, 'review dialog');
    await chooseImages(page, review, TEXT.reviews.addPhoto, [pngFile('tour.png')]);
    const crop = page.getByRole('dialog', { name: TEXT.upload.cropTitle });
    await expect(crop.getByRole('button', { name: TEXT.upload.usePhoto })).toBeVisible();
    await checkA11y(page, 'crop dialog');
    await crop.getByRole('button', { name: TEXT.upload.usePhoto }).click();
    await expect(crop).toBeHidden();
    await expect(review.getByRole('button', { name: TEXT.reviews.changePhoto })).toBeVisible();
    await review.getByRole('button', { name: TEXT.actions.cancel }).click();
    await expect(review).toBeHidden();

    // /perfil in edit mode.
    await menuItem(page, MENU.profile).click();
    await expect(page.getByRole('heading', { name: TEXT.profile.titleOf(shortName(user.firstname, user.lastname)) })).toBeVisible();
    await page.getByRole('button', { name: TEXT.profile.edit }).click();
    await expect(page.getByRole('button', { name: TEXT.profile.save })).toBeVisible();
    await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
    await checkA11y(page, '/perfil in edit mode');

    // /convertirme-en-guia from the menu.
    await menuItem(page, MENU.guide).click();
    await expect(page).toHaveURL(/\/convertirme-en-guia$/);
    await expect(page.getByText(TEXT.guide.whatIs)).toBeVisible();
    await page.getByRole('button', { name: TEXT.guide.send }).click();
    await expect(page.getByText(MSG.instagramRequired, { exact: true })).toBeVisible();
    await checkA11y(page);

    // /guardados lists the place saved above.
    await menuItem(page, TEXT.menu.saved).click();
    await expect(page.getByRole('heading', { level: 1, name: TEXT.saved.title })).toBeVisible();
    await expect(page.getByText(place.name)).toBeVisible();
    await checkA11y(page);
  });

  test("as a guide: the GPX field and the track's figures, 'Recorrido', the organize dialog, participants, the cancel confirmation, Mis salidas", async ({
    page,
    api,
    admin,
  }) => {
    test.setTimeout(120_000);
    const guide = await api.registerGuide(admin.token);
    const place = await api.createVerifiedPlace(guide.token, admin.token, { name: `Nevado ${capital(uniqueTag())}`, lat: -9.4867, lon: -77.4381, capacity: 8 });
    const track = await api.request.put(API.placeTrack(place._id), { headers: { Authorization: `Bearer ${guide.token}` }, multipart: { file: gpxFile() } });
    expect(track.status(), await track.text()).toBe(200);
    const outing = await api.createOuting(guide.token, place._id, { spots: 6 });
    const hiker = await api.registerUser();
    await api.joinOuting(hiker.token, outing._id);
    await blockTiles(page);
    await login(page, guide);

    // The place form's GPX field, and its success view with the track's figures.
    await page.goto('/buscar-destino');
    await menuItem(page, MENU.createPlace).click();
    await expect(page.getByRole('heading', { name: TEXT.placeForm.createTitle })).toBeVisible();
    const name = `Laguna ${capital(uniqueTag())}`;
    await page.getByLabel(TEXT.placeForm.fields.name, { exact: true }).fill(name);
    await page.getByLabel(TEXT.placeForm.fields.difficulty, { exact: true }).selectOption('Media');
    await page.getByLabel(TEXT.placeForm.fields.capacity, { exact: true }).fill('12');
    await page.getByLabel(TEXT.placeForm.fields.time_min).fill('4');
    await page.getByLabel(TEXT.placeForm.fields.time_max).fill('6');
    await page.getByLabel(TEXT.placeForm.fields.time_city).fill('1');
    await page.getByLabel(TEXT.placeForm.fields.city, { exact: true }).fill('Huaraz');
    await page.getByLabel(TEXT.placeForm.fields.description, { exact: true }).fill('Una laguna turquesa bajo el nevado, a una mañana de caminata.');
    await page.getByLabel(TEXT.placeForm.fields.how_to_get, { exact: true }).fill('Colectivo desde Huaraz hasta el inicio del sendero.');
    await page.getByLabel(TEXT.placeForm.fields.tips, { exact: true }).fill('Sal temprano y lleva abrigo.');
    await chooseImages(page, page, TEXT.upload.addPhotos, [pngFile('laguna-tour.png')]);
    await expect(page.getByRole('img', { name: TEXT.upload.placePhoto(1) })).toBeVisible();
    const field = page.getByRole('group', { name: TRACK_TEXT.formField });
    const chooser = page.waitForEvent('filechooser');
    await field.getByRole('button', { name: TRACK_TEXT.pickFile }).click();
    await (await chooser).setFiles(gpxFile());
    await expect(field).toContainText(TRACK_TEXT.chosen('subida.gpx'));
    await checkA11y(page, 'create destination with a track chosen');
    await page.getByRole('button', { name: TEXT.placeForm.finish }).click();
    await expect(page.getByText(TEXT.places.created)).toBeVisible();
    await expect(page.getByText(TRACK_TEXT.saved)).toBeVisible();
    await expect(page.getByTestId('track-figures')).toContainText(TRACK_TEXT.distance);
    await checkA11y(page, 'create destination success with the track figures');

    // 'Recorrido' on the detail: the figures, the line on the map and the profile.
    await page.goto(`/buscar-destino/destino/${place._id}`);
    const section = page.getByRole('region', { name: TRACK_TEXT.title });
    await expect(section.getByTestId('track-figures')).toContainText(TRACK_TEXT.ascent);
    await expect(page.getByRole('region', { name: TEXT.detail.trailheadMap(place.name) }).locator('path.sd-track-line')).toBeVisible();
    await expect(section.getByRole('figure', { name: TRACK_TEXT.profile })).toBeVisible();
    // At 1440 px too: a key on the profile, then 'Descargar GPX' clicked as the profile loses
    // focus (the point's text gave way to the longer hint and moved the link away from the click).
    const slider = section.getByRole('slider', { name: TRACK_TEXT.profilePosition });
    await slider.focus();
    await page.keyboard.press('End');
    await expect(slider).not.toHaveAttribute('aria-valuenow', '0');
    const download = page.waitForEvent('download');
    await section.getByRole('link', { name: TRACK_TEXT.download }).click();
    expect((await download).suggestedFilename()).toMatch(/\.gpx$/);

    // The organize dialog, left with 'Cancelar'.
    const outings = page.getByRole('region', { name: TEXT.outings.title });
    await outings.getByRole('button', { name: TEXT.outings.organize }).click();
    const organize = page.getByRole('dialog', { name: new RegExp(TEXT.outings.organize) });
    await expect(organize.getByLabel(TEXT.outings.meetingPoint)).toBeVisible();
    await checkA11y(page, 'organize dialog');
    await organize.getByRole('button', { name: TEXT.actions.cancel }).click();
    await expect(organize).toBeHidden();

    // The participants and the cancel confirmation of the outing the hiker joined.
    const outingCard = outings.getByRole('article').first();
    await outingCard.getByRole('button', { name: TEXT.outings.people(1) }).click();
    await expect(outingCard.getByRole('list', { name: TEXT.outings.people(1) }).getByText(shortName(hiker.firstname, hiker.lastname))).toBeVisible();
    await outingCard.getByRole('button', { name: TEXT.outings.cancel }).click();
    const confirm = page.getByRole('dialog', { name: TEXT.outings.cancelQuestion });
    await expect(confirm).toContainText(TEXT.outings.cancelDetail(1));
    await checkA11y(page, "destination detail with 'Recorrido', participants and the cancel confirmation");
    await confirm.getByRole('button', { name: TEXT.outings.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(outingCard.getByText(TEXT.outings.cancelled)).toBeVisible();

    // 'Mis salidas' from the menu.
    await menuItem(page, MENU.myOutings).click();
    await expect(page).toHaveURL(/\/mis-salidas$/);
    await expect(page.getByRole('list', { name: TEXT.outings.leadingTitle }).getByRole('link', { name: place.name })).toBeVisible();
    await checkA11y(page);
  });

  test("as an administrator: /admin/ingresar, the admin menu, a destination's review screen, 'Reportes del sendero' and its closure dialog, 'Confirmar datos', the closed place", async ({
    page,
    api,
    admin,
  }) => {
    const owner = await api.registerUser();
    const tag = uniqueTag();
    const place = await api.createVerifiedPlace(owner.token, admin.token, { name: `Quebrada ${capital(tag)}`, altitude_m: 4215, closed_months: [2] });
    const hiker = await api.registerUser();
    await api.createReview(hiker.token, place._id, 2, 'Un derrumbe tapa el sendero después del puente.', { condition: 'peligroso', hazards: ['derrumbe'] });
    const note = 'Derrumbe después del puente';

    // /admin/ingresar, then /admin/usuarios with the admin menu.
    await page.goto('/admin/ingresar');
    await expect(page.getByText(TEXT.auth.adminSubtitle)).toBeVisible();
    await expect(menuControls(page)).toHaveCount(0);
    await checkA11y(page);
    await loginThroughUi(page, adminCreds, '/admin/ingresar');
    await expect(page).toHaveURL(/\/admin\/usuarios$/);
    await expect(page.getByRole('columnheader', { name: TEXT.admin.name })).toBeVisible();
    for (const item of [MENU.search, MENU.profile, MENU.adminUsers, MENU.adminPlaces, TEXT.menu.adminTrailReports, MENU.createPlace, MENU.logout]) {
      await expect(menuItem(page, item)).toBeVisible();
    }
    await checkA11y(page, '/admin/usuarios');

    // /admin/destinos/{id}, reached from the list.
    await menuItem(page, MENU.adminPlaces).click();
    await expect(page).toHaveURL(/\/admin\/destinos$/);
    await expect(page.getByRole('columnheader', { name: TEXT.admin.rating })).toBeVisible();
    await page.getByRole('textbox', { name: /Buscar/ }).fill(place.name);
    await action(page.getByRole('row').filter({ hasText: place.name }), TEXT.admin.review).click();
    await expect(page).toHaveURL(new RegExp(`/admin/destinos/${place._id}$`));
    await expect(page.getByRole('heading', { name: TEXT.admin.placeActions })).toBeVisible();
    await checkA11y(page, '/admin/destinos/{id}');

    // 'Reportes del sendero' and the closure dialog.
    await menuItem(page, TEXT.menu.adminTrailReports).click();
    await expect(page.getByRole('heading', { level: 1, name: TEXT.conditions.reportsTitle })).toBeVisible();
    const report = page.getByRole('article', { name: place.name });
    await expect(report).toContainText('Peligroso');
    await report.getByRole('button', { name: TEXT.conditions.close }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.conditions.closeTitle(place.name) });
    await dialog.getByRole('textbox', { name: TEXT.conditions.closeNote }).fill(note);
    await checkA11y(page, 'closure dialog');
    await dialog.getByRole('button', { name: TEXT.conditions.closeConfirm }).click();
    await expect(dialog).toBeHidden();
    await expect(report.getByRole('button', { name: TEXT.conditions.reopen })).toBeVisible();
    await checkA11y(page, 'Reportes del sendero');

    // The closed place's banner, and 'Confirmar datos' in its 'Acceso' block.
    await page.goto(`/buscar-destino/destino/${place._id}`);
    await expect(page.getByText(closureBanner(note))).toBeVisible();
    const access = page.getByRole('region', { name: TEXT.access.title });
    await access.getByRole('button', { name: TEXT.access.confirm }).click();
    await expect(page.getByText(TEXT.access.confirmed)).toBeVisible();
    await checkA11y(page, "closed place with 'Confirmar datos'");

    // The closed mark on the search card.
    await page.goto(`/buscar-destino?name=${tag}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: place.name }) });
    await expect(card.getByText(TEXT.card.closed)).toBeVisible();
    // The card's bookmark is settled (enabled once the saved list has loaded) before axe reads its colours.
    await expect(card.getByRole('button', { name: TEXT.saved.save })).toBeEnabled();
    await checkA11y(page, 'search with a closed place');
  });
});
