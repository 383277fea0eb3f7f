import { beforeAll, expect, it } from 'vitest';
import { API, type Place, type Rating } from '@sendero/contract';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace, pngImage, upload } from './helpers/upload-fixtures.js';

/**
 * An ordinary peak (docs/product.md#images, docs/decisions/039-uploads-admitted-by-expected-wait.md): thirty
 * people publish a review with a photo at the same moment. Images are processed one at a time; the others
 * wait their turn with their body on disk instead of being refused. Runs on PGlite and on PostgreSQL.
 */
const t = useTestApp();
let admin: TestUser;
let reviewers: TestUser[];
let place: Place;
const photos: Buffer[] = [];

beforeAll(async () => {
  admin = await t.createAdmin();
  reviewers = await Promise.all(Array.from({ length: 30 }, () => t.createUser()));
  for (let i = 0; i < reviewers.length; i++) photos.push(await pngImage(640, 480));
  place = await createPlace(t, admin.token, { name: 'Mirador concurrido' }, { verifyWith: admin.token });
});

it('30 people upload a photo and publish a review at the same time: every upload and every review is 201', async () => {
  const results = await Promise.all(
    reviewers.map(async (r, i) => {
      const photo = await upload(t, r.token, photos[i]!, 'rating');
      if (photo.status !== 201) return { photo: photo.status, review: 0 };
      const review = await api(t, r.token).post<Rating & ErrorBody>(API.ratingCreate, {
        id_place: place._id,
        photo_url: photo.body.url,
        rating: (i % 5) + 1,
        comment: `Reseña con foto número ${i + 1}`,
      });
      return { photo: photo.status, review: review.status };
    }),
  );
  expect(results).toEqual(reviewers.map(() => ({ photo: 201, review: 201 })));
  const res = await api(t, admin.token).get<Place & ErrorBody>(API.place(place._id));
  expect(res.body).toMatchObject({ comments: 30 });
}, 120_000);
