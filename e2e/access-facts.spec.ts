import {
  ACCESS_LABELS,
  type AdminAction,
  API,
  altitudeText,
  closedMonthsText,
  factsCheckedText,
  feeText,
  limaDate,
  OPEN_IN_LABEL,
  quotaText,
  TEXT,
} from '@sendero/contract';
import { checkA11y, expect, expectNoHorizontalOverflow, login, PHONE, test, uniqueTag, unfoldFilters } from './fixtures.js';

/**
 * docs/product.md#access-facts against the real server: the creator writes the facts in the edit form
 * (the months as twelve toggles), an administrator confirms them, and a visitor's 'Abierto en' febrero
 * leaves out the place closed in February until the filter is cleared.
 */

test("a creator sets the access facts, an admin presses 'Confirmar datos', a visitor's 'Abierto en' febrero leaves the place out until cleared", PHONE, async ({
  page,
  api,
  admin,
  registerUser,
  openAs,
}) => {
  const owner = await registerUser();
  const tag = uniqueTag();
  const closed = await api.createVerifiedPlace(owner.token, admin.token, { name: `Camino Inca ${tag}`, city: 'Cusco', difficulty: 'Exigente' });
  // The same words in another place that says nothing about its months: 'Abierto en' keeps it.
  const open = await api.createVerifiedPlace(owner.token, admin.token, { name: `Mirador Inca ${tag}`, city: 'Cusco' });

  // The creator opens the edit form and writes what a source states.
  await login(page, owner);
  await page.goto(`/buscar-destino/destino/${closed._id}`);
  await expect(page.getByRole('heading', { level: 1, name: closed.name })).toBeVisible();
  // No fact known yet: no 'Acceso' block at all.
  await expect(page.getByRole('region', { name: TEXT.access.title })).toHaveCount(0);
  await page.getByRole('button', { name: TEXT.detail.configure }).click();
  const facts = page.getByRole('group', { name: TEXT.placeForm.accessFacts });
  await expect(facts).toBeVisible();
  await facts.getByLabel(TEXT.placeForm.fields.access, { exact: true }).selectOption({ label: ACCESS_LABELS.permiso_con_cupo });
  await facts.getByLabel(TEXT.placeForm.fields.fee_pen, { exact: true }).fill('152');
  await facts.getByLabel(TEXT.placeForm.fields.daily_quota, { exact: true }).fill('500');
  await facts.getByLabel(TEXT.placeForm.fields.altitude_m, { exact: true }).fill('4215');
  const months = facts.getByRole('group', { name: TEXT.placeForm.fields.closed_months });
  await expect(months.getByRole('checkbox')).toHaveCount(12);
  await months.getByRole('checkbox', { name: 'febrero', exact: true }).check();
  await expect(months.getByRole('checkbox', { name: 'febrero', exact: true })).toBeChecked();
  await expect(months.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await facts.getByLabel(TEXT.placeForm.fields.facts_source, { exact: true }).fill('https://www.machupicchu.gob.pe/');
  await checkA11y(page, 'place edit form with its access facts');
  await page.getByRole('button', { name: TEXT.placeForm.save }).click();

  // The detail says them in words, with the source and the day they were checked (today: a fact changed).
  await expect(page.getByRole('heading', { level: 1, name: closed.name })).toBeVisible();
  const block = page.getByRole('region', { name: TEXT.access.title });
  for (const line of [altitudeText(4215), feeText(152)!, ACCESS_LABELS.permiso_con_cupo, quotaText(500), closedMonthsText([2])!, factsCheckedText(limaDate())]) {
    await expect(block.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(block.getByRole('link', { name: TEXT.access.source })).toHaveAttribute('href', 'https://www.machupicchu.gob.pe/');
  // 'Confirmar datos' is an administrator's.
  await expect(block.getByRole('button', { name: TEXT.access.confirm })).toHaveCount(0);
  await checkA11y(page, "place detail with its 'Acceso' block");

  // An administrator confirms them; the admin actions log it.
  const adminPage = await openAs(admin);
  await adminPage.goto(`/buscar-destino/destino/${closed._id}`);
  const adminBlock = adminPage.getByRole('region', { name: TEXT.access.title });
  await expect(adminBlock.getByText(closedMonthsText([2])!, { exact: true })).toBeVisible();
  await adminBlock.getByRole('button', { name: TEXT.access.confirm }).click();
  await expect(adminPage.getByText(TEXT.access.confirmed)).toBeVisible();
  await expect(adminBlock.getByText(factsCheckedText(limaDate()), { exact: true })).toBeVisible();
  await checkA11y(adminPage, "place detail with 'Confirmar datos' (admin)");
  const log = await api.request.get(API.adminActions(closed._id), { headers: { Authorization: `Bearer ${admin.token}` } });
  expect(log.status()).toBe(200);
  expect(((await log.json()) as AdminAction[]).map((a) => a.action)).toContain('confirm_facts');

  // A visitor on a phone: 'Abierto en' febrero leaves out the place closed in February, then is cleared.
  const visitor = await registerUser();
  const phone = await openAs(visitor);
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`/buscar-destino?name=${encodeURIComponent(`inca ${tag}`)}`);
  const card = (name: string) => phone.getByRole('heading', { level: 3, name });
  await expect(card(closed.name)).toBeVisible();
  await expect(card(open.name)).toBeVisible();
  await unfoldFilters(phone);
  await phone.getByLabel(OPEN_IN_LABEL, { exact: true }).selectOption({ label: 'febrero' });
  await expect(phone).toHaveURL(/[?&]open=2(&|$)/);
  await expect(card(closed.name)).toHaveCount(0);
  await expect(card(open.name)).toBeVisible();
  await expect(phone.getByRole('button', { name: TEXT.search.filtersToggle(1), exact: true })).toBeVisible();
  await checkA11y(phone, "search with 'Abierto en' febrero (390 px)");
  await expectNoHorizontalOverflow(phone);

  await phone.getByRole('button', { name: TEXT.search.openInReset }).click();
  await expect(phone).not.toHaveURL(/[?&]open=/);
  await expect(phone.getByLabel(OPEN_IN_LABEL, { exact: true })).toHaveValue('');
  await expect(card(closed.name)).toBeVisible();
  await expect(card(open.name)).toBeVisible();
  await expect(phone.getByRole('button', { name: TEXT.search.filtersToggle(0), exact: true })).toBeVisible();
});
