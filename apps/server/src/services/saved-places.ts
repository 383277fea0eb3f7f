import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { MSG, SAVED_PLACES_MAX, type Place, type SavedState } from '@sendero/contract';
import { places, savedPlaces, users } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import { conflict, notFound } from '@/errors.js';
import type { AuthUser } from '@/services/caller.js';
import { getVisiblePlaceRow, isUuid, toPlaceJson } from './places.js';

/**
 * Saved destinations (docs/product.md#saved). A place the caller may not see is 404, as everywhere; the
 * 100-place limit is checked under a lock on the caller's user row, so parallel saves by one user
 * count one after the other and never end above the limit.
 */

/** The places the caller saved and may still see, most recently saved first. */
export async function listSavedPlaces(db: Db, auth: AuthUser): Promise<Place[]> {
  const visible = auth.role === 'admin' ? sql`true` : or(eq(places.verified, true), eq(places.idUser, auth.id));
  const rows = await db
    .select({ place: places })
    .from(savedPlaces)
    .innerJoin(places, eq(places.id, savedPlaces.idPlace))
    .where(and(eq(savedPlaces.idUser, auth.id), visible))
    .orderBy(desc(savedPlaces.createdAt), desc(places.id));
  return rows.map((r) => toPlaceJson(r.place));
}

export async function savePlace(db: Db, auth: AuthUser, placeId: string): Promise<SavedState> {
  return db.transaction(async (tx) => {
    const place = await getVisiblePlaceRow(tx, placeId, auth);
    // One user's saves queue here; other users are not blocked.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, auth.id)).for('update');
    const mine = eq(savedPlaces.idUser, auth.id);
    const [already] = await tx
      .select({ id: savedPlaces.idPlace })
      .from(savedPlaces)
      .where(and(mine, eq(savedPlaces.idPlace, place.id)))
      .limit(1);
    if (already) return { _id: place.id, saved: true };
    const [total] = await tx.select({ n: count() }).from(savedPlaces).where(mine);
    if ((total?.n ?? 0) >= SAVED_PLACES_MAX) throw conflict(MSG.savedLimit);
    await tx.insert(savedPlaces).values({ idUser: auth.id, idPlace: place.id }).onConflictDoNothing();
    return { _id: place.id, saved: true };
  });
}

/**
 * Idempotent: also 200 when it was not saved, or when the place no longer exists. An id that is not
 * a UUID is 404 (docs/decisions/008-bad-ids.md).
 */
export async function unsavePlace(db: Db, auth: AuthUser, placeId: string): Promise<SavedState> {
  if (!isUuid(placeId)) throw notFound(MSG.placeNotFound);
  await db.delete(savedPlaces).where(and(eq(savedPlaces.idUser, auth.id), eq(savedPlaces.idPlace, placeId)));
  return { _id: placeId.toLowerCase(), saved: false };
}
