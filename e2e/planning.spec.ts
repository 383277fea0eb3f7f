import type { Page } from '@playwright/test';
import { MSG, type Place, TEXT } from '@sendero/contract';
import type { Api } from './api.js';
import { checkA11y, chooseImages, expect, login, pngFile, test, uniqueTag, unfoldFilters, type Account, PHONE } from './fixtures.js';

/**
 * docs/product.md#planning in the browser: hours, duration and the four orders on the search page, the URL
 * that restores them, the map of the results and the place form's location picker. No tile server
 * is reachable here: tiles are blocked and the markers must still show.
 */

const LIMA = { latitude: -12.0464, longitude: -77.0428 };

/** Every tile request fails at once (there is no internet here anyway): the map must work without tiles. */
async function blockTiles(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

const capital = (tag: string) => tag.charAt(0).toUpperCase() + tag.slice(1);

/** Four verified places that only this test's name matches; newest last in this list. */
async function seedPlaces(api: Api, admin: Account, owner: Account, tag: string) {
  const make = (name: string, extra: Record<string, unknown>) =>
    api.createVerifiedPlace(owner.token, admin.token, { name: `${name} ${capital(tag)}`, city: 'Lima', ...extra } as never);
  // Created one after the other: 'Más recientes' lists them last to first.
  const far = await make('Nevado', { time: [4, 7], time_city: 8, lat: -9.48, lon: -77.44 });
  const lachay = await make('Lomas', { time: [1, 3], time_city: 2.5, lat: -11.35, lon: -77.37 });
  const blank = await make('Cañón', { time: [6, 8], time_city: 3 });
  const near = await make('Bosque', { time: [2, 5], time_city: 4, lat: -11.77, lon: -76.59 });
  return { far, lachay, blank, near };
}

function cardNames(page: Page) {
  return page.getByRole('region', { name: TEXT.search.results }).getByRole('heading', { level: 3 });
}

/**
 * Every result's name in order, the cards out of view included: the carousel mounts only the cards near
 * the view (one at a time on a phone), so the track is walked one view at a time and each mounted slide
 * ('N de M') gives its place and name.
 */
async function allCardNames(page: Page): Promise<string[]> {
  return (await allCards(page)).map((c) => c.name);
}

/** Every result's card in order, as its name and its whole text. */
async function allCards(page: Page): Promise<{ name: string; text: string }[]> {
  const track = page.getByRole('region', { name: TEXT.search.results }).getByTestId('card-carousel-track');
  return track.evaluate(async (el) => {
    const names = new Map<number, { name: string; text: string }>();
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
    const start = el.scrollLeft;
    el.scrollLeft = 0;
    for (let guard = 0; guard < 100; guard++) {
      await frame();
      for (const slide of Array.from(el.querySelectorAll('[role="group"]'))) {
        const n = Number.parseInt(slide.getAttribute('aria-label') ?? '', 10);
        const name = slide.querySelector('h3')?.textContent;
        if (name) names.set(n, { name, text: slide.textContent ?? '' });
      }
      const before = el.scrollLeft;
      el.scrollLeft = before + el.clientWidth;
      if (el.scrollLeft === before) break;
    }
    el.scrollLeft = start;
    return [...names.entries()].sort((a, b) => a[0] - b[0]).map(([, card]) => card);
  });
}

test.describe('planning by hours and distance', () => {
  test.use({ geolocation: LIMA, permissions: ['geolocation'] });

  test('I filter by hours and duration, try each order, reload, and see the results on the map', PHONE, async ({ page, api, admin, registerUser }) => {
    const [owner, reviewer] = await Promise.all([registerUser(), registerUser()]);
    const tag = uniqueTag();
    const p = await seedPlaces(api, admin, owner, tag);
    // 'Mejor calificados': rating first, then the number of reviews.
    await api.createReview(reviewer.token, p.lachay._id, 5, 'Excelente caminata.');
    await api.createReview(reviewer.token, p.far._id, 4, 'Muy buena.');
    const T = capital(tag);
    await blockTiles(page);
    await login(page, reviewer);
    await page.goto(`/buscar-destino?name=${tag}`);
    await expect.poll(() => allCardNames(page)).toEqual([`Bosque ${T}`, `Cañón ${T}`, `Lomas ${T}`, `Nevado ${T}`]);
    await unfoldFilters(page);

    await page.getByLabel('Horas de viaje', { exact: true }).selectOption({ label: 'Hasta 3 horas' });
    await expect.poll(() => allCardNames(page)).toEqual([`Cañón ${T}`, `Lomas ${T}`]);
    await page.getByLabel('Duración de la caminata', { exact: true }).selectOption({ label: 'Más de 6 horas' });
    await expect.poll(() => allCardNames(page)).toEqual([`Cañón ${T}`]);
    await page.getByRole('button', { name: TEXT.search.hoursReset }).click();
    await expect.poll(() => allCardNames(page)).toEqual([`Cañón ${T}`, `Nevado ${T}`]);
    await page.getByRole('button', { name: TEXT.search.durationReset }).click();
    await expect.poll(async () => (await allCardNames(page)).length).toBe(4);

    await page.getByLabel('Ordenar por', { exact: true }).selectOption({ label: 'Menos horas de viaje' });
    await expect.poll(() => allCardNames(page)).toEqual([`Lomas ${T}`, `Cañón ${T}`, `Bosque ${T}`, `Nevado ${T}`]);
    await page.getByLabel('Ordenar por', { exact: true }).selectOption({ label: 'Mejor calificados' });
    await expect.poll(() => allCardNames(page)).toEqual([`Lomas ${T}`, `Nevado ${T}`, `Bosque ${T}`, `Cañón ${T}`]);
    await page.getByLabel('Ordenar por', { exact: true }).selectOption({ label: 'Más cerca de mí' });
    await expect.poll(() => allCardNames(page)).toEqual([`Bosque ${T}`, `Lomas ${T}`, `Nevado ${T}`, `Cañón ${T}`]);
    const cardText = async (name: string) => (await allCards(page)).find((c) => c.name === name)?.text ?? '';
    await expect.poll(() => cardText(`Bosque ${T}`)).toContain('a 58 km');
    await expect.poll(() => cardText(`Lomas ${T}`)).toContain('a 85 km');
    expect(await cardText(`Cañón ${T}`)).toContain(`Cañón ${T}`);
    expect(await cardText(`Cañón ${T}`)).not.toContain(' km');

    // The address keeps it all: a reload shows the same page.
    await page.getByLabel('Duración de la caminata', { exact: true }).selectOption({ label: '3 a 6 horas' });
    await page.getByRole('button', { name: 'Mapa', exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=map/);
    const url = page.url();
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({ name: tag, sort: 'near', duration: 'medium', view: 'map' });
    await page.reload();
    await unfoldFilters(page);
    await expect(page.getByLabel('Ordenar por', { exact: true })).toHaveValue('near');
    await expect(page.getByLabel('Duración de la caminata', { exact: true })).toHaveValue('medium');
    await expect(page.getByRole('button', { name: 'Mapa', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => allCardNames(page)).toEqual([`Bosque ${T}`, `Lomas ${T}`, `Nevado ${T}`, `Cañón ${T}`]);

    // One named marker per filtered place with a trailhead, tiles or not; the list stays under the map.
    const map = page.getByRole('region', { name: TEXT.search.map });
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(3);
    for (const name of [`Bosque ${T}`, `Lomas ${T}`, `Nevado ${T}`]) await expect(map.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(page.getByText(TEXT.search.notOnMap(1))).toBeVisible();
    await checkA11y(page, 'search (map)');
    await page.getByLabel('Horas de viaje', { exact: true }).selectOption({ label: 'Hasta 3 horas' });
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);

    // A marker's popup leads to the place.
    await map.getByRole('button', { name: `Lomas ${T}`, exact: true }).click();
    await map.getByRole('link', { name: TEXT.card.seeMore }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Lomas ${T}` })).toBeVisible();
    await expect(page.getByRole('link', { name: TEXT.detail.openInMaps })).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=-11.35,-77.37');
    await expect(page.getByRole('region', { name: `Mapa del inicio de la ruta de Lomas ${T}` }).locator('.leaflet-marker-icon')).toHaveCount(1);

    await page.goBack();
    await page.getByRole('button', { name: 'Lista', exact: true }).click();
    await expect(page.getByRole('region', { name: TEXT.search.map })).toHaveCount(0);
    await checkA11y(page, 'search (list)');
  });

  test('junk in the address is dropped and the defaults show, never a blank page', async ({ page, registerUser }) => {
    await login(page, await registerUser());
    await page.goto('/buscar-destino?hours=-3&duration=eterna&sort=azar&view=globo');
    await expect(page).toHaveURL(/\/buscar-destino$/);
    await unfoldFilters(page);
    await expect(page.getByLabel('Ordenar por', { exact: true })).toHaveValue('newest');
    await expect(page.getByLabel('Horas de viaje', { exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Lista', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(cardNames(page).first()).toBeVisible();
  });

  test('I set the trailhead of a new destination by clicking on the map', async ({ page, api, admin, registerUser }) => {
    const user = await registerUser();
    const name = `Mirador ${capital(uniqueTag())}`;
    await blockTiles(page);
    await login(page, user);
    await page.goto('/crear-destino');
    const picker = page.getByRole('region', { name: TEXT.placeForm.trailheadMap });
    await expect(picker).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT.placeForm.clearTrailhead })).toBeDisabled();
    const box = (await picker.boundingBox())!;
    await picker.click({ position: { x: box.width * 0.55, y: box.height * 0.45 } });
    const lat = page.getByLabel(TEXT.placeForm.fields.lat, { exact: true });
    const lon = page.getByLabel(TEXT.placeForm.fields.lon, { exact: true });
    await expect(lat).not.toHaveValue('');
    const [latValue, lonValue] = [Number(await lat.inputValue()), Number(await lon.inputValue())];
    expect(latValue).toBeGreaterThan(-25);
    expect(latValue).toBeLessThan(5);
    expect(lonValue).toBeGreaterThan(-90);
    expect(lonValue).toBeLessThan(-60);
    await expect(picker.locator('.leaflet-marker-icon')).toHaveCount(1);

    await page.getByLabel(TEXT.search.name, { exact: true }).fill(name);
    await page.getByLabel(TEXT.search.difficulty, { exact: true }).selectOption('Media');
    await page.getByLabel('Aforo', { exact: true }).fill('10');
    await page.getByLabel(TEXT.placeForm.fields.time_min).fill('1');
    await page.getByLabel(TEXT.placeForm.fields.time_max).fill('2');
    await page.getByLabel(TEXT.placeForm.fields.time_city).fill('3');
    await page.getByLabel(TEXT.search.city, { exact: true }).fill('Canta');
    await page.getByLabel('Descripción', { exact: true }).fill('Un mirador sobre el valle.');
    await page.getByLabel('¿Cómo llegar?', { exact: true }).fill('Bus a Canta y una hora a pie.');
    await page.getByLabel('Recomendaciones', { exact: true }).fill('Lleva agua.');
    await chooseImages(page, page, TEXT.upload.addPhotos, [pngFile('mirador.png')]);
    await expect(page.getByRole('img', { name: 'Foto 1 del destino' })).toBeVisible();
    await checkA11y(page, 'create destination with the picker');
    await page.getByRole('button', { name: TEXT.placeForm.finish }).click();
    await expect(page.getByText(/Su destino ha sido creado con éxito!/)).toBeVisible();

    const all = (await (await api.request.get('/api/place', { headers: { Authorization: `Bearer ${admin.token}` } })).json()) as Place[];
    expect(all.find((p) => p.name === name)).toMatchObject({ lat: latValue, lon: lonValue });
  });
});

test.describe('when the browser refuses the location', () => {
  test.use({ permissions: [] });

  test("'Más cerca de mí' shows the toast and goes back to 'Más recientes'", async ({ page, registerUser }) => {
    await login(page, await registerUser());
    await page.context().clearPermissions();
    await page.goto('/buscar-destino');
    await unfoldFilters(page);
    await page.getByLabel('Ordenar por', { exact: true }).selectOption({ label: 'Más cerca de mí' });
    await expect(page.getByText(MSG.locationFailed)).toBeVisible();
    await expect(page.getByLabel('Ordenar por', { exact: true })).toHaveValue('newest');
    await expect(page).toHaveURL(/\/buscar-destino$/);
  });
});
