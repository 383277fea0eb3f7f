import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ALARMING_CONDITIONS,
  canDeleteReview,
  canSeePlace,
  canWriteReview,
  MSG,
  shortName,
  type Deleted,
  type Rating,
  type RatingCreate,
  type RatingListItem,
  type RatingUpdate,
  type Role,
  type TrailCondition,
  type TrailHazard,
  type TrailReport,
} from '@sendero/contract';
import { adminActions, places, ratings, uploads, users, type RatingRow } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';
import { badRequest, conflict, forbidden, notFound } from '@/errors.js';
import type { AuthUser } from '@/services/caller.js';
import { assertOwnUploads } from '@/services/uploads-registry.js';
import { placeChanged } from './place-changes-hub.js';
import { preparedRead, preparedStatement } from '@/db/prepared.js';
import { closureOf, isUuid } from './places.js';
import { readCache } from '@/db/read-cache.js';
import { makeCachedBody, type CachedBody } from '@/http/cached-body.js';
import { callerAndVisibleBody, type VisibleBody } from './visible-body.js';
import type { TokenClaims } from './tokens.js';

export function toRatingJson(row: RatingRow): Rating {
  return {
    _id: row.id,
    id_user: row.idUser,
    id_place: row.idPlace,
    photo_url: row.photoUrl,
    rating: row.rating,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    walked_on: row.walkedOn,
    condition: row.condition,
    hazards: row.hazards,
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
  /** YYYY-MM-DD (selected as text), or null. */
  walked_on: string | null;
  condition: TrailCondition | null;
  hazards: TrailHazard[] | null;
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
    walkedOn: raw.walked_on ?? null,
    condition: raw.condition ?? null,
    hazards: raw.hazards ?? [],
  };
}

interface CreateOutcome extends Partial<RawRating> {
  /** The photo is an upload of this caller's. */
  own: boolean;
  /** The place exists (then locked): its visibility follows. */
  found: boolean;
  verified: boolean | null;
  place_owner: string | null;
}

/**
 * One statement, so one round trip, and PostgreSQL runs it as one transaction of its own
 * (docs/architecture.md#worked-example): it locks the place row (`FOR UPDATE`), checks
 * that the photo is the caller's upload, inserts the review if the caller may see the place (the same
 * rule as `canSeePlace`; admins were refused before) and moves the place's sum and count by it. A
 * second review of the same place by the same person conflicts on the unique index (id_user, id_place)
 * and inserts nothing, so nothing is counted either. The answer says which check failed, in the order
 * the errors are reported: the photo (400), the place (404), the duplicate (409).
 */
export async function createRating(db: Db, auth: AuthUser, input: RatingCreate): Promise<Rating> {
  if (!canWriteReview(auth)) throw forbidden(MSG.adminCannotReview);
  if (!isUuid(input.id_place)) {
    await assertOwnUploads(db, [input.photo_url], 'photo_url', auth.id);
    throw notFound(MSG.placeNotFound);
  }
  const [outcome] = await reviewCreate.rows(db, {
    placeId: input.id_place,
    userId: auth.id,
    photoUrl: input.photo_url,
    rating: String(input.rating),
    comment: input.comment,
    walkedOn: input.walked_on ?? null,
    condition: input.condition ?? null,
    hazards: JSON.stringify(input.hazards ?? []),
  });
  if (!outcome?.own) throw badRequest(MSG.uploadNotOurs, { photo_url: MSG.uploadNotOurs });
  if (!outcome.found || !canSeePlace({ verified: Boolean(outcome.verified), id_user: outcome.place_owner ?? '' }, auth)) {
    throw notFound(MSG.placeNotFound);
  }
  if (!outcome.id) throw conflict(MSG.reviewDuplicate);
  const row = rawToRow(outcome as RawRating);
  placeChanged(db, row.idPlace);
  return toRatingJson(row);
}

/** createRating's one statement, prepared once per database session (db/prepared.ts). */
const reviewCreate = preparedStatement<
  { placeId: string; userId: string; photoUrl: string; rating: string; comment: string; walkedOn: string | null; condition: string | null; hazards: string },
  CreateOutcome
>(
  'sendero_review_create',
  sql`
    with place as (
      select ${places.id}, ${places.verified}, ${places.idUser} from ${places}
      where ${places.id} = ${sql.placeholder('placeId')}::uuid for update
    ), own as (
      select 1 from ${uploads} where ${uploads.url} = ${sql.placeholder('photoUrl')}::text and ${uploads.idUser} = ${sql.placeholder('userId')}::uuid limit 1
    ), changed as (
      insert into ${ratings} (id_user, id_place, photo_url, rating, comment, walked_on, condition, hazards)
      select ${sql.placeholder('userId')}::uuid, place.id, ${sql.placeholder('photoUrl')}::text, ${sql.placeholder('rating')}::int, ${sql.placeholder('comment')}::text,
        ${sql.placeholder('walkedOn')}::date, ${sql.placeholder('condition')}::text,
        array(select json_array_elements_text(${sql.placeholder('hazards')}::json)) from place
      where (place.verified or place.id_user = ${sql.placeholder('userId')}::uuid) and exists (select 1 from own)
      on conflict (id_user, id_place) do nothing
      returning id, id_user, id_place, photo_url, rating, comment, created_at, walked_on::text as walked_on, condition, hazards
    ), counted as (
      update ${places} set ${placeNumbersAfter(1)}
      from changed where ${places.id} = changed.id_place
      returning ${places.id}
    )
    select exists (select 1 from own) as own, exists (select 1 from place) as found,
      (select verified from place) as verified, (select id_user from place) as place_owner, changed.*
    from (values (1)) as one left join changed on true`,
);

/** A review as `listRatings` reads it: the JSON of its row (dates as text) and its author's name and photo. */
interface ListedReview extends RawRating {
  created_at: string;
  firstname: string;
  lastname: string;
  photo_user: string;
}

/** The reviews' one statement, prepared once per database session (db/prepared.ts). */
const placeReviewsRead = preparedRead<
  { sub: string; placeId: string | null },
  { id: string; role: Role; firstname: string; lastname: string; token_version: number; verified: boolean | null; id_user: string | null; reviews: ListedReview[] | string | null }
>(
  'sendero_place_reviews',
  sql`select cu.id, cu.role, cu.firstname, cu.lastname, cu.token_version, p.verified, p.id_user, coalesce((
      select json_agg(json_build_object(
        'id', r.id, 'id_user', r.id_user, 'id_place', r.id_place, 'photo_url', r.photo_url, 'rating', r.rating,
        'comment', r.comment, 'created_at', r.created_at, 'walked_on', r.walked_on, 'condition', r.condition, 'hazards', r.hazards,
        'firstname', u.firstname, 'lastname', u.lastname, 'photo_user', u.photo_url) order by r.created_at desc, r.id desc)
      from ${ratings} r join ${users} u on u.id = r.id_user where r.id_place = p.id), '[]'::json) as reviews
    from ${users} cu left join ${places} p on p.id = ${sql.placeholder('placeId')}::uuid
    where cu.id = ${sql.placeholder('sub')}::uuid`,
);

/**
 * On the embedded database, review lists by place id, kept until the next write (db/read-cache.ts):
 * at most 1,000 lists and 8 MB (their compressed forms, made when asked, counted too).
 */
const placeReviews = readCache<VisibleBody>({ maxEntries: 1000, maxBytes: 8 * 1024 * 1024, bytesOf: (r) => 2 * r.body.body.length + 200 });

/**
 * Reviews of a place the caller may see, newest first, with the author's short name and photo: one
 * statement reads the caller's row (current role and token version, as on every request), the place's
 * visibility and its reviews as one JSON array (one round trip, and on the embedded database one value
 * to parse instead of ten typed columns per review), or all of it comes from the embedded database's
 * cache when no write ran since it was read (services/visible-body.ts). 401 when the token's user is
 * gone or its token was retired, 404 when the caller may not see the place; else the list as JSON bytes
 * with an ETag.
 */
export function listRatings(db: Db, claims: TokenClaims, placeId: string): Promise<{ auth: AuthUser; body: CachedBody }> {
  const id = isUuid(placeId) ? placeId.toLowerCase() : null;
  return callerAndVisibleBody(db, claims, id, placeReviews, async () => {
    const [row] = await placeReviewsRead.rows(db, { sub: claims.sub, placeId: id });
    if (!row) return {};
    const caller = { id: row.id, role: row.role, firstname: row.firstname, lastname: row.lastname, tokenVersion: row.token_version };
    if (row.verified === null || row.id_user === null) return { caller };
    const listed = typeof row.reviews === 'string' ? (JSON.parse(row.reviews) as ListedReview[]) : (row.reviews ?? []);
    const reviews: RatingListItem[] = listed.map((r) => {
      const name = shortName(r.firstname, r.lastname);
      return {
        ...toRatingJson(rawToRow(r)),
        name,
        name_user: name,
        photo_user: r.photo_user,
        image: r.photo_url,
      };
    });
    return { caller, kept: { ownership: { verified: row.verified, id_user: row.id_user }, body: makeCachedBody(Buffer.from(JSON.stringify(reviews))) } };
  });
}

interface DeleteOutcome extends Record<string, unknown> {
  id_user: string;
  id_place: string;
  verified: boolean;
  place_owner: string;
  /** 1 when this statement deleted the review. */
  deleted: number;
}

/**
 * The author or an admin deletes a review, in one statement (one round trip, one transaction): the
 * review is read with its place locked (the same lock as createRating), deleted and un-counted when the
 * caller may delete it (`canDeleteReview`, asked for their own reviews and for anyone's), and an
 * admin's deletion of someone else's review is logged. Someone else gets 403 when they can see the
 * review's place, 404 when they cannot. Under the lock, a review deleted meanwhile by a concurrent
 * call is simply not there any more (404), and nothing is subtracted twice.
 */
export async function deleteRating(db: Db, auth: AuthUser, id: string): Promise<Deleted> {
  if (!isUuid(id)) throw notFound(MSG.ratingNotFound);
  const [found] = await reviewDelete.rows(db, {
    id,
    callerId: auth.id,
    mayDeleteOwn: String(canDeleteReview({ id_user: auth.id }, auth)),
    mayDeleteAny: String(canDeleteReview({ id_user: '' }, auth)),
    isAdmin: String(auth.role === 'admin'),
  });
  if (!found) throw notFound(MSG.ratingNotFound);
  if (!canDeleteReview({ id_user: found.id_user }, auth)) {
    throw canSeePlace({ verified: found.verified, id_user: found.place_owner }, auth) ? forbidden() : notFound(MSG.ratingNotFound);
  }
  if (Number(found.deleted) !== 1) throw notFound(MSG.ratingNotFound);
  placeChanged(db, found.id_place);
  return { _id: id, deleted: true };
}

/** deleteRating's one statement, prepared once per database session (db/prepared.ts). */
const reviewDelete = preparedStatement<{ id: string; callerId: string; mayDeleteOwn: string; mayDeleteAny: string; isAdmin: string }, DeleteOutcome>(
  'sendero_review_delete',
  sql`
    with target as (
      select r.id, r.id_user, r.id_place, p.verified, p.id_user as place_owner
      from ${ratings} r join ${places} p on p.id = r.id_place
      where r.id = ${sql.placeholder('id')}::uuid for update of p
    ), changed as (
      delete from ${ratings}
      where ${ratings.id} = (select target.id from target
        where ${sql.placeholder('mayDeleteAny')}::boolean or (${sql.placeholder('mayDeleteOwn')}::boolean and target.id_user = ${sql.placeholder('callerId')}::uuid))
      returning id, id_place, id_user, rating
    ), counted as (
      update ${places} set ${placeNumbersAfter(-1)}
      from changed where ${places.id} = changed.id_place
      returning ${places.id}
    ), logged as (
      insert into ${adminActions} (id_admin, action, target_type, target_id)
      select ${sql.placeholder('callerId')}::uuid, 'delete_rating', 'rating', changed.id from changed
      where ${sql.placeholder('isAdmin')}::boolean and changed.id_user <> ${sql.placeholder('callerId')}::uuid
      returning 1
    )
    select target.id_user, target.id_place, target.verified, target.place_owner,
      (select count(*) from changed)::int as deleted
    from target`,
);

/**
 * PUT /api/rating/update/{id} (docs/product.md#reviews): its author corrects any field under the rules
 * of create, in one transaction with the place row locked (the same lock as create and delete), moving
 * the place's sum and mean by the change of stars. Admins delete reviews, they do not edit them (403);
 * anyone else gets 403 when they can see the review's place, 404 when they cannot. `reportedClosed`
 * is true when this change makes the review say `cerrado` (its place's creator gets a mail).
 */
export async function updateRating(db: Db, auth: AuthUser, id: string, patch: RatingUpdate): Promise<{ review: Rating; reportedClosed: boolean }> {
  if (!isUuid(id)) throw notFound(MSG.ratingNotFound);
  const { row, before } = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ review: ratings, verified: places.verified, placeOwner: places.idUser })
      .from(ratings)
      .innerJoin(places, eq(places.id, ratings.idPlace))
      .where(eq(ratings.id, id))
      .for('update', { of: places });
    if (!found) throw notFound(MSG.ratingNotFound);
    const current = found.review;
    if (current.idUser !== auth.id) {
      if (auth.role === 'admin') throw forbidden(MSG.adminCannotEditReview);
      throw canSeePlace({ verified: found.verified, id_user: found.placeOwner }, auth) ? forbidden() : notFound(MSG.ratingNotFound);
    }
    if (patch.photo_url !== undefined) await assertOwnUploads(tx, [patch.photo_url], 'photo_url', auth.id, [current.photoUrl]);
    const [updated] = await tx
      .update(ratings)
      .set({
        ...(patch.rating !== undefined && { rating: patch.rating }),
        ...(patch.comment !== undefined && { comment: patch.comment }),
        ...(patch.photo_url !== undefined && { photoUrl: patch.photo_url }),
        ...(patch.walked_on !== undefined && { walkedOn: patch.walked_on }),
        ...(patch.condition !== undefined && { condition: patch.condition }),
        ...(patch.hazards !== undefined && { hazards: patch.hazards }),
      })
      .where(eq(ratings.id, current.id))
      .returning();
    const delta = updated!.rating - current.rating;
    if (delta !== 0) {
      const newSum = sql`${places.ratingSum} + ${delta}`;
      await tx
        .update(places)
        .set({ ratingSum: newSum, rating: sql`case when ${places.comments} = 0 then 0 else round((${newSum})::numeric / ${places.comments}, 1) end` })
        .where(eq(places.id, current.idPlace));
    }
    return { row: updated!, before: current };
  });
  placeChanged(db, row.idPlace);
  return { review: toRatingJson(row), reportedClosed: row.condition === 'cerrado' && before.condition !== 'cerrado' };
}

/** How many entries 'Reportes del sendero' lists at most. */
export const TRAIL_REPORTS_MAX = 200;

/**
 * GET /api/admin/trail-reports (docs/product.md#trail-conditions): reviews that said `peligroso` or
 * `cerrado`, newest first, with their place (and its closure) and their author.
 */
export async function listTrailReports(db: Db): Promise<TrailReport[]> {
  const rows = await db
    .select({
      review: ratings,
      place: { id: places.id, name: places.name, city: places.city, closedUntil: places.closedUntil, closureNote: places.closureNote },
      author: { id: users.id, firstname: users.firstname, lastname: users.lastname, photoUrl: users.photoUrl },
    })
    .from(ratings)
    .innerJoin(places, eq(places.id, ratings.idPlace))
    .innerJoin(users, eq(users.id, ratings.idUser))
    .where(and(inArray(ratings.condition, [...ALARMING_CONDITIONS])))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(TRAIL_REPORTS_MAX);
  return rows.map((r) => ({
    review: toRatingJson(r.review),
    place: { _id: r.place.id, name: r.place.name, city: r.place.city, closure: closureOf(r.place) },
    author: { _id: r.author.id, name: shortName(r.author.firstname, r.author.lastname), photo_url: r.author.photoUrl },
  }));
}
