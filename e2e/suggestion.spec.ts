import { TEXT } from '@sendero/contract';
import { checkA11y, expect, login, test, uniqueTag } from './fixtures.js';

// docs/product.md#did-you-mean against the real server: a misspelt name offers the nearest spelling.

test.describe('did you mean', () => {
  test("I type 'salcantay', follow '¿Quisiste decir «Salkantay»?' to Salkantay's card, and the screen passes axe", async ({ page, api, admin, registerUser }) => {
    const owner = await registerUser();
    const tag = uniqueTag();
    const place = await api.createVerifiedPlace(owner.token, admin.token, { name: `Nevado Salkantay ${tag}`, city: 'Cusco', difficulty: 'Exigente' });
    // A proposal not yet verified: its words are never offered.
    const pending = await api.createPlaceAs(owner.token, { name: `Nevado Pumasillo ${tag}` });

    const user = await registerUser();
    await login(page, user);
    await page.goto('/buscar-destino');
    const name = page.getByRole('textbox', { name: TEXT.search.name });
    await name.fill('pumasilo');
    await expect(page.getByText(TEXT.card.noResults)).toBeVisible();
    await expect(page.getByRole('link', { name: /Quisiste decir/ })).toHaveCount(0);
    await expect(page.getByText(pending.name)).toHaveCount(0);

    await name.fill('salcantay');
    await expect(page.getByText(TEXT.card.noResults)).toBeVisible();
    const suggestion = page.getByRole('link', { name: TEXT.search.didYouMean('Salkantay') });
    await expect(suggestion).toBeVisible();
    await checkA11y(page, '/buscar-destino with a suggestion');
    await suggestion.click();
    await expect(page).toHaveURL(/[?&]name=Salkantay(&|$)/);
    await expect(name).toHaveValue('Salkantay');
    await expect(page.getByRole('heading', { level: 3, name: place.name })).toBeVisible();
    await expect(page.getByText(TEXT.card.noResults)).toHaveCount(0);
  });
});
