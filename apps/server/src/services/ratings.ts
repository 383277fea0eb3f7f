import { desc, eq, sql } from 'drizzle-orm';
import { canDeleteReview, canSeePlace, canWriteReview, MSG, shortName, type Deleted, type Rating, type RatingCreate, type RatingListItem } from '@sendero/contract';
import { places, ratings, users, type RatingRow } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';
import { conflict, forbidden, notFound } from '@/errors.js';
import type { AuthUser } from '@/services/caller.js';
import { assertOwnUploads } from '@/services/uploads-registry.js';
import { recordAdminAction } from './admin-actions.js';
import { invalidatePlaceList } from './place-list-cache.js';
import { rowsOf } from '@/db/raw.js';
import { getVisiblePlaceRow, isUuid, ownership } from './places.js';

export function toRatingJson(row: RatingRow): Rating {
  return {
    _id: row.id,
    id_user: row.idUser,
    id_place: row.idPlace,
    photo_url: row.photoUrl,
    rating: row.rating,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Set the place's `rating_sum`, `comments` (the count) and `rating` (their mean rounded to 0.1, 0 when
 * none) from the stored rows: the seed uses it after inserting reviews in bulk. Review writes do not
 * re-read the reviews; they move the sum and the count by one review (see {@link placeNumbersAfter}).
 */
export async function recomputePlaceRating(tx: Tx | Db, placeId: string): Promise<void> {
  const sum = sql`coalesce((select sum(${ratings.rating})::int from ${ratings} where ${ratings.idPlace} = ${placeId}), 0)`;
  const count = sql`(select count(*)::int from ${ratings} where ${ratings.idPlace} = ${placeId})`;
  await tx
    .update(places)
    .set({
      ratingSum: sum,
      comments: count,
      rating: sql`case when ${count} = 0 then 0 else round(${sum}::numeric / ${count}, 1) end`,
    })
    .where(eq(places.id, placeId));
}

/**
 * The SET list that adds (`sign` 1) or removes (`sign` -1) one review of `stars` (a column of the CTE
 * named `changed`) to the place's running sum and count and sets the exact mean from them: the same
 * number as round(avg(rating), 1) over the reviews, since avg of integers is their numeric sum over
 * their count. The statement runs after the place row is locked (`SELECT ... FOR UPDATE`), so
 * concurrent reviews of one place move the numbers one after the other.
 */
function placeNumbersAfter(sign: 1 | -1) {
  const op = sql.raw(sign === 1 ? '+' : '-');
  const newSum = sql`${places.ratingSum} ${op} changed.rating`;
  const newCount = sql`${places.comments} ${op} 1`;
  return sql`rating_sum = ${newSum}, comments = ${newCount},
    rating = case when ${newCount} = 0 then 0 else round((${newSum})::numeric / (${newCount}), 1) end`;
}

interface RawRating extends Record<string, unknown> {
  id: string;
  id_user: string;
  id_place: string;
  photo_url: string;
  rating: number;
  comment: string;
  created_at: Date | string;
}

function rawToRow(raw: RawRating): RatingRow {
  return {
    id: raw.id,
    idUser: raw.id_user,
    idPlace: raw.id_place,
    photoUrl: raw.photo_url,
    rating: Number(raw.rating),
    comment: raw.comment,
    createdAt: new Date(raw.created_at),
  };
}

export async function createRating(db: Db, auth: AuthUser, input: RatingCreate): Promise<Rating> {
  if (!canWriteReview(auth)) throw forbidden(MSG.adminCannotReview);
  await assertOwnUploads(db, [input.photo_url], 'photo_url', auth.id);
  const row = await db.transaction(async (tx) => {
    // Locks the place: reviews of one place are added one at a time (see placeNumbersAfter).
    const place = await getVisiblePlaceRow(tx, input.id_place, auth, { forUpdate: true });
    // One statement inserts the review and moves the place's sum and count; a second review of the
    // same place by the same person conflicts on the unique index (id_user, id_place) and inserts
    // nothing, so nothing is counted either.
    const result = await rowsOf<RawRating>(tx, sql`
      with changed as (
        insert into ${ratings} (id_user, id_place, photo_url, rating, comment)
        values (${auth.id}, ${place.id}, ${input.photo_url}, ${input.rating}, ${input.comment})
        on conflict (id_user, id_place) do nothing
        returning id, id_user, id_place, photo_url, rating, comment, created_at
      ), counted as (
        update ${places} set ${placeNumbersAfter(1)}
        from changed where ${places.id} = changed.id_place
        returning ${places.id}
      )
      select * from changed`);
    const [inserted] = result;
    if (!inserted) throw conflict(MSG.reviewDuplicate);
    return rawToRow(inserted);
  });
  invalidatePlaceList(db, row.idPlace);
  return toRatingJson(row);
}

/** Reviews of a place the caller may see, newest first, with the author's short name and photo. */
export async function listRatings(db: Db, auth: AuthUser, placeId: string): Promise<RatingListItem[]> {
  const place = await getVisiblePlaceRow(db, placeId, auth);
  const rows = await db
    .select({ rating: ratings, firstname: users.firstname, lastname: users.lastname, photoUser: users.photoUrl })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.idUser))
    .where(eq(ratings.idPlace, place.id))
    .orderBy(desc(ratings.createdAt), desc(ratings.id));
  return rows.map(({ rating, firstname, lastname, photoUser }) => {
    const name = shortName(firstname, lastname);
    return { ...toRatingJson(rating), name, name_user: name, photo_user: photoUser, image: rating.photoUrl };
  });
}

/**
 * The author or an admin deletes a review; the place's numbers are recomputed in the same
 * transaction. Someone else gets 403 when they can see the review's place, 404 when they cannot.
 */
export async function deleteRating(db: Db, auth: AuthUser, id: string): Promise<Deleted> {
  if (!isUuid(id)) throw notFound(MSG.ratingNotFound);
  const deleted = await db.transaction(async (tx) => {
    // The review and its place in one read, the place locked (same order as createRating).
    const [found] = await tx
      .select({ review: ratings, place: places })
      .from(ratings)
      .innerJoin(places, eq(places.id, ratings.idPlace))
      .where(eq(ratings.id, id))
      .limit(1)
      .for('update', { of: places });
    if (!found) throw notFound(MSG.ratingNotFound);
    const { review, place } = found;
    const isAdmin = auth.role === 'admin';
    const isAuthor = review.idUser === auth.id;
    if (!canDeleteReview({ id_user: review.idUser }, auth)) {
      throw canSeePlace(ownership(place), auth) ? forbidden() : notFound(MSG.ratingNotFound);
    }
    // Deleting and un-counting are one statement; under the lock, a review deleted meanwhile by a
    // concurrent call is simply not there any more (404), and nothing is subtracted twice.
    const result = await rowsOf<{ id: string }>(tx, sql`
      with changed as (
        delete from ${ratings} where ${ratings.id} = ${review.id}
        returning id, id_place, rating
      ), counted as (
        update ${places} set ${placeNumbersAfter(-1)}
        from changed where ${places.id} = changed.id_place
        returning ${places.id}
      )
      select id from changed`);
    if (result.length === 0) throw notFound(MSG.ratingNotFound);
    if (isAdmin && !isAuthor) {
      await recordAdminAction(tx, { adminId: auth.id, action: 'delete_rating', targetType: 'rating', targetId: review.id });
    }
    return { id: review.id, placeId: review.idPlace };
  });
  invalidatePlaceList(db, deleted.placeId);
  return { _id: deleted.id, deleted: true };
}
