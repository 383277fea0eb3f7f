import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  type AdminAction,
  API,
  limaDate,
  MSG,
  type Place,
  type PlaceDetail,
  type PlaceSearchResponse,
  type Rating,
  type RatingListItem,
  type TrailReport,
  decodePlaceIndex,
  type PlaceIndexWire,
  PlaceIndexWireSchema,
} from '@sendero/contract';
import { buildTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace, uploadedUrl } from './helpers/upload-fixtures.js';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.js';

/** docs/product.md#trail-conditions on both databases: reviews that say what the path was like, 'Estado reciente', the admins' queue and closures. */

const PUBLIC_URL = 'https://sendero.example';
let smtp: TestSmtp;
let t: TestApp;
let admin: TestUser;
let creator: TestUser;
let hiker: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  [admin, creator, hiker] = await Promise.all([t.createAdmin(), t.createUser({ firstname: 'Rosa' }), t.createUser({ firstname: 'Hugo', lastname: 'Paz' })]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const today = () => limaDate();
/** The browsing index as the web app decodes it. */
const getIndex = async (app: TestApp) => {
  const res = await api(app).get<PlaceIndexWire>(API.placeIndex());
  return { wire: res.body, body: decodePlaceIndex(PlaceIndexWireSchema.parse(res.body)) };
};
const settle = () => t.app.settleBackground();
const verifiedPlace = (name: string) => createPlace(t, creator.token, { name }, { verifyWith: admin.token });
const detail = async (id: string, token = hiker.token) => (await api(t, token).get<PlaceDetail>(API.place(id))).body;
const reviewsOf = async (id: string) => (await api(t, hiker.token).get<RatingListItem[]>(API.ratings(id))).body;

async function review(user: TestUser, placeId: string, fields: Record<string, unknown> = {}) {
  const photo_url = await uploadedUrl(t, user.token, 'rating');
  return api(t, user.token).post<Rating & ErrorBody>(API.ratingCreate, { id_place: placeId, photo_url, rating: 4, comment: 'Buena ruta.', ...fields });
}

describe('a review that says what the path was like', () => {
  it('keeps the day walked, the state and the hazards, and lists them with the review', async () => {
    const place = await verifiedPlace('Laguna del Reporte');
    const walked = addDays(today(), -3);
    const res = await review(hiker, place._id, { walked_on: walked, condition: 'obstaculos', hazards: ['barro', 'senalizacion'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ walked_on: walked, condition: 'obstaculos', hazards: ['barro', 'senalizacion'] });
    const [listed] = await reviewsOf(place._id);
    expect(listed).toMatchObject({ walked_on: walked, condition: 'obstaculos', hazards: ['barro', 'senalizacion'], name: 'Hugo Paz' });
  });

  it('refuses bad values with the field named, a Spanish message and nothing stored', async () => {
    const place = await verifiedPlace('Laguna de los Errores');
    const six = ['barro', 'nieve_hielo', 'derrumbe', 'rio_crecido', 'senalizacion', 'sendero_borrado'];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ walked_on: addDays(today(), 1) }, 'walked_on', MSG.walkedOnFuture],
      [{ walked_on: addDays(today(), -3 * 365) }, 'walked_on', MSG.walkedOnTooOld],
      [{ walked_on: 'la semana pasada' }, 'walked_on', MSG.walkedOnInvalid],
      [{ walked_on: '2026-02-30' }, 'walked_on', MSG.walkedOnInvalid],
      [{ condition: 'regular' }, 'condition', MSG.conditionInvalid],
      [{ hazards: ['lava'] }, 'hazards.0', MSG.hazardInvalid],
      [{ hazards: six }, 'hazards', MSG.hazardsTooMany],
      [{ hazards: ['barro', 'barro'] }, 'hazards', MSG.hazardsRepeated],
    ];
    for (const [fields, field, message] of cases) {
      const res = await review(hiker, place._id, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error.fields?.[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await reviewsOf(place._id)).toEqual([]);
    expect((await detail(place._id)).comments).toBe(0);
  });
});

describe("'Estado reciente' on the place detail", () => {
  it('counts reviews walked up to 30 days back in Lima, names every hazard and the most recent condition', async () => {
    const place = await verifiedPlace('Nevado del Estado');
    expect((await detail(place._id)).conditions).toBeNull();
    const [a, b, c] = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
    expect((await review(a, place._id, { walked_on: addDays(today(), -31), condition: 'cerrado', hazards: ['inseguridad'] })).status).toBe(201);
    expect((await detail(place._id)).conditions).toBeNull();
    expect((await review(b, place._id, { walked_on: addDays(today(), -30), condition: 'despejado', hazards: ['barro'] })).status).toBe(201);
    expect((await review(c, place._id, { walked_on: addDays(today(), -29), condition: 'peligroso', hazards: ['derrumbe', 'barro'] })).status).toBe(201);
    // A review without a date says nothing about now.
    expect((await review(hiker, place._id, { condition: 'despejado' })).status).toBe(201);
    expect((await detail(place._id)).conditions).toEqual({
      last_walked_on: addDays(today(), -29),
      condition: 'peligroso',
      hazards: ['barro', 'derrumbe'],
      reports: 2,
    });
  });
});

describe('correcting one’s review', () => {
  let place: Place;
  let mine: Rating;
  beforeAll(async () => {
    place = await verifiedPlace('Cañón de la Corrección');
    const other = await t.createUser();
    expect((await review(other, place._id, { rating: 2 })).status).toBe(201);
    const res = await review(hiker, place._id, { rating: 4 });
    mine = res.body;
  });

  it('the author changes stars and comment; the place’s rating moves with them', async () => {
    expect((await detail(place._id)).rating).toBe(3);
    const res = await api(t, hiker.token).put<Rating>(API.ratingUpdate(mine._id), { rating: 5, comment: '  Corregido: mejor de lo que dije.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: mine._id, rating: 5, comment: 'Corregido: mejor de lo que dije.', photo_url: mine.photo_url });
    expect(await detail(place._id)).toMatchObject({ rating: 3.5, comments: 2 });
    const listed = (await api(t).get<Place[]>(API.places)).body.find((p) => p._id === place._id);
    expect(listed).toMatchObject({ rating: 3.5, comments: 2 });
  });

  it('adds conditions later, and a new photo only if it is the author’s own upload', async () => {
    const res = await api(t, hiker.token).put<Rating>(API.ratingUpdate(mine._id), { walked_on: today(), condition: 'despejado', hazards: [] });
    expect(res.status).toBe(200);
    expect((await detail(place._id)).conditions).toMatchObject({ condition: 'despejado', reports: 1 });
    const someoneElses = await uploadedUrl(t, creator.token, 'rating');
    const refused = await api(t, hiker.token).put<ErrorBody>(API.ratingUpdate(mine._id), { photo_url: someoneElses });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ photo_url: MSG.uploadNotOurs });
    const fresh = await uploadedUrl(t, hiker.token, 'rating');
    expect((await api(t, hiker.token).put<Rating>(API.ratingUpdate(mine._id), { photo_url: fresh })).body.photo_url).toBe(fresh);
  });

  it('refuses others, admins, bad values and empty bodies; nothing changes', async () => {
    const before = (await reviewsOf(place._id)).find((r) => r._id === mine._id);
    const stranger = await t.createUser();
    const cases: [TestUser, object, number, string][] = [
      [stranger, { rating: 1 }, 403, MSG.forbidden],
      [admin, { rating: 1 }, 403, MSG.adminCannotEditReview],
      [hiker, {}, 400, MSG.reviewUpdateEmpty],
      [hiker, { rating: 6 }, 400, MSG.ratingInvalid],
      [hiker, { walked_on: addDays(today(), 2) }, 400, MSG.walkedOnFuture],
      [hiker, { hazards: ['barro', 'nieve_hielo', 'derrumbe', 'rio_crecido', 'senalizacion', 'inseguridad'] }, 400, MSG.hazardsTooMany],
      [hiker, { id_place: place._id }, 400, MSG.validation],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await api(t, who.token).put<ErrorBody>(API.ratingUpdate(mine._id), body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message !== MSG.validation) expect(res.body.error.message, JSON.stringify(body)).toBe(message);
    }
    expect((await api(t).put<ErrorBody>(API.ratingUpdate(mine._id), { rating: 1 })).status).toBe(401);
    expect((await api(t, hiker.token).put<ErrorBody>(API.ratingUpdate('00000000-0000-4000-8000-000000000000'), { rating: 1 })).status).toBe(404);
    expect((await api(t, hiker.token).put<ErrorBody>(API.ratingUpdate('no-es-un-id'), { rating: 1 })).status).toBe(404);
    expect((await reviewsOf(place._id)).find((r) => r._id === mine._id)).toEqual(before);
    expect((await detail(place._id)).rating).toBe(3.5);
  });

  it('a review of a place the caller cannot see is 404 to them', async () => {
    const pending = await createPlace(t, creator.token, { name: 'Propuesta escondida' });
    const own = await review(creator, pending._id);
    expect(own.status).toBe(201);
    expect((await api(t, hiker.token).put<ErrorBody>(API.ratingUpdate(own.body._id), { rating: 1 })).status).toBe(404);
  });
});

describe("the admins' queue 'Reportes del sendero'", () => {
  it('lists reviews that said Peligroso or Cerrado, newest first, with the place and the author', async () => {
    const place = await verifiedPlace('Quebrada Peligrosa');
    const [x, y, z] = await Promise.all([t.createUser(), t.createUser(), t.createUser({ firstname: 'Zoila', lastname: 'Ramos' })]);
    await review(x, place._id, { walked_on: today(), condition: 'despejado' });
    const dangerous = (await review(y, place._id, { walked_on: today(), condition: 'peligroso', hazards: ['derrumbe'] })).body;
    const closed = (await review(z, place._id, { walked_on: today(), condition: 'cerrado' })).body;
    const res = await api(t, admin.token).get<TrailReport[]>(API.adminTrailReports);
    expect(res.status).toBe(200);
    const here = res.body.filter((r) => r.place._id === place._id);
    expect(here.map((r) => r.review._id)).toEqual([closed._id, dangerous._id]);
    expect(here[0]).toMatchObject({ place: { _id: place._id, name: 'Quebrada Peligrosa', city: place.city, closure: null }, author: { _id: z.user._id, name: 'Zoila Ramos' } });
    expect((await api(t, hiker.token).get<ErrorBody>(API.adminTrailReports)).status).toBe(403);
  });

  it("mails the place's creator when a review says the path is closed", async () => {
    const place = await verifiedPlace('Laguna Cerrada por Reseña');
    await settle(); // the verification's own mail
    const before = smtp.to(creator.user.email).length;
    expect((await review(hiker, place._id, { walked_on: today(), condition: 'cerrado' })).status).toBe(201);
    await settle();
    const mails = smtp.to(creator.user.email).slice(before);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['Reportaron «Laguna Cerrada por Reseña» como cerrado']);
    expect(mails[0]!.parsed.text).toContain(`${PUBLIC_URL}/buscar-destino/destino/${place._id}`);
  });
});

describe('temporary closures', () => {
  it('an admin closes a place: banner data on the place, in the index and the search, logged and mailed; reopening undoes it', async () => {
    const place = await verifiedPlace('Mirador del Cierre');
    const until = addDays(today(), 10);
    await settle(); // the verification's own mail
    const before = smtp.to(creator.user.email).length;
    const res = await api(t, admin.token).put<Place>(API.placeClosure(place._id), { until, note: '  Derrumbe en el km 3  ' });
    expect(res.status).toBe(200);
    expect(res.body.closure).toEqual({ until, note: 'Derrumbe en el km 3' });
    expect((await detail(place._id)).closure).toEqual({ until, note: 'Derrumbe en el km 3' });
    expect((await api(t).get<Place[]>(API.places)).body.find((p) => p._id === place._id)?.closure).toEqual({ until, note: 'Derrumbe en el km 3' });
    expect((await getIndex(t)).body.find((e) => e._id === place._id)?.closed).toEqual({ until });
    const found = await api(t).get<PlaceSearchResponse>(API.placeSearch({ name: 'Mirador del Cierre' }));
    expect(found.body.items.map((e) => e.closed)).toEqual([{ until }]);
    // Reviews are still allowed.
    expect((await review(hiker, place._id)).status).toBe(201);

    const log = (await api(t, admin.token).get<AdminAction[]>(API.adminActions(place._id))).body.map((a) => a.action);
    expect(log[0]).toBe('close_place');
    await settle();
    const mails = smtp.to(creator.user.email).slice(before);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['Tu destino «Mirador del Cierre» está cerrado temporalmente']);
    expect(mails[0]!.parsed.text).toContain('Derrumbe en el km 3');

    const reopened = await api(t, admin.token).put<Place>(API.placeClosure(place._id), { until: null, note: null });
    expect(reopened.status).toBe(200);
    expect(reopened.body.closure).toBeNull();
    expect((await detail(place._id)).closure).toBeNull();
    expect((await getIndex(t)).body.find((e) => e._id === place._id)?.closed).toBeUndefined();
    expect((await api(t, admin.token).get<AdminAction[]>(API.adminActions(place._id))).body[0]!.action).toBe('reopen_place');
    await settle();
    expect(smtp.to(creator.user.email).length).toBe(before + 1);
  });

  it('a closure without a date holds until reopened', async () => {
    const place = await verifiedPlace('Paso Cerrado');
    const res = await api(t, admin.token).put<Place>(API.placeClosure(place._id), { until: null, note: 'Conflicto con la comunidad' });
    expect(res.body.closure).toEqual({ until: null, note: 'Conflicto con la comunidad' });
    expect((await getIndex(t)).body.find((e) => e._id === place._id)?.closed).toEqual({ until: null });
  });

  it('refuses bad notes and dates, non-admins and unknown places; nothing changes, nothing is logged', async () => {
    const place = await verifiedPlace('Cumbre Sin Cambios');
    const cases: [TestUser | null, object, number, string | null][] = [
      [admin, { until: null, note: 'ab' }, 400, MSG.closureNoteInvalid],
      [admin, { until: null, note: 'x'.repeat(301) }, 400, MSG.closureNoteInvalid],
      [admin, { until: addDays(today(), -1), note: 'Derrumbe' }, 400, MSG.closureUntilPast],
      [admin, { until: 'mañana', note: 'Derrumbe' }, 400, MSG.closureUntilInvalid],
      [admin, { until: addDays(today(), 3), note: null }, 400, MSG.closureReopenWithDate],
      [admin, { note: 'Derrumbe' }, 400, null],
      [admin, { until: null, note: 'Derrumbe', extra: 1 }, 400, null],
      [creator, { until: null, note: 'Derrumbe' }, 403, MSG.forbidden],
      [hiker, { until: null, note: 'Derrumbe' }, 403, MSG.forbidden],
      [null, { until: null, note: 'Derrumbe' }, 401, null],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await api(t, who?.token).put<ErrorBody>(API.placeClosure(place._id), body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toMatch(/^[¿¡A-ZÁÉÍÓÚÑ]/);
      if (message) expect(res.body.error.message, JSON.stringify(body)).toBe(message);
    }
    expect((await api(t, admin.token).put<ErrorBody>(API.placeClosure('00000000-0000-4000-8000-000000000000'), { until: null, note: 'Derrumbe' })).status).toBe(404);
    expect((await detail(place._id)).closure).toBeNull();
    expect((await api(t, admin.token).get<AdminAction[]>(API.adminActions(place._id))).body.map((a) => a.action)).toEqual(['verify']);
  });
});
