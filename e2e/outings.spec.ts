import { formatOutingDate, isoToLimaLocal, limaLocalToIso, MSG, shortName, TEXT } from '@sendero/contract';
import { checkA11y, expect, login, MENU, menuItem, openMenuIfHidden, test, PHONE } from './fixtures.js';

// Group outings (docs/product.md#outings), a guide and hikers in their own windows, one real server.

test.describe('group outings', () => {
  test('a guide organizes an outing, a hiker joins it, the guide sees them in Personas inscritas and cancels, the hiker sees Cancelada', PHONE, async ({ page, api, admin, registerUser, openAs }) => {
    // Two windows and five screens with axe: longer than one journey on a busy machine.
    test.setTimeout(180_000);
    const guide = await api.registerGuide(admin.token);
    const place = await api.createVerifiedPlace(guide.token, admin.token, { capacity: 8 });
    const hiker = await registerUser();

    // The guide organizes it from the destination detail.
    await login(page, guide);
    await page.goto(`/buscar-destino/destino/${place._id}`);
    const section = page.getByRole('region', { name: TEXT.outings.title });
    await expect(section.getByText(TEXT.outings.none)).toBeVisible();
    await section.getByRole('button', { name: TEXT.outings.organize }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(TEXT.outings.organize) });
    await expect(dialog).toBeVisible();
    await checkA11y(page, 'organize dialog');
    const local = `${isoToLimaLocal(Date.now() + 3 * 24 * 3600_000).slice(0, 10)}T06:30`;
    const when = formatOutingDate(limaLocalToIso(local));
    await dialog.getByLabel(TEXT.outings.date).fill(local);
    await dialog.getByLabel(TEXT.outings.meetingPoint).fill('Óvalo de Huaraz, frente al grifo');
    // The spots cannot pass the place's Aforo (8): checked before anything is sent.
    await dialog.getByLabel(TEXT.outings.spots).fill('9');
    await dialog.getByRole('button', { name: TEXT.outings.publish }).click();
    await expect(dialog.getByText(MSG.spotsOverCapacity)).toBeVisible();
    await dialog.getByLabel(TEXT.outings.spots).fill('6');
    await dialog.getByLabel(TEXT.outings.description).fill('Ritmo tranquilo. Llevar agua y abrigo.');
    await dialog.getByRole('button', { name: TEXT.outings.publish }).click();
    await expect(dialog).toBeHidden();
    const guideCard = section.getByRole('article', { name: when });
    await expect(guideCard.getByText('Quedan 6 cupos')).toBeVisible();
    await expect(guideCard.getByRole('button', { name: TEXT.outings.people(0) })).toBeVisible();
    await checkA11y(page);

    // The hiker, in their own window (the machine's time zone, not Lima's), joins it.
    const hikerPage = await openAs(hiker);
    await hikerPage.goto(`/buscar-destino/destino/${place._id}`);
    const hikerCard = hikerPage.getByRole('region', { name: TEXT.outings.title }).getByRole('article', { name: when });
    await expect(hikerCard.getByText('Óvalo de Huaraz, frente al grifo')).toBeVisible();
    await expect(hikerCard.getByText(shortName(guide.firstname, guide.lastname))).toBeVisible();
    await hikerCard.getByRole('button', { name: TEXT.outings.join }).click();
    await expect(hikerCard.getByRole('button', { name: TEXT.outings.leave })).toBeVisible();
    await expect(hikerCard.getByText('Quedan 5 cupos')).toBeVisible();
    await expect(hikerCard.getByText(TEXT.outings.joined)).toBeVisible();
    await checkA11y(hikerPage);

    // 'Mis salidas' lists it for the hiker.
    await openMenuIfHidden(hikerPage);
    await menuItem(hikerPage, MENU.myOutings).click();
    await expect(hikerPage).toHaveURL(/\/mis-salidas$/);
    const joined = hikerPage.getByRole('list', { name: TEXT.outings.joinedTitle });
    await expect(joined.getByRole('article', { name: when }).getByRole('link', { name: place.name })).toBeVisible();
    await checkA11y(hikerPage);

    // The guide sees the hiker among the participants, and cancels after confirming.
    await page.reload();
    await guideCard.getByRole('button', { name: TEXT.outings.people(1) }).click();
    await expect(guideCard.getByRole('list', { name: TEXT.outings.people(1) }).getByText(shortName(hiker.firstname, hiker.lastname))).toBeVisible();
    await guideCard.getByRole('button', { name: TEXT.outings.cancel }).click();
    const confirm = page.getByRole('dialog', { name: TEXT.outings.cancelQuestion });
    await expect(confirm).toContainText('A la persona inscrita se le avisará que la salida fue cancelada.');
    await checkA11y(page, 'cancel confirmation');
    await confirm.getByRole('button', { name: TEXT.outings.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(guideCard.getByText(TEXT.outings.cancelled)).toBeVisible();

    // The guide's 'Mis salidas' shows it as cancelled.
    await openMenuIfHidden(page);
    await menuItem(page, MENU.myOutings).click();
    await expect(page.getByRole('list', { name: TEXT.outings.leadingTitle }).getByRole('article', { name: when }).getByText(TEXT.outings.cancelled)).toBeVisible();
    await checkA11y(page);

    // The hiker sees it cancelled, with nothing left to do.
    await hikerPage.goto(`/buscar-destino/destino/${place._id}`);
    await expect(hikerCard.getByText(TEXT.outings.cancelled)).toBeVisible();
    await expect(hikerCard.getByRole('button')).toHaveCount(0);
  });

  test('a full outing says Completa and offers no spot; the last hiker who tries is told', async ({ page, api, admin, registerUser }) => {
    const guide = await api.registerGuide(admin.token);
    const place = await api.createVerifiedPlace(guide.token, admin.token, { capacity: 5 });
    const outing = await api.createOuting(guide.token, place._id, { spots: 2, meeting_point: 'Paradero de Pitec' });
    const [first, second, late] = await Promise.all([registerUser(), registerUser(), registerUser()]);
    await api.joinOuting(first.token, outing._id);

    await login(page, late);
    await page.goto(`/buscar-destino/destino/${place._id}`);
    const card = page.getByRole('region', { name: TEXT.outings.title }).getByRole('article', { name: formatOutingDate(outing.starts_at) });
    await expect(card.getByText('Queda 1 cupo')).toBeVisible();
    // Someone else takes the last spot while the page is open.
    await api.joinOuting(second.token, outing._id);
    await card.getByRole('button', { name: TEXT.outings.join }).click();
    await expect(card.getByText(MSG.outingFull)).toBeVisible();
    await expect(card.getByText(TEXT.outings.full)).toBeVisible();
    await expect(card.getByRole('button', { name: TEXT.outings.join })).toHaveCount(0);
    await checkA11y(page);
  });
});
