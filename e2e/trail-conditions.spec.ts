import { closureBanner, shortName, TEXT } from '@sendero/contract';
import { checkA11y, chooseImages, expect, fact, login, pngFile, test, PHONE } from './fixtures.js';

/** docs/product.md#trail-conditions: correcting a review, reporting the path, the admins' queue and closures. */

test('as a hiker I correct the stars and the comment of my review', async ({ page, api, admin, registerUser }) => {
  const owner = await registerUser();
  const place = await api.createVerifiedPlace(owner.token, admin.token);
  const user = await registerUser();
  await api.createReview(user.token, place._id, 2, 'Me equivoqué de estrellas.');
  const me = shortName(user.firstname, user.lastname);

  await login(page, user);
  await page.goto(`/buscar-destino/destino/${place._id}`);
  const mine = page.getByRole('article', { name: TEXT.reviews.reviewOf(me) });
  await expect(mine).toContainText('Me equivoqué de estrellas.');
  await expect(fact(page, TEXT.card.rating)).toContainText('2');
  await mine.getByRole('button', { name: TEXT.conditions.editReviewOf(me) }).click();
  const modal = page.getByRole('dialog', { name: TEXT.conditions.editTitle(place.name) });
  await expect(modal).toBeVisible();
  await checkA11y(page, 'edit review');
  await modal.getByRole('radio', { name: /Excelente/ }).check();
  await modal.getByRole('textbox', { name: TEXT.reviews.comment }).fill('Corregido: es excelente.');
  await modal.getByRole('button', { name: TEXT.conditions.save }).click();
  await expect(modal).toBeHidden();
  await expect(mine).toContainText('Corregido: es excelente.');
  await expect(mine.getByRole('img', { name: TEXT.reviews.stars(5, 5, 'Excelente') })).toBeVisible();
  await expect(fact(page, TEXT.card.rating)).toContainText('5');
});

test("a hiker reports 'Peligroso' with 'Derrumbe'; the admin closes the place from 'Reportes del sendero'; a visitor sees the banner and the mark", PHONE, async ({
  page,
  api,
  admin,
  registerUser,
  openAs,
}) => {
  const owner = await registerUser();
  const place = await api.createVerifiedPlace(owner.token, admin.token);
  const hiker = await registerUser();

  // The hiker reviews, saying what the path was like.
  await login(page, hiker);
  await page.goto(`/buscar-destino/destino/${place._id}`);
  const recent = page.getByRole('region', { name: TEXT.conditions.recentTitle });
  await expect(recent).toContainText(TEXT.conditions.recentNone);
  await page.getByRole('button', { name: TEXT.reviews.write }).click();
  const modal = page.getByRole('dialog', { name: TEXT.reviews.modalTitle(place.name) });
  await expect(modal.getByLabel(TEXT.conditions.walkedOn)).not.toHaveValue('');
  await chooseImages(page, modal, TEXT.reviews.addPhoto, [pngFile('derrumbe.png')]);
  const crop = page.getByRole('dialog', { name: TEXT.upload.cropTitle });
  await crop.getByRole('button', { name: TEXT.upload.usePhoto }).click();
  await expect(crop).toBeHidden();
  await modal.getByRole('radio', { name: /Regular/ }).check();
  await modal.getByRole('textbox', { name: TEXT.reviews.comment }).fill('Un derrumbe tapa el sendero después del puente.');
  await modal.getByRole('combobox', { name: TEXT.conditions.condition }).click();
  await page.getByRole('option', { name: 'Peligroso' }).click();
  await modal.getByRole('button', { name: 'Derrumbe' }).click();
  await expect(modal.getByRole('button', { name: 'Derrumbe' })).toHaveAttribute('aria-pressed', 'true');
  await checkA11y(page, 'review with trail conditions');
  await modal.getByRole('button', { name: TEXT.reviews.send }).click();
  await expect(modal).toBeHidden();
  await expect(recent).toContainText('Peligroso');
  await expect(recent).toContainText('Derrumbe');
  await checkA11y(page, 'Estado reciente');

  // The admin sees it in 'Reportes del sendero' and closes the place.
  const adminPage = await openAs(admin);
  await adminPage.goto('/admin/reportes');
  await expect(adminPage.getByRole('heading', { level: 1, name: TEXT.conditions.reportsTitle })).toBeVisible();
  const report = adminPage.getByRole('article', { name: place.name });
  await expect(report).toContainText('Un derrumbe tapa el sendero después del puente.');
  await expect(report).toContainText('Peligroso');
  await checkA11y(adminPage, 'Reportes del sendero');
  await report.getByRole('button', { name: TEXT.conditions.close }).click();
  const dialog = adminPage.getByRole('dialog', { name: TEXT.conditions.closeTitle(place.name) });
  await dialog.getByRole('textbox', { name: TEXT.conditions.closeNote }).fill('Derrumbe después del puente');
  await checkA11y(adminPage, 'closure dialog');
  await dialog.getByRole('button', { name: TEXT.conditions.closeConfirm }).click();
  await expect(dialog).toBeHidden();
  await expect(report.getByRole('button', { name: TEXT.conditions.reopen })).toBeVisible();

  // A visitor, on a phone, sees the banner on the detail and the mark on the card.
  const visitor = await registerUser();
  const phone = await openAs(visitor);
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`/buscar-destino/destino/${place._id}`);
  await expect(phone.getByText(closureBanner('Derrumbe después del puente'))).toBeVisible();
  // As on the search below: axe reads 'Guardar' once enabled, not during its colour transition.
  await expect(phone.getByRole('button', { name: TEXT.saved.save })).toBeEnabled();
  await checkA11y(phone, 'closed place (390 px)');
  await phone.goto(`/buscar-destino?name=${encodeURIComponent(place.name)}`);
  const card = phone.getByRole('article').filter({ has: phone.getByRole('heading', { name: place.name }) });
  await expect(card.getByText(TEXT.card.closed)).toBeVisible();
  // 'Guardar' is enabled once the saved list has come: axe then reads its final colours, not a fade.
  await expect(card.getByRole('button', { name: TEXT.saved.save })).toBeEnabled();
  await checkA11y(phone, 'search with a closed place (390 px)');

  // 'Reabrir' takes the banner away.
  await report.getByRole('button', { name: TEXT.conditions.reopen }).click();
  await expect(report.getByRole('button', { name: TEXT.conditions.close })).toBeVisible();
  await phone.goto(`/buscar-destino/destino/${place._id}`);
  await expect(phone.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  await expect(phone.getByText(closureBanner('Derrumbe después del puente'))).toHaveCount(0);
});
