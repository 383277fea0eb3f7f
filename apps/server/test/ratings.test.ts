import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, type Deleted, MSG, type Place, type Rating, type RatingListItem } from '@sendero/contract';
import { adminActions, ratings } from '@/db/schema.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace, shareUpload, uploadedUrl } from './helpers/upload-fixtures.js';

const t = useTestApp();
let admin: TestUser;
let ana: TestUser;
let beto: TestUser;
let carla: TestUser;
let guide: TestUser;
let photo: string;
let place: Place; // verified, created by ana
let hidden: Place; // unverified, created by ana

beforeAll(async () => {
  [admin, ana, beto, carla, guide] = await Promise.all([
    t.createAdmin(),
    t.createUser({ firstname: 'Ana María', lastname: 'Torres Vega', photo_url: '/uploads/ana.webp' }),
    t.createUser({ firstname: 'Beto', lastname: 'Paz' }),
    t.createUser({ firstname: 'Carla', lastname: 'Ríos' }),
    t.createUser({ role: 'guide', status: 'Aprobado', firstname: 'Gino', lastname: 'Guía' }),
  ]);
  photo = await uploadedUrl(t, beto.token, 'rating');
  // The same picture uploaded by every reviewer (a review's photo must be its author's own upload).
  await shareUpload(t, photo, ana.user._id, carla.user._id, guide.user._id);
  place = await createPlace(t, ana.token, { name: 'Laguna Verde' }, { verifyWith: admin.token });
  hidden = await createPlace(t, ana.token, { name: 'Propuesta' });
});

const review = (token: string | undefined, payload: Record<string, unknown>) =>
  api(t, token).post<Rating & ErrorBody>(API.ratingCreate, payload);
const listReviews = (token: string | undefined, placeId: string) =>
  api(t, token).get<RatingListItem[] & ErrorBody>(API.ratings(placeId));
const removeReview = (token: string | undefined, id: string) =>
  api(t, token).delete<Deleted & ErrorBody>(API.ratingDelete(id));
const readPlace = async (id: string) => (await api(t, admin.token).get<Place>(API.place(id))).body;
const valid = (placeId: string, overrides: Record<string, unknown> = {}) => ({
  id_place: placeId,
  photo_url: photo,
  rating: 4,
  comment: 'Muy bonito',
  ...overrides,
});

describe('reviewing a place', () => {
  it('as a user I can review a place; the review is mine and the place’s numbers follow', async () => {
    const res = await review(beto.token, valid(place._id, { id_user: carla.user._id, comment: '  Un lugar precioso.  ', rating: 5 }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      id_user: beto.user._id,
      id_place: place._id,
      photo_url: photo,
      rating: 5,
      comment: 'Un lugar precioso.',
      created_at: expect.any(String),
      // SPEC's review says nothing of the trail (docs/product.md#trail-conditions).
      walked_on: null,
      condition: null,
      hazards: [],
    });
    expect(await readPlace(place._id)).toMatchObject({ rating: 5, comments: 1 });
    // The public list shows the new numbers at once.
    const list = (await api(t).get<Place[]>(API.places)).body;
    expect(list.find((p) => p._id === place._id)).toMatchObject({ rating: 5, comments: 1 });
  });

  it('as a guide I can review too, and the mean is rounded to 0.1', async () => {
    expect((await review(guide.token, valid(place._id, { rating: 4 }))).status).toBe(201);
    expect((await review(carla.token, valid(place._id, { rating: 4 }))).status).toBe(201);
    expect(await readPlace(place._id)).toMatchObject({ rating: 4.3, comments: 3 }); // (5+4+4)/3 = 4.33
  });

  it('refuses a second review of the same place by the same user (409)', async () => {
    const res = await review(beto.token, valid(place._id, { rating: 1 }));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'CONFLICT', message: MSG.reviewDuplicate });
    expect(await readPlace(place._id)).toMatchObject({ rating: 4.3, comments: 3 });
  });

  it('as an admin I cannot review (403)', async () => {
    const res = await review(admin.token, valid(place._id));
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: MSG.adminCannotReview });
  });

  it('as a visitor I must sign in (401)', async () => {
    expect((await review(undefined, valid(place._id))).status).toBe(401);
  });

  it('answers 404 for a place I may not see or that does not exist', async () => {
    const res = await review(beto.token, valid(hidden._id));
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: MSG.placeNotFound });
    expect((await review(beto.token, valid('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });

  it('lets the creator review their own proposal (they can see it)', async () => {
    expect((await review(ana.token, valid(hidden._id, { rating: 3 }))).status).toBe(201);
  });

  it.each([
    ['rating { rating: 0 }', 'rating', { rating: 0 }, MSG.ratingInvalid],
    ['rating { rating: 6 }', 'rating', { rating: 6 }, MSG.ratingInvalid],
    ['rating { rating: 3.5 }', 'rating', { rating: 3.5 }, MSG.ratingInvalid],
    ['rating { rating: "5" }', 'rating', { rating: '5' }, MSG.ratingInvalid],
    ['rating { rating: undefined }', 'rating', { rating: undefined }, MSG.ratingInvalid],
    ['comment { comment: "   " }', 'comment', { comment: '   ' }, MSG.commentRequired],
    ['comment { comment: undefined }', 'comment', { comment: undefined }, MSG.commentRequired],
    ['2001 characters', 'comment', { comment: 'x'.repeat(2001) }, MSG.commentTooLong],
    ['photo_url { photo_url: undefined }', 'photo_url', { photo_url: undefined }, MSG.reviewPhotoRequired],
    ['photo_url { photo_url: "" }', 'photo_url', { photo_url: '' }, MSG.reviewPhotoRequired],
    ['photo_url { photo_url: "https://fotos.example.com/a.jpg" }', 'photo_url', { photo_url: 'https://fotos.example.com/a.jpg' }, MSG.uploadNotOurs],
    ['photo_url { photo_url: "/uploads/inventada.webp" }', 'photo_url', { photo_url: '/uploads/inventada.webp' }, MSG.uploadNotOurs],
    ['id_place { id_place: "no-es-uuid" }', 'id_place', { id_place: 'no-es-uuid' }, MSG.placeNotFound],
    ['extra { extra: 1 }', 'extra', { extra: 1 }, MSG.unknownField],
  ] as Array<[string, string, Record<string, unknown>, string]>)('refuses %s with its Spanish message', async (_label, field, override, message) => {
    const fresh = await createPlace(t, ana.token, {}, { verifyWith: admin.token });
    const res = await review(carla.token, valid(fresh._id, override));
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.[field]).toBe(message);
    expect(await readPlace(fresh._id)).toMatchObject({ rating: 0, comments: 0 });
  });

  it('accepts a comment of exactly 2000 characters (after trimming)', async () => {
    const fresh = await createPlace(t, ana.token, {}, { verifyWith: admin.token });
    const res = await review(carla.token, valid(fresh._id, { comment: ` ${'a'.repeat(2000)} ` }));
    expect(res.status).toBe(201);
    expect(res.body.comment).toHaveLength(2000);
  });
});

describe('listing reviews', () => {
  it('lists the reviews of a place newest first, with the author’s short name and photo', async () => {
    const fresh = await createPlace(t, beto.token, { name: 'Con reseñas' }, { verifyWith: admin.token });
    await review(ana.token, valid(fresh._id, { rating: 2, comment: 'Primera' }));
    await review(carla.token, valid(fresh._id, { rating: 5, comment: 'Segunda' }));
    const res = await listReviews(beto.token, fresh._id);
    expect(res.status).toBe(200);
    const list = res.body;
    expect(list.map((r) => r.comment)).toEqual(['Segunda', 'Primera']);
    expect(list[1]).toEqual({
      _id: expect.any(String),
      id_user: ana.user._id,
      id_place: fresh._id,
      photo_url: photo,
      rating: 2,
      comment: 'Primera',
      created_at: expect.any(String),
      walked_on: null,
      condition: null,
      hazards: [],
      name: 'Ana Torres',
      name_user: 'Ana Torres',
      photo_user: '/uploads/ana.webp',
      image: photo,
    });
  });

  it('answers 401 to visitors and 404 for hidden, unknown or non-UUID places', async () => {
    expect((await listReviews(undefined, place._id)).status).toBe(401);
    expect((await listReviews(beto.token, hidden._id)).status).toBe(404);
    expect((await listReviews(ana.token, hidden._id)).status).toBe(200);
    expect((await listReviews(admin.token, hidden._id)).status).toBe(200);
    expect((await listReviews(beto.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await listReviews(beto.token, 'abc')).status).toBe(404);
  });
});

describe('deleting reviews', () => {
  let target: Place;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    target = await createPlace(t, ana.token, { name: 'Para borrar reseñas' }, { verifyWith: admin.token });
    for (const [who, user, rating] of [['beto', beto, 5], ['carla', carla, 2], ['guide', guide, 3]] as const) {
      ids[who] = (await review(user.token, valid(target._id, { rating }))).body._id;
    }
    expect(await readPlace(target._id)).toMatchObject({ rating: 3.3, comments: 3 });
  });

  it('refuses another user (403) and visitors (401)', async () => {
    const res = await removeReview(carla.token, ids.beto!);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect((await removeReview(undefined, ids.beto!)).status).toBe(401);
    expect(await readPlace(target._id)).toMatchObject({ comments: 3 });
  });

  it('as the author I can delete my review; the numbers are recomputed', async () => {
    const res = await removeReview(beto.token, ids.beto!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: ids.beto, deleted: true });
    expect(await readPlace(target._id)).toMatchObject({ rating: 2.5, comments: 2 });
    expect((await removeReview(beto.token, ids.beto!)).status).toBe(404);
  });

  it('as an admin I can delete any review; it is logged as delete_rating', async () => {
    const res = await removeReview(admin.token, ids.carla!);
    expect(res.status).toBe(200);
    expect(await readPlace(target._id)).toMatchObject({ rating: 3, comments: 1 });
    const log = await t.db.select().from(adminActions).where(eq(adminActions.targetId, ids.carla!));
    expect(log).toMatchObject([{ action: 'delete_rating', targetType: 'rating', idAdmin: admin.user._id }]);
    await removeReview(admin.token, ids.guide!);
    expect(await readPlace(target._id)).toMatchObject({ rating: 0, comments: 0 });
  });

  it('answers 404 for unknown ids, non-UUID ids, and reviews of places the caller cannot see', async () => {
    expect((await removeReview(beto.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await removeReview(beto.token, 'nada')).status).toBe(404);
    const onHidden = (await t.db.select().from(ratings).where(eq(ratings.idPlace, hidden._id)))[0]!;
    expect((await removeReview(beto.token, onHidden.id)).status).toBe(404);
  });
});
