import { and, desc, eq, sql } from 'drizzle-orm';
import { canDeleteReview, canSeePlace, canWriteReview, MSG, shortName, type Deleted, type Rating, type RatingCreate, type RatingListItem } from '@sendero/contract';
import { places, ratings, users, type RatingRow } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '@/db/errors.js';
import { conflict, forbidden, notFound } from '@/errors.js';
import type { AuthUser } from '@/services/caller.js';
import { assertOwnUploads } from '@/services/uploads-registry.js';
import { recordAdminAction } from './admin-actions.js';
import { invalidatePlaceList } from './place-list-cache.js';
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
 * Set the place's `rating` (mean of its reviews rounded to 0.1, 0 when none) and `comments` from the
 * stored rows. Call inside the transaction that changed the reviews, AFTER locking the place row
 * (`SELECT ... FOR UPDATE`): concurrent reviews of one place then recompute one after the other, and
 * each recomputation (a new statement, so a new snapshot under READ COMMITTED) sees every committed row.
 */
export async function recomputePlaceRating(tx: Tx | Db, placeId: string): Promise<void> {
  await tx
    .update(places)
    .set({
      rating: sql`coalesce((select round(avg(${ratings.rating})::numeric, 1) from ${ratings} where ${ratings.idPlace} = ${placeId}), 0)`,
      comments: sql`(select count(*)::int from ${ratings} where ${ratings.idPlace} = ${placeId})`,
    })
    .where(eq(places.id, placeId));
}

export async function createRating(db: Db, auth: AuthUser, input: RatingCreate): Promise<Rating> {
  if (!canWriteReview(auth)) throw forbidden(MSG.adminCannotReview);
  await assertOwnUploads(db, [input.photo_url], 'photo_url', auth.id);
  const row = await db.transaction(async (tx) => {
    // Locks the place: reviews of one place are added one at a time (see recomputePlaceRating).
    const place = await getVisiblePlaceRow(tx, input.id_place, auth, { forUpdate: true });
    const [existing] = await tx
      .select({ id: ratings.id })
      .from(ratings)
      .where(and(eq(ratings.idUser, auth.id), eq(ratings.idPlace, place.id)))
      .limit(1);
    if (existing) throw conflict(MSG.reviewDuplicate);
    let inserted: RatingRow;
    try {
      [inserted] = (await tx
        .insert(ratings)
        .values({ idUser: auth.id, idPlace: place.id, photoUrl: input.photo_url, rating: input.rating, comment: input.comment })
        .returning()) as [RatingRow];
    } catch (error) {
      // The unique index (id_user, id_place) is the last word if two requests raced past the check.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(MSG.reviewDuplicate);
      throw error;
    }
    await recomputePlaceRating(tx, place.id);
    return inserted;
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
    const [found] = await tx.select().from(ratings).where(eq(ratings.id, id)).limit(1);
    if (!found) throw notFound(MSG.ratingNotFound);
    const isAdmin = auth.role === 'admin';
    const isAuthor = found.idUser === auth.id;
    // Lock the place first (same order as createRating), then re-read the review under the lock.
    const [place] = await tx.select().from(places).where(eq(places.id, found.idPlace)).for('update');
    if (!place) throw notFound(MSG.ratingNotFound);
    if (!canDeleteReview({ id_user: found.idUser }, auth)) {
      throw canSeePlace(ownership(place), auth) ? forbidden() : notFound(MSG.ratingNotFound);
    }
    const deleted = await tx.delete(ratings).where(eq(ratings.id, found.id)).returning({ id: ratings.id });
    if (deleted.length === 0) throw notFound(MSG.ratingNotFound);
    await recomputePlaceRating(tx, place.id);
    if (isAdmin && !isAuthor) {
      await recordAdminAction(tx, { adminId: auth.id, action: 'delete_rating', targetType: 'rating', targetId: found.id });
    }
    return { id: found.id, placeId: found.idPlace };
  });
  invalidatePlaceList(db, deleted.placeId);
  return { _id: deleted.id, deleted: true };
}
