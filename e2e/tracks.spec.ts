import type { Page } from '@playwright/test';
import { API, TEXT, TRACK_TEXT, trackDistanceText, trackDurationText, trackFileSlug, trackMetresText, trackSummary, type TrackPoint, type TrackSummary } from '@sendero/contract';
import { checkA11y, chooseImages, expect, login, PHONE, pngFile, test, uniqueTag } from './fixtures.js';

/**
 * docs/product.md#tracks: a guide's GPX read into figures, the line on the destination's map, the
 * 'Perfil de elevación' that moves a marker along it (pointer and keyboard), the free download.
 */

/** Tiles come from outside the site: never fetched here (the map draws the line and markers without them). */
async function blockTiles(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

const TRAILHEAD = { lat: -9.4867, lon: -77.4381 };

/**
 * A loop of 241 points from the trailhead: out to the north-east climbing about 600 m from 3,850 m,
 * back on a wider arc, with a little deterministic noise on the elevation. Coordinates to 6 decimals
 * and elevations to 0.1 m, as the server stores them, so the contract's `trackSummary` of these
 * points is what the server answers.
 */
function loop(): TrackPoint[] {
  const points: TrackPoint[] = [];
  for (let i = 0; i <= 240; i++) {
    const t = (i / 240) * 2 * Math.PI;
    const lat = TRAILHEAD.lat + 0.014 * Math.sin(t);
    const lon = TRAILHEAD.lon + 0.02 * (1 - Math.cos(t));
    const ele = 3850 + 600 * Math.sin(t / 2) ** 2 + 2 * Math.sin(i * 1.7);
    points.push([Math.round(lon * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6, Math.round(ele * 10) / 10]);
  }
  return points;
}

/** A GPX 1.1 of `points` as a watch writes it: with times and an extension the server must drop. */
function gpx(points: TrackPoint[]): string {
  const start = Date.parse('2026-10-03T06:00:00Z');
  const pts = points
    .map(
      ([lon, lat, ele], i) =>
        `<trkpt lat="${lat}" lon="${lon}"><ele>${ele}</ele><time>${new Date(start + i * 30_000).toISOString()}</time><extensions><hr>120</hr></extensions></trkpt>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Reloj de prueba" xmlns="http://www.topografix.com/GPX/1/1">
<metadata><name>Caminata de prueba</name><time>2026-10-03T06:00:00Z</time></metadata>
<trk><name>Laguna</name><trkseg>
${pts}
</trkseg></trk>
</gpx>
`;
}

const POINTS = loop();
const GPX = { name: 'laguna.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx(POINTS)) };
const EXPECTED = trackSummary([POINTS]);

/** The five figures as the detail and the forms write them. */
function figures(s: TrackSummary): Record<string, string> {
  return {
    [TRACK_TEXT.distance]: trackDistanceText(s.distance_m),
    [TRACK_TEXT.ascent]: trackMetresText(s.ascent_m!),
    [TRACK_TEXT.descent]: trackMetresText(s.descent_m!),
    [TRACK_TEXT.maxEle]: trackMetresText(s.max_ele_m!),
    [TRACK_TEXT.duration]: trackDurationText(s.duration_min),
  };
}

async function expectFigures(page: Page, expected: Record<string, string>): Promise<void> {
  const list = page.getByTestId('track-figures');
  for (const [term, value] of Object.entries(expected)) {
    await expect(list.locator(`dt:text-is("${term}") + dd, dd:has(+ dt:text-is("${term}"))`)).toHaveText(value);
  }
}

/**
 * Pictures of the screen as it is now, for a person to look at: on the desktop project the whole page at
 * 390 and 1440 px wide, on the phone what its screen shows. Not the whole page on a phone: Chromium takes
 * it by resizing the emulated screen, and the width watch (e2e/width.ts) once caught that screen at 1 px
 * wide under a busy CPU.
 */
async function pictures(page: Page, name: string): Promise<void> {
  const project = test.info().project.name;
  if (project !== 'chromium') {
    await page.screenshot({ path: test.info().outputPath(`${name}-${project}.png`) });
    return;
  }
  const size = page.viewportSize()!;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

test('as a guide I upload a GPX while proposing a destination and see its figures', PHONE, async ({ page, api, admin }) => {
  const guide = await api.registerGuide(admin.token);
  const name = `Laguna ${uniqueTag()}`;
  await blockTiles(page);
  await login(page, guide);
  await page.goto('/crear-destino');
  const finish = page.getByRole('button', { name: TEXT.placeForm.finish });
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Dificultad', { exact: true }).selectOption('Media');
  await page.getByLabel(TEXT.placeForm.fields.capacity, { exact: true }).fill('12');
  await page.getByLabel(TEXT.placeForm.fields.time_min).fill('4');
  await page.getByLabel(TEXT.placeForm.fields.time_max).fill('6');
  await page.getByLabel(TEXT.placeForm.fields.time_city).fill('1');
  await page.getByLabel(TEXT.placeForm.fields.city, { exact: true }).fill('Huaraz');
  await page.getByLabel(TEXT.placeForm.fields.lat, { exact: true }).fill(String(TRAILHEAD.lat));
  await page.getByLabel(TEXT.placeForm.fields.lon, { exact: true }).fill(String(TRAILHEAD.lon));
  await page.getByLabel(TEXT.placeForm.fields.description, { exact: true }).fill('Una laguna turquesa bajo el nevado, a una mañana de caminata.');
  await page.getByLabel(TEXT.placeForm.fields.how_to_get, { exact: true }).fill('Colectivo desde Huaraz hasta el inicio del sendero.');
  await page.getByLabel(TEXT.placeForm.fields.tips, { exact: true }).fill('Sal temprano y lleva abrigo.');
  await chooseImages(page, page, TEXT.upload.addPhotos, [pngFile('laguna.png')]);
  await expect(page.getByRole('img', { name: 'Foto 1 del destino' })).toBeVisible();

  // 'Recorrido (GPX o KML, opcional)': the file is chosen now and sent once the destination exists.
  const field = page.getByRole('group', { name: TRACK_TEXT.formField });
  const chooser = page.waitForEvent('filechooser');
  await field.getByRole('button', { name: TRACK_TEXT.pickFile }).click();
  await (await chooser).setFiles(GPX);
  await expect(field).toContainText(TRACK_TEXT.chosen(GPX.name));
  await checkA11y(page, 'create destination with a track chosen');
  await expect(finish).toBeEnabled();
  await finish.click();

  await expect(page.getByText(TEXT.places.created)).toBeVisible();
  await expect(page.getByText(TRACK_TEXT.saved)).toBeVisible();
  await expectFigures(page, figures(EXPECTED));
  await expect(page.getByRole('button', { name: TRACK_TEXT.remove })).toBeVisible();
  await checkA11y(page, 'create destination success with the track figures');
  await pictures(page, 'track-created');

  // The server kept the figures it showed.
  const all = (await (await api.request.get(API.places, { headers: { Authorization: `Bearer ${admin.token}` } })).json()) as { _id: string; name: string }[];
  const created = all.find((p) => p.name === name)!;
  const detail = (await (await api.getPlace(guide.token, created._id)).json()) as { track: TrackSummary | null };
  expect(detail.track).toMatchObject({ distance_m: EXPECTED.distance_m, ascent_m: EXPECTED.ascent_m, duration_min: EXPECTED.duration_min });
});

test('as a visitor I see the line and the profile, step along it with the keyboard and download the GPX', PHONE, async ({ page, api, admin, registerUser }) => {
  const guide = await api.registerGuide(admin.token);
  const place = await api.createVerifiedPlace(guide.token, admin.token, { ...TRAILHEAD, city: 'Huaraz' });
  const put = await api.request.put(API.placeTrack(place._id), { headers: { Authorization: `Bearer ${guide.token}` }, multipart: { file: GPX } });
  expect(put.status(), await put.text()).toBe(200);

  await blockTiles(page);
  await login(page, await registerUser());
  await page.goto(`/buscar-destino/destino/${place._id}`);
  // The map is made, and 'Recorrido' drawn, once each is on the screen: the hiker scrolls down to them.
  await page.getByTestId('map').scrollIntoViewIfNeeded();
  const map = page.getByRole('region', { name: TEXT.detail.trailheadMap(place.name) });
  await expect(map.locator('path.sd-track-line')).toBeVisible();
  const section = page.getByRole('region', { name: TRACK_TEXT.title });
  await section.or(page.getByTestId('track-placeholder')).first().scrollIntoViewIfNeeded();
  await expect(section).toBeVisible();
  await expectFigures(page, figures(EXPECTED));

  // The profile (the chart draws its area).
  const profile = section.getByRole('figure', { name: TRACK_TEXT.profile });
  await expect(profile.locator('svg .MuiLineChart-area').first()).toBeVisible();
  const cursor = map.locator('path.sd-track-cursor');
  await expect(cursor).toHaveCount(0);

  // The pointer along the chart moves the marker along the line.
  const slider = section.getByRole('slider', { name: TRACK_TEXT.profilePosition });
  // The mouse reaches only what is on the screen.
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await expect(cursor).toBeVisible();
  const atHover = await cursor.getAttribute('data-latlng');
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5);
  await expect(cursor).not.toHaveAttribute('data-latlng', atHover!);
  await page.mouse.move(box.x + box.width * 0.5, box.y - 40);
  await expect(cursor).toHaveCount(0);

  // The keyboard: focus starts at the trailhead, the arrows step along, the marker follows.
  await slider.focus();
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await expect(slider).toHaveAttribute('aria-valuetext', /^Km 0\.0: [\d,]+ m de altitud$/);
  await expect(cursor).toHaveAttribute('data-latlng', `${TRAILHEAD.lat},${TRAILHEAD.lon}`);
  const before = await cursor.getAttribute('d');
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(slider).not.toHaveAttribute('aria-valuenow', '0');
  await expect(cursor).not.toHaveAttribute('d', before!);
  const text = await slider.getAttribute('aria-valuetext');
  await expect(section.getByText(text!, { exact: true })).toBeVisible();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', (await slider.getAttribute('aria-valuemax'))!);
  expect(Number(await slider.getAttribute('aria-valuemax'))).toBeCloseTo(EXPECTED.distance_m / 1000, 1);
  await page.keyboard.press('PageDown');
  await checkA11y(page, "destination detail with 'Recorrido'");

  // 'Descargar GPX': free, the place's name as the file's, the points with their elevation and no times.
  const link = section.getByRole('link', { name: TRACK_TEXT.download });
  // Clicked right after the slider lost focus: nothing below the profile moves then.
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${trackFileSlug(place.name)}.gpx`);
  const { readFile } = await import('node:fs/promises');
  const body = await readFile((await file.path())!, 'utf8');
  expect(body).toContain('<gpx');
  expect(body).toContain(`<name>${place.name}</name>`);
  expect(body.match(/<trkpt /g)).toHaveLength(POINTS.length);
  expect(body).toContain('<ele>');
  expect(body).not.toContain('<time>');
  expect(body).not.toContain('<hr>');
  await pictures(page, 'track-detail');
});
