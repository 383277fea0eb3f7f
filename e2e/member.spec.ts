import { MSG, shortName, TEXT } from '@sendero/contract';
import {
  action,
  checkA11y,
  chooseImages,
  expect,
  fact,
  login,
  loginThroughUi,
  logoutControl,
  MENU,
  menuItem,
  openMenuIfHidden,
  pngFile,
  storedSession,
  test,
  uniqueTag,
  unfoldFilters,
  PHONE,
} from './fixtures.js';
import type { Page } from '@playwright/test';

// The member journeys of docs/product.md#search against the real server.

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The three filters of docs/product.md#search and their X reset buttons. */
function filters(page: Page) {
  return {
    name: page.getByRole('textbox', { name: TEXT.search.name }),
    city: page.getByRole('textbox', { name: TEXT.search.city }),
    difficulty: page.getByRole('combobox', { name: TEXT.search.difficulty }),
    clearName: page.getByRole('button', { name: TEXT.search.nameReset }),
    clearCity: page.getByRole('button', { name: TEXT.search.cityReset }),
    clearDifficulty: page.getByRole('button', { name: TEXT.search.difficultyReset }),
  };
}

const EMPTY_SEARCH = 'No hemos encontrado el destino que buscas :(';

test.describe('as a user', () => {
  test('I filter destinations by name, city and difficulty, ignoring accents and case, and reset each filter', PHONE, async ({ page, api, admin, registerUser }) => {
    const owner = await registerUser();
    const tag = uniqueTag();
    const a = await api.createVerifiedPlace(owner.token, admin.token, { name: `Cañón Ébano ${capital(tag)}`, city: `Huárochirí${tag}`, difficulty: 'Difícil' });
    const b = await api.createVerifiedPlace(owner.token, admin.token, { name: `Lomas Ñandú ${capital(tag)}`, city: `Cántaro${tag}`, difficulty: 'Fácil' });
    const unverified = await api.createPlaceAs(owner.token, { name: `Bosque Oculto ${capital(tag)}` });
    const cardA = page.getByText(a.name, { exact: true });
    const cardB = page.getByText(b.name, { exact: true });

    const user = await registerUser();
    await login(page, user);
    await page.goto('/buscar-destino');
    await expect(page.getByRole('heading', { name: TEXT.search.welcome(user.firstname.split(' ')[0] ?? '') })).toBeVisible();
    await expect(cardA).toBeVisible();
    await expect(cardB).toBeVisible();
    // Only verified places are listed.
    await expect(page.getByText(unverified.name, { exact: true })).toHaveCount(0);
    await checkA11y(page);

    const f = filters(page);
    await unfoldFilters(page);
    // Name: some word starts with the text; accents and case do not matter.
    await f.name.fill(tag.toUpperCase());
    await expect(cardA).toBeVisible();
    await expect(cardB).toBeVisible();
    await f.name.fill('EBANO');
    await expect(cardA).toBeVisible();
    await expect(cardB).toHaveCount(0);
    await f.name.fill('ñandu');
    await expect(cardB).toBeVisible();
    await expect(cardA).toHaveCount(0);
    // The middle of a word is not the start of one.
    await f.name.fill(tag.slice(2));
    await expect(cardA).toHaveCount(0);
    await expect(cardB).toHaveCount(0);
    await expect(page.getByText(EMPTY_SEARCH)).toBeVisible();
    await checkA11y(page, '/buscar-destino with nothing found');
    await f.clearName.click();
    await expect(f.name).toHaveValue('');
    await expect(cardA).toBeVisible();
    await expect(cardB).toBeVisible();

    // City: must start with the text.
    await f.city.fill(`HUAROCHIRI${tag}`);
    await expect(cardA).toBeVisible();
    await expect(cardB).toHaveCount(0);
    await f.city.fill(`rochiri${tag}`);
    await expect(cardA).toHaveCount(0);
    await expect(page.getByText(EMPTY_SEARCH)).toBeVisible();
    await f.city.fill(`cantaro${tag}`);
    await expect(cardB).toBeVisible();
    await expect(cardA).toHaveCount(0);
    await f.clearCity.click();
    await expect(f.city).toHaveValue('');

    // Difficulty: the dropdown spells the options without accents, with an empty choice.
    await expect(f.difficulty.locator('option')).toHaveText([TEXT.placeForm.pickDifficulty, 'Facil', 'Media', 'Exigente', 'Dificil']);
    await f.name.fill(tag);
    await f.difficulty.selectOption({ label: 'Dificil' });
    await expect(cardA).toBeVisible();
    await expect(cardB).toHaveCount(0);
    await f.difficulty.selectOption({ label: 'Facil' });
    await expect(cardB).toBeVisible();
    await expect(cardA).toHaveCount(0);
    await f.clearDifficulty.click();
    await expect(cardA).toBeVisible();
    await expect(cardB).toBeVisible();

    // A card opens its destination.
    await f.name.fill(a.name);
    await expect(cardB).toHaveCount(0);
    await action(page, TEXT.card.seeMoreOf(a.name)).click();
    await expect(page).toHaveURL(new RegExp(`/buscar-destino/destino/${a._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: a.name })).toBeVisible();
  });

  test('I post a review with a cropped photo, see the mean change, and delete it', PHONE, async ({ page, api, admin, registerUser }) => {
    const owner = await registerUser();
    const place = await api.createVerifiedPlace(owner.token, admin.token);
    const other = await registerUser();
    await api.createReview(other.token, place._id, 2, 'Muy frío y con neblina, pero bonito.');
    const user = await registerUser();
    const me = shortName(user.firstname, user.lastname);

    await login(page, user);
    await page.goto(`/buscar-destino/destino/${place._id}`);
    await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
    await expect(fact(page, TEXT.detail.difficulty)).toHaveText(place.difficulty);
    await expect(fact(page, TEXT.detail.capacity)).toHaveText(String(place.capacity));
    await expect(fact(page, TEXT.detail.walkTime)).toHaveText(TEXT.detail.walkHours(place.time[0], place.time[1]));
    await expect(fact(page, TEXT.detail.location)).toHaveText(`A ${place.time_city} horas de ${place.city}`);
    await expect(fact(page, TEXT.card.rating)).toContainText('2');
    await expect(page.getByRole('heading', { name: TEXT.detail.howToGet })).toBeVisible();
    await expect(page.getByRole('heading', { name: TEXT.detail.tips })).toBeVisible();
    await expect(page.getByRole('heading', { name: TEXT.reviews.title(place.name) })).toBeVisible();
    // Someone else's review: no delete control for me; not my place: no 'Configurar Destino'.
    const otherReview = page.getByRole('article', { name: TEXT.reviews.reviewOf(shortName(other.firstname, other.lastname)) });
    await expect(otherReview).toContainText('Muy frío y con neblina, pero bonito.');
    await expect(otherReview.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: TEXT.detail.configure })).toHaveCount(0);
    await checkA11y(page, 'place detail');

    await page.getByRole('button', { name: TEXT.reviews.write }).click();
    const modal = page.getByRole('dialog', { name: TEXT.reviews.modalTitle(place.name) });
    await expect(modal).toBeVisible();
    const send = modal.getByRole('button', { name: TEXT.reviews.send });
    await expect(send).toBeDisabled();
    await checkA11y(page, 'review modal');

    await chooseImages(page, modal, TEXT.reviews.addPhoto, [pngFile('mi-visita.png')]);
    const crop = page.getByRole('dialog', { name: TEXT.upload.cropTitle });
    await expect(crop).toBeVisible();
    await checkA11y(page, 'crop dialog');
    await crop.getByRole('button', { name: TEXT.upload.usePhoto }).click();
    await expect(crop).toBeHidden();
    await expect(modal.getByRole('img', { name: TEXT.reviews.photo })).toHaveAttribute('src', /\/uploads\//);
    await expect(send).toBeDisabled();
    await modal.getByRole('radio', { name: /Bueno/ }).check();
    await expect(send).toBeDisabled();
    await modal.getByRole('textbox', { name: TEXT.reviews.comment }).fill('Paisaje espectacular, el sendero está bien señalizado.');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(modal).toBeHidden();

    const mine = page.getByRole('article', { name: TEXT.reviews.reviewOf(me) });
    await expect(mine).toContainText('Paisaje espectacular, el sendero está bien señalizado.');
    await expect(mine.getByRole('img', { name: TEXT.reviews.photoOf(me) })).toBeVisible();
    // (2 + 4) / 2
    await expect(fact(page, TEXT.card.rating)).toContainText('3');
    await expect(page.getByRole('button', { name: TEXT.reviews.write })).toHaveCount(0);

    await mine.getByRole('button', { name: TEXT.reviews.deleteOf(me) }).click();
    const confirm = page.getByRole('dialog', { name: TEXT.reviews.deleteQuestion });
    await expect(confirm).toBeVisible();
    await checkA11y(page, 'delete review confirmation');
    await confirm.getByRole('button', { name: TEXT.reviews.confirmDelete }).click();
    await expect(confirm).toBeHidden();
    await expect(mine).toHaveCount(0);
    await expect(fact(page, TEXT.card.rating)).toContainText('2');
    await expect(page.getByRole('button', { name: TEXT.reviews.write })).toBeVisible();
  });

  test('I configure a destination I created: the edit form keeps its photos and difficulty', async ({ page, api, admin, registerUser }) => {
    const user = await registerUser();
    const place = await api.createVerifiedPlace(user.token, admin.token, { difficulty: 'Exigente' });
    const renamed = `${place.name} Alto`;
    await login(page, user);
    await page.goto(`/buscar-destino/destino/${place._id}`);
    await page.getByRole('button', { name: TEXT.detail.configure }).click();
    await expect(page.getByRole('heading', { name: 'Crear un Destino' })).toBeVisible();
    await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(place.name);
    await expect(page.getByLabel('Dificultad', { exact: true })).toHaveValue('Exigente');
    await expect(page.getByRole('img', { name: 'Foto 1 del destino' })).toBeVisible();
    await checkA11y(page, 'place edit form');

    // 'Cancelar Cambios' leaves the place as it was.
    await page.getByLabel('Nombre', { exact: true }).fill('No debe guardarse');
    await page.getByRole('button', { name: TEXT.placeForm.cancelChanges }).click();
    await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();

    await page.getByRole('button', { name: TEXT.detail.configure }).click();
    await page.getByLabel('Nombre', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: TEXT.placeForm.save }).click();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(fact(page, TEXT.detail.difficulty)).toHaveText('Exigente');
    const saved = (await (await api.getPlace(user.token, place._id)).json()) as typeof place;
    expect(saved).toMatchObject({ name: renamed, difficulty: 'Exigente', photos: place.photos, verified: true });
  });

  test('I create a destination, see the success view, and it awaits review', PHONE, async ({ page, api, admin, registerUser }) => {
    const user = await registerUser();
    const name = `Catarata ${capital(uniqueTag())}`;
    await login(page, user);
    await page.goto('/crear-destino');
    await expect(page.getByRole('heading', { name: 'Crear un Destino' })).toBeVisible();
    const finish = page.getByRole('button', { name: TEXT.placeForm.finish });
    await expect(finish).toBeDisabled();
    await checkA11y(page);

    await page.getByLabel('Nombre', { exact: true }).fill(name);
    await page.getByLabel('Dificultad', { exact: true }).selectOption('Exigente');
    await page.getByLabel(TEXT.placeForm.fields.capacity, { exact: true }).fill('15');
    await page.getByLabel(TEXT.placeForm.fields.time_min).fill('3');
    await page.getByLabel(TEXT.placeForm.fields.time_max).fill('5');
    await page.getByLabel(TEXT.placeForm.fields.time_city).fill('4');
    await page.getByLabel(TEXT.placeForm.fields.city, { exact: true }).fill('Huancayo');
    await page.getByLabel(TEXT.placeForm.fields.description, { exact: true }).fill('Una caída de agua de cuarenta metros en medio del bosque de neblina.');
    await page.getByLabel(TEXT.placeForm.fields.how_to_get, { exact: true }).fill('Desde Huancayo en colectivo hasta el pueblo y dos horas a pie.');
    await page.getByLabel(TEXT.placeForm.fields.tips, { exact: true }).fill('Lleva poncho de lluvia y zapatos con buen agarre.');
    // At least one photo is needed.
    await expect(finish).toBeDisabled();
    await chooseImages(page, page, TEXT.upload.addPhotos, [pngFile('catarata-1.png'), pngFile('catarata-2.png')]);
    await expect(page.getByRole('img', { name: 'Foto 2 del destino' })).toBeVisible();
    await expect(finish).toBeEnabled();
    await finish.click();

    await expect(
      page.getByText('Su destino ha sido creado con éxito! Un administrador verificará los datos registrados para su posterior publicación.'),
    ).toBeVisible();
    await expect(action(page, TEXT.placeForm.searchPlaces)).toBeVisible();
    await expect(action(page, TEXT.placeForm.createAnother)).toBeVisible();
    await checkA11y(page, 'create destination success');

    // Not listed until an admin verifies it; its creator sees it with the review notice.
    const all = (await (await api.request.get('/api/place', { headers: { Authorization: `Bearer ${admin.token}` } })).json()) as { _id: string; name: string; verified: boolean }[];
    const created = all.find((p) => p.name === name);
    expect(created?.verified).toBe(false);
    await action(page, TEXT.placeForm.searchPlaces).click();
    await expect(page).toHaveURL(/\/buscar-destino$/);
    await filters(page).name.fill(name);
    await expect(page.getByText(EMPTY_SEARCH)).toBeVisible();
    await page.goto(`/buscar-destino/destino/${created!._id}`);
    await expect(page.getByText(MSG.placeInReview)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('I apply to become a guide and see that my request was sent', PHONE, async ({ page, api, registerUser }) => {
    const user = await registerUser();
    await login(page, user);
    await page.goto('/buscar-destino');
    await openMenuIfHidden(page);
    await menuItem(page, MENU.guide).click();
    await expect(page).toHaveURL(/\/convertirme-en-guia$/);
    await checkA11y(page);

    await page.getByRole('button', { name: TEXT.guide.send }).click();
    for (const message of [MSG.instagramRequired, MSG.facebookRequired, MSG.linkedinRequired, MSG.aboutYouRequired]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Instagram').fill('@montanista');
    await page.getByLabel('Facebook').fill('facebook.com/montanista');
    await page.getByLabel('LinkedIn').fill('linkedin.com/in/montanista');
    await page.getByPlaceholder('Cuéntanos tu experiencia...').fill('Guío grupos en la Cordillera Blanca desde 2015.');
    await page.getByRole('button', { name: TEXT.guide.send }).click();

    await expect(page.getByText('Ya has enviado tu solicitud para convertirte en guía.')).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT.guide.replaceTitle })).toBeVisible();
    await checkA11y(page, 'guide application sent');
    const saved = await api.getUser(user.token, user._id);
    expect(saved).toMatchObject({ status: 'Enviado', instagram: '@montanista', about_you: 'Guío grupos en la Cordillera Blanca desde 2015.' });
    // The server remembers it: a reload shows the same state.
    await page.reload();
    await expect(page.getByText('Ya has enviado tu solicitud para convertirte en guía.')).toBeVisible();
  });

  test('I change my profile photo and password, and log in again with the new one', PHONE, async ({ page, api, registerUser }) => {
    const user = await registerUser();
    const newPassword = `Nueva-${uniqueTag()}-9`;
    await login(page, user);
    await page.goto('/buscar-destino');
    await openMenuIfHidden(page);
    await menuItem(page, MENU.profile).click();
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(page.getByRole('heading', { name: `Perfil de ${shortName(user.firstname, user.lastname)}` })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await checkA11y(page);

    await page.getByRole('button', { name: TEXT.profile.edit }).click();
    await chooseImages(page, page, TEXT.upload.addPhoto, [pngFile('yo.png')]);
    const crop = page.getByRole('dialog', { name: TEXT.upload.cropTitle });
    await crop.getByRole('button', { name: TEXT.upload.usePhoto }).click();
    await expect(crop).toBeHidden();
    await expect(page.getByRole('button', { name: TEXT.upload.changePhoto })).toBeVisible();

    const save = page.getByRole('button', { name: TEXT.profile.save });
    const password = page.getByLabel('Contraseña', { exact: true });
    const confirm = page.getByLabel(/Confirmar Contraseña/i);
    await password.fill('corta');
    await confirm.fill('otra');
    await expect(page.getByText(MSG.profileConfirmMismatch)).toBeVisible();
    await expect(save).toBeDisabled();
    await checkA11y(page, '/perfil in edit mode');
    await password.fill(newPassword);
    await confirm.fill(newPassword);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByRole('button', { name: TEXT.profile.edit })).toBeVisible();

    const saved = await api.getUser((await storedSession(page))!.token, user._id);
    expect(saved.photo_url).toMatch(/\/uploads\//);

    await openMenuIfHidden(page);
    await logoutControl(page).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedSession(page)).toBeNull();
    await loginThroughUi(page, { email: user.email, password: user.password });
    await expect(page.getByText(MSG.loginFailed)).toBeVisible();
    await loginThroughUi(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/buscar-destino$/);
    // The earlier token stopped working when the password changed.
    expect((await api.request.get(`/api/user/${user._id}`, { headers: { Authorization: `Bearer ${user.token}` } })).status()).toBe(401);
  });

  test('I am sent to /buscar-destino from a destination I may not see, and from admin routes to /ingresar', async ({ page, api, registerUser }) => {
    const owner = await registerUser();
    const hidden = await api.createPlaceAs(owner.token);
    const user = await registerUser();
    await login(page, user);
    await page.goto(`/buscar-destino/destino/${hidden._id}`);
    await expect(page).toHaveURL(/\/buscar-destino$/);
    await page.goto('/admin/usuarios');
    await expect(page).toHaveURL(/\/ingresar$/);
    await expect(page.getByText(TEXT.auth.adminOnly)).toBeVisible();
    // Signed in, /registro and /ingresar send me on instead of offering their forms. (Opening /ingresar
    // again from here would reload it with the admin-only sentence: the browser keeps its history state.)
    await page.goto('/registro');
    await expect(page).toHaveURL(/\/buscar-destino$/);
    await page.goto('/ingresar');
    await expect(page).toHaveURL(/\/buscar-destino$/);
    // The menu of a user: no admin items, no 'Crear un Destino'.
    await page.goto('/perfil');
    await openMenuIfHidden(page);
    await expect(menuItem(page, MENU.search)).toBeVisible();
    await expect(menuItem(page, MENU.guide)).toBeVisible();
    await expect(menuItem(page, MENU.adminUsers)).toHaveCount(0);
    await expect(menuItem(page, MENU.adminPlaces)).toHaveCount(0);
    await expect(menuItem(page, MENU.createPlace)).toHaveCount(0);
  });
});

test.describe('as a guide', () => {
  test('I have no guide application and may create destinations from the menu', async ({ page, api, admin }) => {
    const guide = await api.registerGuide(admin.token);
    await login(page, guide);
    await page.goto('/buscar-destino');
    await openMenuIfHidden(page);
    await expect(menuItem(page, MENU.createPlace)).toBeVisible();
    await expect(menuItem(page, MENU.guide)).toHaveCount(0);
    // The guide application is for role user only.
    await page.goto('/convertirme-en-guia');
    await expect(page).not.toHaveURL(/\/convertirme-en-guia$/);
    await expect(page.getByRole('button', { name: TEXT.guide.send })).toHaveCount(0);
    await openMenuIfHidden(page);
    await menuItem(page, MENU.createPlace).click();
    await expect(page).toHaveURL(/\/crear-destino$/);
  });
});
