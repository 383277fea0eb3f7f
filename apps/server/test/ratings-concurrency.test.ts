import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API, type Deleted, type Place, type Rating } from '@sendero/contract';
import { places, ratings } from '@/db/schema.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace, pngImage, upload, uploadedUrl } from './helpers/upload-fixtures.js';

const t = useTestApp();
let admin: TestUser;
let reviewers: TestUser[];
let place: Place;
/** Each reviewer's own uploaded photo: a review may only show its author's uploads (docs/product.md#images). */
const photoOf = new Map<string, string>();
const photo = (r: TestUser) => photoOf.get(r.user._id)!;

beforeAll(async () => {
  admin = await t.createAdmin();
  reviewers = await Promise.all(Array.from({ length: 50 }, () => t.createUser()));
  for (const r of reviewers) photoOf.set(r.user._id, await uploadedUrl(t, r.token, 'rating'));
  place = await createPlace(t, reviewers[0]!.token, { name: 'Muy concurrida' }, { verifyWith: admin.token });
});

/** The place's numbers as stored, and as they should be from its stored reviews. */
async function numbers() {
  const [row] = await t.db.select().from(places).where(eq(places.id, place._id));
  const stored = await t.db.select({ rating: ratings.rating }).from(ratings).where(eq(ratings.idPlace, place._id));
  const sum = stored.reduce((s, r) => s + r.rating, 0);
  // Integer arithmetic: mean*10 rounded half up, as PostgreSQL's round(numeric, 1) does for positives.
  const expected = stored.length ? Math.round((sum * 10) / stored.length) / 10 : 0;
  return { rating: Number(row!.rating), comments: row!.comments, ratingSum: row!.ratingSum, sum, expected, count: stored.length };
}

it('50 concurrent reviews of one place leave rating = mean of the stored reviews and comments = 50', async () => {
  const scores = reviewers.map((_, i) => ((i * 7) % 5) + 1);
  const results = await Promise.all(
    reviewers.map((r, i) =>
      api(t, r.token).post<Rating & ErrorBody>(API.ratingCreate, { id_place: place._id, photo_url: photo(r), rating: scores[i], comment: `Reseña número ${i + 1}` }),
    ),
  );
  expect(results.map((r) => r.status)).toEqual(reviewers.map(() => 201));
  const n = await numbers();
  expect(n.count).toBe(50);
  expect(n.comments).toBe(50);
  expect(n.rating).toBe(n.expected);
  expect(n.ratingSum).toBe(n.sum);
  expect(n.rating).toBe(Math.round((scores.reduce((a, b) => a + b, 0) * 10) / 50) / 10);

  // The API reports the same numbers.
  const res = await api(t, admin.token).get<Place & ErrorBody>(API.place(place._id));
  expect(res.body).toMatchObject({ rating: n.rating, comments: 50 });
});

it('the same user sending the same review 5 times at once gets exactly one 201 and 409s', async () => {
  const other = await createPlace(t, reviewers[1]!.token, { name: 'Doble envío' }, { verifyWith: admin.token });
  const sends = await Promise.all(
    Array.from({ length: 5 }, () =>
      api(t, reviewers[2]!.token).post<Rating & ErrorBody>(API.ratingCreate, { id_place: other._id, photo_url: photo(reviewers[2]!), rating: 5, comment: 'Enviado varias veces' }),
    ),
  );
  expect(sends.map((s) => s.status).sort()).toEqual([201, 409, 409, 409, 409]);
  const rows = await t.db.select().from(ratings).where(eq(ratings.idPlace, other._id));
  expect(rows).toHaveLength(1);
});

it('deleting reviews concurrently (authors and an admin) recomputes both numbers', async () => {
  const rows = await t.db.select().from(ratings).where(eq(ratings.idPlace, place._id));
  const byUser = new Map(rows.map((r) => [r.idUser, r.id]));
  const authors = reviewers.slice(0, 15);
  const byAdmin = reviewers.slice(15, 20);
  const results = await Promise.all([
    ...authors.map((r) => api(t, r.token).delete<Deleted & ErrorBody>(API.ratingDelete(byUser.get(r.user._id)!))),
    ...byAdmin.map((r) => api(t, admin.token).delete<Deleted & ErrorBody>(API.ratingDelete(byUser.get(r.user._id)!))),
  ]);
  expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
  const n = await numbers();
  expect(n.count).toBe(30);
  expect(n.comments).toBe(30);
  expect(n.rating).toBe(n.expected);
  expect(n.ratingSum).toBe(n.sum);
});

it('creating and deleting at the same time still ends consistent', async () => {
  const rows = await t.db.select().from(ratings).where(eq(ratings.idPlace, place._id));
  const remaining = new Map(rows.map((r) => [r.idUser, r.id]));
  const deleters = reviewers.filter((r) => remaining.has(r.user._id)).slice(0, 10);
  const creators = reviewers.filter((r) => !remaining.has(r.user._id)).slice(0, 10);
  const results = await Promise.all([
    ...deleters.map((r) => api(t, r.token).delete<Deleted & ErrorBody>(API.ratingDelete(remaining.get(r.user._id)!))),
    ...creators.map((r) =>
      api(t, r.token).post<Rating & ErrorBody>(API.ratingCreate, { id_place: place._id, photo_url: photo(r), rating: 1, comment: 'Otra vez' }),
    ),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(201)]);
  const n = await numbers();
  expect(n.count).toBe(30);
  expect(n.comments).toBe(30);
  expect(n.rating).toBe(n.expected);
  expect(n.ratingSum).toBe(n.sum);
});

it('the same review deleted twice at once is subtracted once: one 200, one 404', async () => {
  const [row] = await t.db.select().from(ratings).where(eq(ratings.idPlace, place._id)).limit(1);
  const author = reviewers.find((r) => r.user._id === row!.idUser)!;
  const results = await Promise.all([
    api(t, author.token).delete<Deleted & ErrorBody>(API.ratingDelete(row!.id)),
    api(t, admin.token).delete<Deleted & ErrorBody>(API.ratingDelete(row!.id)),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
  const n = await numbers();
  expect(n.count).toBe(29);
  expect(n.comments).toBe(29);
  expect(n.ratingSum).toBe(n.sum);
  expect(n.rating).toBe(n.expected);
});

/**
 * An ordinary peak (docs/product.md#images, docs/decisions/039-uploads-admitted-by-expected-wait.md): thirty
 * people upload a photo and publish a review at the same moment. Images are processed one at a time; the
 * others wait their turn with their body on disk instead of being refused (with a queue of 16, 13 got 503).
 */
it('30 people upload a photo and publish a review at the same time: every upload and every review is 201', async () => {
  const people = await Promise.all(Array.from({ length: 30 }, () => t.createUser()));
  const photos: Buffer[] = [];
  for (let i = 0; i < people.length; i++) photos.push(await pngImage(640, 480));
  const peak = await createPlace(t, admin.token, { name: 'Mirador concurrido' }, { verifyWith: admin.token });
  const results = await Promise.all(
    people.map(async (r, i) => {
      const photo = await upload(t, r.token, photos[i]!, 'rating');
      if (photo.status !== 201) return { photo: photo.status, review: 0 };
      const review = await api(t, r.token).post<Rating & ErrorBody>(API.ratingCreate, {
        id_place: peak._id,
        photo_url: photo.body.url,
        rating: (i % 5) + 1,
        comment: `Reseña con foto número ${i + 1}`,
      });
      return { photo: photo.status, review: review.status };
    }),
  );
  expect(results).toEqual(people.map(() => ({ photo: 201, review: 201 })));
  const res = await api(t, admin.token).get<Place & ErrorBody>(API.place(peak._id));
  expect(res.body).toMatchObject({ comments: 30 });
}, 120_000);
