import { desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  hasAnyFact,
  sameFacts,
  type AccessFacts,
  canEditPlace,
  canSeePlace,
  closureInForce,
  conditionsWindowStart,
  limaDate,
  MSG,
  summarizeConditions,
  type ConditionReport,
  type Deleted,
  type Place,
  type PlaceClosure,
  type PlaceClosureRequest,
  type PlaceCreate,
  type PlaceDetail,
  type PlaceUpdate,
  type Role,
} from '@sendero/contract';
import { outings, places, placeTracks, ratings, users, type PlaceRow } from '@/db/schema.js';
import { preparedRead } from '@/db/prepared.js';
import type { Db, Tx } from '@/db/types.js';
import { badRequest, forbidden, notFound } from '@/errors.js';
import type { AuthUser } from '@/services/caller.js';
import { recordAdminAction } from './admin-actions.js';
import { readCache } from '@/db/read-cache.js';
import { makeCachedBody, type CachedBody } from '@/http/cached-body.js';
import { callerAndVisibleBody, type VisibleBody } from './visible-body.js';
import type { TokenClaims } from './tokens.js';
import { placeChanged } from './place-changes-hub.js';
import { getPlaceList, type PlaceListEntry, type PlaceListItem } from './place-list-cache.js';
import { assertOwnUploads } from '@/services/uploads-registry.js';
import { summaryOf } from './track-summary.js';

/**
 * The closure a place carries (docs/product.md#trail-conditions): set (a note) and in force on `today`
 * in Lima's calendar; null otherwise. Cached lists keep what they read until the place's next write, so
 * clients check a closure's date again with `closureInForce`.
 */
export function closureOf(row: Pick<PlaceRow, 'closureNote' | 'closedUntil'>, today = limaDate()): PlaceClosure | null {
  if (row.closureNote === null) return null;
  const closure = { until: row.closedUntil, note: row.closureNote };
  return closureInForce(closure, today) ? closure : null;
}

/** The place as JSON (docs/product.md#calls). */
export function toPlaceJson(row: PlaceRow): Place {
  return {
    _id: row.id,
    id_user: row.idUser,
    name: row.name,
    city: row.city,
    difficulty: row.difficulty,
    capacity: row.capacity,
    time: [row.timeMin, row.timeMax],
    time_city: row.timeCity,
    photos: row.photos,
    description: row.description,
    how_to_get: row.howToGet,
    tips: row.tips,
    rating: Number(row.rating),
    comments: row.comments,
    lat: row.lat,
    lon: row.lon,
    verified: row.verified,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    closure: closureOf(row),
    ...factsOf(row),
    facts_checked_on: row.factsCheckedOn,
  };
}

const NO_FACT_COLUMNS = { altitudeM: null, feePen: null, access: null, dailyQuota: null, closedMonths: [] as number[], factsSource: null };

/** The access facts of a row as the contract names them (docs/product.md#access-facts). */
export function factsOf(row: Pick<PlaceRow, 'altitudeM' | 'feePen' | 'access' | 'dailyQuota' | 'closedMonths' | 'factsSource'>): AccessFacts {
  return {
    altitude_m: row.altitudeM,
    fee_pen: row.feePen === null ? null : Number(row.feePen),
    access: row.access,
    daily_quota: row.dailyQuota,
    closed_months: [...row.closedMonths].sort((a, b) => a - b),
    facts_source: row.factsSource,
  };
}

/** The columns of the facts a body sends (only those it sends). */
function factColumns(input: Partial<Record<keyof AccessFacts, unknown>> & Partial<AccessFacts>) {
  return {
    ...(input.altitude_m !== undefined && { altitudeM: input.altitude_m }),
    ...(input.fee_pen !== undefined && { feePen: input.fee_pen }),
    ...(input.access !== undefined && { access: input.access }),
    ...(input.daily_quota !== undefined && { dailyQuota: input.daily_quota }),
    ...(input.closed_months !== undefined && { closedMonths: [...input.closed_months].sort((a, b) => a - b) }),
    ...(input.facts_source !== undefined && { factsSource: input.facts_source }),
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID_RE.test(id);

/** A place row as the contract's rules see it (docs/product.md#roles-and-permissions). */
export const ownership = (row: Pick<PlaceRow, 'verified' | 'idUser'>) => ({ verified: row.verified, id_user: row.idUser });

async function findPlace(db: Db | Tx, id: string, opts: { forUpdate?: boolean } = {}): Promise<PlaceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db.select().from(places).where(eq(places.id, id)).limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The place if the caller may see it; 404 otherwise (hidden and missing look the same). */
export async function getVisiblePlaceRow(db: Db | Tx, id: string, auth: AuthUser | null, opts: { forUpdate?: boolean } = {}): Promise<PlaceRow> {
  const row = await findPlace(db, id, opts);
  if (!row || !canSeePlace(ownership(row), auth)) throw notFound(MSG.placeNotFound);
  return row;
}

export async function getPlace(db: Db, id: string, auth: AuthUser | null): Promise<Place> {
  return toPlaceJson(await getVisiblePlaceRow(db, id, auth));
}

/**
 * On the embedded database, place details by id, kept until the next write (db/read-cache.ts): a
 * couple of thousand bodies of about a kilobyte (their compressed forms, made when asked, counted too).
 */
const placeDetails = readCache<VisibleBody>({ maxEntries: 2000, maxBytes: 8 * 1024 * 1024, bytesOf: (d) => 2 * d.body.body.length + 200 });

/**
 * GET /api/place/{id}: the caller's row (current role and token version, as on every request) and the
 * place in one statement (one round trip where two were), or both from the cache of the embedded
 * database when no write ran since they were read (services/visible-body.ts). 401 when the token's
 * user is gone or its token was retired, 404 when the caller may not see the place; else the place as
 * JSON bytes with an ETag.
 */
export function getPlaceAsCaller(db: Db, claims: TokenClaims, id: string): Promise<{ auth: AuthUser; body: CachedBody }> {
  const placeId = isUuid(id) ? id.toLowerCase() : null;
  // The conditions and the closure depend on the day: a body read yesterday is not today's.
  const today = limaDate();
  return callerAndVisibleBody(
    db,
    claims,
    placeId,
    placeDetails,
    async () => {
      const [row] = await placeDetailRead.rows(db, { sub: claims.sub, placeId, since: conditionsWindowStart(today) });
      if (!row) return {};
      return {
        caller: { id: row.caller_id, role: row.caller_role, firstname: row.caller_firstname, lastname: row.caller_lastname, tokenVersion: row.caller_token_version },
        kept: row.id !== null ? { ownership: ownership(row), body: makeCachedBody(Buffer.from(JSON.stringify(toPlaceDetail(row, today)))) } : undefined,
      };
    },
    (key) => `${key}:${today}`,
  );
}

/** The detail: the place, its closure on `today` and 'Estado reciente' (docs/product.md#trail-conditions). */
function toPlaceDetail(row: PlaceRow & DetailExtras, today: string): PlaceDetail {
  const reports = typeof row.recent_reports === 'string' ? (JSON.parse(row.recent_reports) as ConditionReport[]) : (row.recent_reports ?? []);
  const track =
    row.track_distance_m === null
      ? null
      : summaryOf({
          distanceM: row.track_distance_m,
          ascentM: row.track_ascent_m,
          descentM: row.track_descent_m,
          minEleM: row.track_min_ele_m,
          maxEleM: row.track_max_ele_m,
          durationMin: row.track_duration_min!,
          pointCount: row.track_points!,
          updatedAt: row.track_updated_at!,
        });
  return { ...toPlaceJson(row), closure: closureOf(row, today), conditions: summarizeConditions(reports, today), track };
}

/** What the detail's statement reads besides the place: its recent reports and its track's figures (docs/product.md#tracks). */
interface DetailExtras {
  recent_reports: ConditionReport[] | string | null;
  track_distance_m: number | null;
  track_ascent_m: number | null;
  track_descent_m: number | null;
  track_min_ele_m: number | null;
  track_max_ele_m: number | null;
  track_duration_min: number | null;
  track_points: number | null;
  track_updated_at: Date | string | null;
}

/**
 * Every column of the place under its drizzle name (a PlaceRow), after the caller's columns; dates as
 * their text (YYYY-MM-DD), as drizzle reads them, not as each driver would parse them.
 */
const placeColumnsAsRow = sql.raw(
  Object.entries(getTableColumns(places))
    .map(([key, column]) => `p."${column.name}"${column.getSQLType() === 'date' ? '::text' : ''} as "${key}"`)
    .join(', '),
);

/** What the detail reads beside the place `p` (and its track `t`): its recent reports since `since`, its track's figures. */
const detailExtrasColumns = sql`(select json_agg(json_build_object('walked_on', r.walked_on, 'condition', r.condition, 'hazards', r.hazards, 'created_at', r.created_at))
      from ${ratings} r where r.id_place = p.id and r.walked_on >= ${sql.placeholder('since')}::date) as recent_reports,
    t.distance_m as track_distance_m, t.ascent_m as track_ascent_m, t.descent_m as track_descent_m, t.min_ele_m as track_min_ele_m,
    t.max_ele_m as track_max_ele_m, t.duration_min as track_duration_min, t.point_count as track_points, t.updated_at as track_updated_at`;

/** The detail's one statement, prepared once per database session (db/prepared.ts). */
const placeDetailRead = preparedRead<
  { sub: string; placeId: string | null; since: string },
  PlaceRow & DetailExtras & { caller_id: string; caller_role: Role; caller_firstname: string; caller_lastname: string; caller_token_version: number }
>(
  'sendero_place_detail',
  sql`select cu.id as caller_id, cu.role as caller_role, cu.firstname as caller_firstname, cu.lastname as caller_lastname,
    cu.token_version as caller_token_version, ${placeColumnsAsRow},
    ${detailExtrasColumns}
    from ${users} cu left join ${places} p on p.id = ${sql.placeholder('placeId')}::uuid
    left join ${placeTracks} t on t.id_place = p.id
    where cu.id = ${sql.placeholder('sub')}::uuid`,
);

/** The detail's statement without a caller: the place as any signed-in member reads it. */
const verifiedPlaceDetailRead = preparedRead<{ placeId: string; since: string }, PlaceRow & DetailExtras>(
  'sendero_place_detail_verified',
  sql`select ${placeColumnsAsRow},
    ${detailExtrasColumns}
    from ${places} p left join ${placeTracks} t on t.id_place = p.id
    where p.id = ${sql.placeholder('placeId')}::uuid and p.verified`,
);

/**
 * A verified place's detail as GET /api/place/{id} answers every signed-in member, or null (not a
 * place, not verified): what the server renders a destination's page from (plugins/web.ts).
 */
export async function getVerifiedPlaceDetail(db: Db, id: string): Promise<PlaceDetail | null> {
  if (!isUuid(id)) return null;
  const today = limaDate();
  const [row] = await verifiedPlaceDetailRead.rows(db, { placeId: id.toLowerCase(), since: conditionsWindowStart(today) });
  return row ? toPlaceDetail(row, today) : null;
}

const newestFirst = [desc(places.createdAt), desc(places.id)] as const;

/** Every place, newest first (the admin's list). */
export async function listAllPlaces(db: Db): Promise<Place[]> {
  const rows = await db.select().from(places).orderBy(...newestFirst);
  return rows.map(toPlaceJson);
}

/** The places the caller created, verified or not, newest first (the profile's 'Mis destinos'). */
export async function listMyPlaces(db: Db, auth: AuthUser): Promise<Place[]> {
  const rows = await db.select().from(places).where(eq(places.idUser, auth.id)).orderBy(...newestFirst);
  return rows.map(toPlaceJson);
}

export async function listVerifiedPlaces(db: Db): Promise<Place[]> {
  const rows = await db.select().from(places).where(eq(places.verified, true)).orderBy(...newestFirst);
  return rows.map(toPlaceJson);
}

const toListItem = (row: PlaceRow): PlaceListItem => ({ id: row.id, at: row.createdAt.getTime(), verified: row.verified, json: JSON.stringify(toPlaceJson(row)) });

/**
 * The verified list as ready-to-send JSON bytes with a strong ETag (see place-list-cache.ts): read whole
 * once, then one place at a time after each write.
 */
export function getVerifiedPlaceList(db: Db): Promise<PlaceListEntry> {
  return getPlaceList(db, {
    all: async () => (await db.select().from(places).where(eq(places.verified, true)).orderBy(...newestFirst)).map(toListItem),
    some: async (ids) => (await db.select().from(places).where(ids.length === 1 ? eq(places.id, ids[0]!) : inArray(places.id, ids))).map(toListItem),
  });
}

/**
 * What GET /api/place answers this caller: an administrator sees every place (never cached, private to
 * them); everyone else shares the cached verified list.
 */
export async function placeListFor(
  db: Db,
  auth: AuthUser | null,
): Promise<{ kind: 'every'; places: Place[] } | { kind: 'verified'; entry: PlaceListEntry }> {
  if (auth?.role === 'admin') return { kind: 'every', places: await listAllPlaces(db) };
  return { kind: 'verified', entry: await getVerifiedPlaceList(db) };
}

/**
 * The columns of a new place's own fields, as the contract names them; who created it, `verified` and
 * the dates are the caller's. Used by `createPlace` and by the sample data (seed/index.ts).
 */
export function newPlaceColumns(input: Omit<PlaceCreate, 'id_user'>) {
  return {
    name: input.name,
    city: input.city,
    difficulty: input.difficulty,
    capacity: input.capacity,
    timeMin: input.time[0],
    timeMax: input.time[1],
    timeCity: input.time_city,
    photos: input.photos,
    description: input.description,
    howToGet: input.how_to_get,
    tips: input.tips,
    lat: input.lat ?? null,
    lon: input.lon ?? null,
    ...factColumns(input),
  };
}

export async function createPlace(db: Db, auth: AuthUser, input: PlaceCreate): Promise<Place> {
  await assertOwnUploads(db, input.photos, 'photos', auth.id);
  const columns = newPlaceColumns(input);
  const [row] = await db
    .insert(places)
    .values({
      ...columns,
      // docs/product.md#access-facts: checked today when the creator states any fact.
      factsCheckedOn: hasAnyFact(factsOf({ ...NO_FACT_COLUMNS, ...columns })) ? limaDate() : null,
      idUser: auth.id,
      verified: false,
      rating: 0,
      comments: 0,
    })
    .returning();
  placeChanged(db, row!.id);
  return toPlaceJson(row!);
}

/** Hidden places answer 404 to anyone who may not see them; visible ones 403 to non-editors. */
async function getEditablePlace(tx: Tx, id: string, auth: AuthUser): Promise<PlaceRow> {
  const row = await getVisiblePlaceRow(tx, id, auth, { forUpdate: true });
  if (!canEditPlace(ownership(row), auth)) throw forbidden();
  return row;
}

/**
 * A change to an existing place: `work` runs in one transaction and answers the row as it is now; once
 * committed, the cached lists are refreshed and the place is answered as JSON.
 */
async function changePlace(db: Db, work: (tx: Tx) => Promise<PlaceRow>): Promise<Place> {
  const row = await db.transaction(work);
  placeChanged(db, row.id);
  return toPlaceJson(row);
}

/** Sets some columns of one place, and its `updated_at`; answers the updated row. */
async function setPlaceColumns(tx: Tx, id: string, columns: Partial<typeof places.$inferInsert>): Promise<PlaceRow> {
  const [updated] = await tx
    .update(places)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(eq(places.id, id))
    .returning();
  return updated!;
}

export async function updatePlace(db: Db, auth: AuthUser, id: string, patch: PlaceUpdate): Promise<Place> {
  return changePlace(db, async (tx) => {
    const current = await getEditablePlace(tx, id, auth);
    if (patch.photos) await assertOwnUploads(tx, patch.photos, 'photos', auth.id, current.photos);
    const timeMin = patch.time?.[0] ?? current.timeMin;
    const timeMax = patch.time?.[1] ?? current.timeMax;
    if (timeMin > timeMax) throw badRequest(MSG.timeRange, { time: MSG.timeRange });
    const facts = factColumns(patch);
    return setPlaceColumns(tx, current.id, {
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.city !== undefined && { city: patch.city }),
      ...(patch.difficulty !== undefined && { difficulty: patch.difficulty }),
      ...(patch.capacity !== undefined && { capacity: patch.capacity }),
      ...(patch.time !== undefined && { timeMin, timeMax }),
      ...(patch.time_city !== undefined && { timeCity: patch.time_city }),
      ...(patch.photos !== undefined && { photos: patch.photos }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.how_to_get !== undefined && { howToGet: patch.how_to_get }),
      ...(patch.tips !== undefined && { tips: patch.tips }),
      // The request schema lets lat and lon through only together (both numbers or both null).
      ...(patch.lat !== undefined && patch.lon !== undefined && { lat: patch.lat, lon: patch.lon }),
      ...facts,
      // docs/product.md#access-facts: checked today whenever a fact changes (sending the same value changes nothing).
      ...(!sameFacts(factsOf(current), factsOf({ ...current, ...facts })) && { factsCheckedOn: limaDate() }),
    });
  });
}

/**
 * Admin: 'Confirmar datos' (docs/product.md#access-facts): the facts are as stated on Lima's today;
 * logged confirm_facts in the same transaction. Any place an admin sees.
 */
export async function confirmPlaceFacts(db: Db, admin: AuthUser, id: string): Promise<Place> {
  return changePlace(db, async (tx) => {
    const current = await findPlace(tx, id, { forUpdate: true });
    if (!current) throw notFound(MSG.placeNotFound);
    const updated = await setPlaceColumns(tx, current.id, { factsCheckedOn: limaDate() });
    await recordAdminAction(tx, { adminId: admin.id, action: 'confirm_facts', targetType: 'place', targetId: current.id });
    return updated;
  });
}

/** Admin: flip `verified`, logging verify/unverify in the same transaction. */
export async function toggleVerified(db: Db, admin: AuthUser, id: string): Promise<Place> {
  return changePlace(db, async (tx) => {
    const current = await findPlace(tx, id, { forUpdate: true });
    if (!current) throw notFound(MSG.placeNotFound);
    const updated = await setPlaceColumns(tx, current.id, { verified: !current.verified });
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: updated.verified ? 'verify' : 'unverify',
      targetType: 'place',
      targetId: current.id,
    });
    return updated;
  });
}

/** Admin: delete the place, its reviews and its outings (with their participants) in one transaction, logging delete_place. */
export async function deletePlace(db: Db, admin: AuthUser, id: string): Promise<Deleted> {
  const deletedId = await db.transaction(async (tx) => {
    const current = await findPlace(tx, id, { forUpdate: true });
    if (!current) throw notFound(MSG.placeNotFound);
    await tx.delete(ratings).where(eq(ratings.idPlace, current.id));
    // Their participant rows go with them (ON DELETE CASCADE), in this same transaction.
    await tx.delete(outings).where(eq(outings.idPlace, current.id));
    await tx.delete(places).where(eq(places.id, current.id));
    await recordAdminAction(tx, { adminId: admin.id, action: 'delete_place', targetType: 'place', targetId: current.id });
    return current.id;
  });
  placeChanged(db, deletedId);
  return { _id: deletedId, deleted: true };
}

/**
 * Admin: close a place for a while, or reopen it (`{until: null, note: null}`), logging close_place or
 * reopen_place in the same transaction (docs/product.md#trail-conditions). Any place an admin sees.
 */
export async function setPlaceClosure(db: Db, admin: AuthUser, id: string, body: PlaceClosureRequest): Promise<Place> {
  return changePlace(db, async (tx) => {
    const current = await findPlace(tx, id, { forUpdate: true });
    if (!current) throw notFound(MSG.placeNotFound);
    const closing = body.note !== null;
    const updated = await setPlaceColumns(tx, current.id, { closedUntil: closing ? body.until : null, closureNote: body.note });
    await recordAdminAction(tx, { adminId: admin.id, action: closing ? 'close_place' : 'reopen_place', targetType: 'place', targetId: current.id });
    return updated;
  });
}
