import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  API,
  type Deleted,
  MSG,
  type PlaceDetail,
  type Track,
  TRACK_FILE_MAX_BYTES,
  TRACK_LINE_MAX_POINTS,
  TRACK_MSG,
  TRACK_PROFILE_MAX_POINTS,
  trackSummary,
  type TrackPoint,
} from '@sendero/contract';
import { placeTracks } from '@/db/schema.js';
import { buildTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace, multipart, noisePhoto } from './helpers/upload-fixtures.js';
import { gpxFile, gxTrackFile, kmlFile, putTrack, walk } from './helpers/track-files.js';

/** docs/product.md#tracks on both databases: the four calls, their refusals and permissions. */

let t: TestApp;
let admin: TestUser;
let creator: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, creator, other] = await Promise.all([t.createAdmin(), t.createUser({ firstname: 'Rosa' }), t.createUser()]);
});
afterAll(async () => {
  await t?.close();
});

const detail = async (id: string, token = creator.token) => (await api(t, token).get<PlaceDetail>(API.place(id))).body;
const trackOf = (id: string, token?: string) => api(t, token).get<Track & ErrorBody>(API.placeTrack(id));
const rowsFor = async (id: string) => (await t.db.select({ n: count() }).from(placeTracks).where(eq(placeTracks.idPlace, id)))[0]!.n;
/** Upload bodies this process left in the temporary folder. */
const leftovers = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`sendero-upload-${process.pid}-`));
const UPDATED = '2026-01-01T00:00:00.000Z';
const expectedSummary = (segments: TrackPoint[][]) => {
  const { updated_at: _u, ...rest } = trackSummary(segments, UPDATED);
  void _u;
  return rest;
};

describe('PUT, GET, GET .gpx and DELETE', () => {
  it('a creator uploads a GPX of two segments: the figures are the contract function of its points', async () => {
    const place = await createPlace(t, creator.token, { name: 'Laguna Churup' }, { verifyWith: admin.token });
    const a = walk(400);
    const b = walk(300, { lat0: -9.0, lon0: -77.55 });
    const res = await putTrack(t, creator.token, place._id, gpxFile([a, b]));
    expect(res.status).toBe(200);
    expect(res.body.track).toMatchObject(expectedSummary([a, b]));
    expect(res.body.track.points).toBe(700);
    expect(res.body.track.max_ele_m).toBeGreaterThan(4150);
    expect(Date.parse(res.body.track.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    // The detail carries it for everyone who sees the place.
    expect((await detail(place._id, other.token)).track).toEqual(res.body.track);

    // GET track: anyone (no token) for a verified place; line and profile bounded; ETag and 304.
    const got = await trackOf(place._id);
    expect(got.status).toBe(200);
    expect(got.body.summary).toEqual(res.body.track);
    expect(got.body.line).toHaveLength(2);
    expect(got.body.line.flat().length).toBeLessThanOrEqual(TRACK_LINE_MAX_POINTS);
    expect(got.body.line[0]![0]).toEqual(a[0]);
    expect(got.body.line[1]!.at(-1)).toEqual(b.at(-1));
    expect(got.body.profile.length).toBeGreaterThan(0);
    expect(got.body.profile.length).toBeLessThanOrEqual(TRACK_PROFILE_MAX_POINTS);
    const etag = got.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await api(t).get(API.placeTrack(place._id), { 'if-none-match': etag });
    expect(again.status).toBe(304);

    // The download: GPX 1.1 named after the place, every point with its elevation, no time.
    const gpx = await api(t).get(API.placeTrackGpx(place._id));
    expect(gpx.status).toBe(200);
    expect(gpx.headers['content-type']).toMatch(/^application\/gpx\+xml/);
    expect(gpx.headers['content-disposition']).toBe('attachment; filename="laguna-churup.gpx"');
    expect(gpx.text).toContain('<gpx version="1.1"');
    expect(gpx.text).toContain('<metadata>\n    <name>Laguna Churup</name>');
    expect(gpx.text).not.toMatch(/<time|Garmin|gpxtpx|Cumbre|extensions/);
    expect(gpx.text.match(/<trkpt /g)).toHaveLength(700);
    expect(gpx.text.match(/<ele>/g)).toHaveLength(700);
    expect(gpx.text.match(/<trkseg>/g)).toHaveLength(2);

    // Re-imported, the download measures the same.
    const copy = await createPlace(t, creator.token, { name: 'Copia' });
    const reimported = await putTrack(t, creator.token, copy._id, gpx.text);
    expect(reimported.status).toBe(200);
    expect(reimported.body.track).toMatchObject({ ...expectedSummary([a, b]) });
  });

  it('a second upload replaces the first; DELETE removes it, then 404', async () => {
    const place = await createPlace(t, creator.token, { name: 'Reemplazo' }, { verifyWith: admin.token });
    expect((await putTrack(t, creator.token, place._id, gpxFile([walk(50)]))).body.track.points).toBe(50);
    const before = await detail(place._id);
    const second = await putTrack(t, creator.token, place._id, gpxFile([walk(80)]));
    expect(second.body.track.points).toBe(80);
    const after = await detail(place._id);
    expect(after.track?.points).toBe(80);
    expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    expect(await rowsFor(place._id)).toBe(1);

    const gone = await api(t, creator.token).delete<Deleted>(API.placeTrack(place._id));
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ _id: place._id, deleted: true });
    expect((await detail(place._id)).track).toBeNull();
    const none = await trackOf(place._id);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(TRACK_MSG.notFound);
    expect((await api(t).get(API.placeTrackGpx(place._id))).status).toBe(404);
    const twice = await api(t, creator.token).delete<ErrorBody>(API.placeTrack(place._id));
    expect(twice.status).toBe(404);
    expect(twice.body.error.message).toBe(TRACK_MSG.notFound);
  });

  it('routes when the file has no track; KML LineStrings and a gx:Track; no elevation', async () => {
    const place = await createPlace(t, creator.token, { name: 'Formatos' });
    const route = walk(30);
    const viaRoute = await putTrack(t, creator.token, place._id, gpxFile([], { routes: [route] }));
    expect(viaRoute.status).toBe(200);
    expect(viaRoute.body.track).toMatchObject(expectedSummary([route]));
    // With a trk, the rte is ignored.
    const both = await putTrack(t, creator.token, place._id, gpxFile([walk(40)], { routes: [route] }));
    expect(both.body.track.points).toBe(40);

    const lines = [walk(60), walk(20, { lat0: -9.1 })];
    const kml = await putTrack(t, creator.token, place._id, kmlFile(lines), 'ruta.kml');
    expect(kml.status).toBe(200);
    expect(kml.body.track).toMatchObject(expectedSummary(lines));

    const gx = walk(45);
    const gxRes = await putTrack(t, creator.token, place._id, gxTrackFile(gx), 'ruta.kml');
    expect(gxRes.status).toBe(200);
    expect(gxRes.body.track).toMatchObject(expectedSummary([gx]));

    // GPX 1.0, and a KML gx:MultiTrack of two tracks (two segments).
    const old10 = gpxFile([walk(35)]).replace('version="1.1"', 'version="1.0"').replace('http://www.topografix.com/GPX/1/1', 'http://www.topografix.com/GPX/1/0');
    expect((await putTrack(t, creator.token, place._id, old10)).body.track).toMatchObject(expectedSummary([walk(35)]));
    const [m1, m2] = [walk(30), walk(20, { lat0: -9.2 })];
    const multi = gxTrackFile(m1).replace('<gx:Track>', '<gx:MultiTrack><gx:Track>').replace('</gx:Track>', `</gx:Track>${gxTrackFile(m2).split('<Placemark>')[1]!.split('</Placemark>')[0]!}</gx:MultiTrack>`);
    const multiRes = await putTrack(t, creator.token, place._id, multi, 'ruta.kml');
    expect(multiRes.status).toBe(200);
    expect(multiRes.body.track).toMatchObject(expectedSummary([m1, m2]));

    const flat = walk(25, { ele: false });
    const noEle = await putTrack(t, creator.token, place._id, gpxFile([flat]));
    expect(noEle.body.track).toMatchObject({ ascent_m: null, descent_m: null, min_ele_m: null, max_ele_m: null });
    expect((await trackOf(place._id, creator.token)).body.profile).toEqual([]);
    // A KML drawn on the ground (every altitude 0) says nothing of elevation either.
    const ground = await putTrack(t, creator.token, place._id, kmlFile([walk(25).map(([lon, lat]) => [lon, lat, 0] as TrackPoint)]), 'ruta.kml');
    expect(ground.body.track.max_ele_m).toBeNull();
  });

  it('deleting the place deletes its track', async () => {
    const place = await createPlace(t, creator.token, { name: 'Borrada' }, { verifyWith: admin.token });
    await putTrack(t, creator.token, place._id, gpxFile([walk(20)]));
    expect(await rowsFor(place._id)).toBe(1);
    expect((await api(t, admin.token).delete(API.placeDelete(place._id))).status).toBe(200);
    expect(await rowsFor(place._id)).toBe(0);
  });
});

describe('a large file', () => {
  it('a GPX of nearly 10 MB is read off the event loop (its delay printed, not asserted)', { timeout: 240_000 }, async () => {
    const place = await createPlace(t, creator.token, { name: 'Archivo grande' });
    const points = walk(105_000, { step: 0.00002 });
    // The bytes made before the measure starts: only the server's work is measured.
    const file = Buffer.from(gpxFile([points]));
    expect(file.length).toBeGreaterThan(9.5 * 1024 * 1024);
    expect(file.length).toBeLessThan(TRACK_FILE_MAX_BYTES);
    // The same measure over 3 s of nothing, for scale: on a shared machine the process itself waits for a core.
    const idle = monitorEventLoopDelay({ resolution: 10 });
    idle.enable();
    await new Promise((ok) => setTimeout(ok, 3000));
    idle.disable();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const res = await putTrack(t, creator.token, place._id, file);
    const ms = performance.now() - started;
    delay.disable();
    expect(res.status).toBe(200);
    expect(res.body.track).toMatchObject(expectedSummary([points]));
    const line = (await trackOf(place._id, creator.token)).body.line;
    expect(line.flat().length).toBeLessThanOrEqual(TRACK_LINE_MAX_POINTS);
    console.log(
      `track upload of ${(file.length / 1024 / 1024).toFixed(1)} MB, ${points.length} points: answered in ${ms.toFixed(0)} ms; ` +
        `event-loop delay meanwhile: max ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, mean ${(delay.mean / 1e6).toFixed(1)} ms ` +
        `(3 s idle before: max ${(idle.max / 1e6).toFixed(0)} ms, p99 ${(idle.percentile(99) / 1e6).toFixed(0)} ms)`,
    );
  });
});

describe('who may', () => {
  it('writes: the creator or an admin; another user 403 on a place they see, 404 on one they do not; anonymous 401', async () => {
    const verified = await createPlace(t, creator.token, { name: 'Verificada' }, { verifyWith: admin.token });
    const hidden = await createPlace(t, creator.token, { name: 'Oculta' });
    const file = gpxFile([walk(20)]);
    expect((await putTrack(t, other.token, verified._id, file)).status).toBe(403);
    expect((await putTrack(t, other.token, hidden._id, file)).status).toBe(404);
    expect((await putTrack(t, undefined, verified._id, file)).status).toBe(401);
    expect((await putTrack(t, admin.token, hidden._id, file)).status).toBe(200);
    expect((await api(t, other.token).delete(API.placeTrack(verified._id))).status).toBe(403);
    expect((await api(t, other.token).delete(API.placeTrack(hidden._id))).status).toBe(404);
    expect((await api(t).delete(API.placeTrack(hidden._id))).status).toBe(401);
    expect(await rowsFor(verified._id)).toBe(0);
  });

  it('reads: whoever may see the place', async () => {
    const hidden = await createPlace(t, creator.token, { name: 'Sin verificar' });
    await putTrack(t, creator.token, hidden._id, gpxFile([walk(20)]));
    for (const token of [undefined, other.token]) {
      const res = await trackOf(hidden._id, token);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(MSG.placeNotFound);
      expect((await api(t, token).get(API.placeTrackGpx(hidden._id))).status).toBe(404);
    }
    for (const token of [creator.token, admin.token]) {
      expect((await trackOf(hidden._id, token)).status).toBe(200);
      expect((await api(t, token).get(API.placeTrackGpx(hidden._id))).status).toBe(200);
    }
    expect((await trackOf('not-a-uuid')).status).toBe(404);
  });
});

describe('bad files: their status and message, never a 500, nothing changed, no file left behind', () => {
  const billionLaughs =
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n' +
    Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('\n') +
    '\n]>\n<gpx version="1.1"><trk><trkseg><trkpt lat="-9" lon="-77"><name>&lol9;</name></trkpt><trkpt lat="-9.1" lon="-77"/></trkseg></trk></gpx>';
  const pointsFile = (n: number) =>
    `<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>${Array.from({ length: n }, (_, i) => `<trkpt lat="${(-9 - i * 1e-6).toFixed(6)}" lon="-77"/>`).join('')}</trkseg></trk></gpx>`;

  const cases: { name: string; file: () => Promise<Buffer | string> | Buffer | string; status: number; message: string; filename?: string }[] = [
    { name: 'not XML', file: () => 'lat,lon\n-9,-77\n-9.1,-77\n', status: 400, message: TRACK_MSG.invalid },
    { name: 'XML that is neither GPX nor KML', file: () => '<?xml version="1.0"?><svg><path d="M0 0"/></svg>', status: 400, message: TRACK_MSG.invalid },
    { name: 'a DOCTYPE', file: () => gpxFile([walk(10)], { doctype: '<!DOCTYPE gpx SYSTEM "http://127.0.0.1:1/gpx.dtd">\n' }), status: 400, message: TRACK_MSG.invalid },
    { name: 'a billion laughs', file: () => billionLaughs, status: 400, message: TRACK_MSG.invalid },
    { name: 'a JPEG named .gpx', file: () => noisePhoto(64, 48), status: 400, message: TRACK_MSG.invalid },
    { name: 'an empty file', file: () => '', status: 400, message: TRACK_MSG.invalid },
    { name: 'one point', file: () => gpxFile([walk(1)]), status: 400, message: TRACK_MSG.invalid },
    { name: 'a latitude out of range', file: () => gpxFile([[[-77, -95, 100], ...walk(5)]]), status: 400, message: TRACK_MSG.invalid },
    { name: 'a longitude out of range', file: () => kmlFile([[[-190, -9, 100], ...walk(5)]]), status: 400, message: TRACK_MSG.invalid },
    { name: 'a latitude that is not a number', file: () => gpxFile([walk(5)]).replace('lat="-9.05"', 'lat="abc"'), status: 400, message: TRACK_MSG.invalid },
    { name: 'NaN elevations', file: () => gpxFile([walk(5)]).replace(/<ele>[^<]*<\/ele>/g, '<ele>NaN</ele>'), status: 400, message: TRACK_MSG.invalid },
    { name: 'XML cut short', file: () => gpxFile([walk(10)]).slice(0, 400), status: 400, message: TRACK_MSG.invalid },
    { name: '200,001 points', file: () => pointsFile(200_001), status: 400, message: TRACK_MSG.tooManyPoints },
    { name: '11 MB', file: () => Buffer.alloc(11 * 1024 * 1024, 0x20), status: 413, message: TRACK_MSG.tooLarge },
    {
      name: 'a KMZ (a zip)',
      file: () => Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'), Buffer.from(kmlFile([walk(10)]))]),
      status: 400,
      message: TRACK_MSG.invalid,
      filename: 'ruta.kmz',
    },
  ];

  let place: { _id: string };
  let kept: Track;
  beforeAll(async () => {
    place = await createPlace(t, creator.token, { name: 'Archivos malos' }, { verifyWith: admin.token });
    await putTrack(t, creator.token, place._id, gpxFile([walk(40)]));
    kept = (await trackOf(place._id)).body;
  });

  for (const c of cases) {
    it(`${c.name}: ${c.status} '${c.message}'`, async () => {
      const data = await c.file();
      const started = performance.now();
      const res = await putTrack(t, creator.token, place._id, data, c.filename);
      const ms = performance.now() - started;
      console.log(`track refusal, ${c.name} (${(Buffer.byteLength(data) / 1024).toFixed(0)} KB): ${res.status} in ${ms.toFixed(0)} ms`);
      expect(res.status).toBe(c.status);
      expect(res.body.error).toMatchObject({ code: c.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INVALID_TRACK', message: c.message });
      expect((await trackOf(place._id)).body).toEqual(kept);
      expect(leftovers()).toEqual([]);
    });
  }

  it('without a file part: 400 naming the file', async () => {
    const body = multipart(Buffer.from(gpxFile([walk(10)])), { field: 'archivo' });
    const res = await api(t, creator.token).request<ErrorBody>({ method: 'PUT', url: API.placeTrack(place._id), headers: body.headers, payload: body.payload });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ file: TRACK_MSG.fileMissing });
    const json = await api(t, creator.token).put<ErrorBody>(API.placeTrack(place._id), { file: 'x' });
    expect(json.status).toBe(400);
    expect((await trackOf(place._id)).body).toEqual(kept);
  });
});
