import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  canJoinOuting,
  canManageOuting,
  canOrganizeOuting,
  canSeePlace,
  MSG,
  OUTINGS_MINE_LIMIT,
  shortName,
  spotsWithinCapacity,
  type MyOutings,
  type Outing,
  type OutingCreate,
  type OutingParticipant,
} from '@sendero/contract';
import { outingParticipants, outings, places, users, type OutingRow } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';
import { rowsOf } from '@/db/raw.js';
import { badRequest, conflict, forbidden, notFound } from '@/errors.js';
import type { AuthUser } from './caller.js';
import { recordAdminAction } from './admin-actions.js';
import type { OutingCancelledEvent } from './outing-events.js';
import { isUuid, ownership } from './places.js';

/**
 * Group outings (docs/product.md#outings). Every change of spots happens in one transaction that first locks the
 * outing row (`SELECT ... FOR UPDATE`): concurrent joins and leaves of one outing run one after the
 * other, each check sees every committed participant, so `taken` never exceeds `spots` and always
 * equals the participant rows (the unique (outing, user) index and a CHECK constraint back it up).
 */

/** Verified places, all for an admin, and the caller's own unverified places (as canSeePlace). */
function visiblePlaceCondition(auth: AuthUser): SQL | undefined {
  if (auth.role === 'admin') return undefined;
  return or(eq(places.verified, true), eq(places.idUser, auth.id));
}

/** Its guide (even after their guide benefits were blocked) and admins see who joined. */
function seesParticipants(outing: Pick<OutingRow, 'idGuide'>, auth: AuthUser): boolean {
  return canManageOuting({ id_guide: outing.idGuide }, auth);
}

async function selectOutings(db: Db | Tx, auth: AuthUser, where: SQL | undefined, orderBy: SQL[], limit?: number): Promise<Outing[]> {
  const query = db
    .select({
      outing: outings,
      placeName: places.name,
      guideFirstname: users.firstname,
      guideLastname: users.lastname,
      guidePhoto: users.photoUrl,
      joined: sql<boolean>`exists (select 1 from ${outingParticipants} where ${outingParticipants.idOuting} = ${outings.id} and ${outingParticipants.idUser} = ${auth.id})`,
    })
    .from(outings)
    .innerJoin(places, eq(places.id, outings.idPlace))
    .innerJoin(users, eq(users.id, outings.idGuide))
    .where(and(where, visiblePlaceCondition(auth)))
    .orderBy(...orderBy);
  const rows = limit === undefined ? await query : await query.limit(limit);

  const withParticipants = rows.filter((r) => seesParticipants(r.outing, auth)).map((r) => r.outing.id);
  const participants = new Map<string, OutingParticipant[]>();
  if (withParticipants.length > 0) {
    const people = await db
      .select({ idOuting: outingParticipants.idOuting, id: users.id, firstname: users.firstname, lastname: users.lastname, photoUrl: users.photoUrl })
      .from(outingParticipants)
      .innerJoin(users, eq(users.id, outingParticipants.idUser))
      .where(inArray(outingParticipants.idOuting, withParticipants))
      .orderBy(asc(outingParticipants.createdAt), asc(outingParticipants.id));
    for (const p of people) {
      const list = participants.get(p.idOuting) ?? [];
      list.push({ _id: p.id, name: shortName(p.firstname, p.lastname), photo_url: p.photoUrl });
      participants.set(p.idOuting, list);
    }
  }

  return rows.map((r) => {
    const o = r.outing;
    const json: Outing = {
      _id: o.id,
      id_place: o.idPlace,
      place_name: r.placeName,
      id_guide: o.idGuide,
      guide_name: shortName(r.guideFirstname, r.guideLastname),
      guide_photo: r.guidePhoto,
      starts_at: o.startsAt.toISOString(),
      meeting_point: o.meetingPoint,
      description: o.description,
      spots: o.spots,
      taken: o.taken,
      status: o.status,
      joined: Boolean(r.joined),
      created_at: o.createdAt.toISOString(),
    };
    if (seesParticipants(o, auth)) json.participants = participants.get(o.id) ?? [];
    return json;
  });
}

/** One outing as the caller may see it; 404 for unknown ids, bad ids and outings of hidden places. */
async function getOutingJson(db: Db | Tx, auth: AuthUser, id: string): Promise<Outing> {
  if (!isUuid(id)) throw notFound(MSG.outingNotFound);
  const [outing] = await selectOutings(db, auth, eq(outings.id, id), [asc(outings.id)], 1);
  if (!outing) throw notFound(MSG.outingNotFound);
  return outing;
}

export function getOuting(db: Db, auth: AuthUser, id: string): Promise<Outing> {
  return getOutingJson(db, auth, id);
}

/** POST /api/outing/create: a guide or an admin, on a verified place, within the place's capacity. */
export async function createOuting(db: Db, auth: AuthUser, input: OutingCreate): Promise<Outing> {
  if (!canOrganizeOuting(auth)) throw forbidden(MSG.outingGuidesOnly);
  const id = await db.transaction(async (tx) => {
    const [place] = await tx.select().from(places).where(eq(places.id, input.id_place)).limit(1);
    if (!place || !place.verified) throw notFound(MSG.placeNotFound);
    if (!spotsWithinCapacity(input.spots, place.capacity)) {
      throw badRequest(MSG.spotsOverCapacity, { spots: MSG.spotsOverCapacity });
    }
    const [row] = await tx
      .insert(outings)
      .values({
        idPlace: place.id,
        idGuide: auth.id,
        startsAt: new Date(input.starts_at),
        meetingPoint: input.meeting_point,
        description: input.description ?? '',
        spots: input.spots,
      })
      .returning({ id: outings.id });
    return row!.id;
  });
  return getOutingJson(db, auth, id);
}

/** GET /api/outing/place/{placeId}: outings not started yet, soonest first, cancelled ones included. */
export async function listPlaceOutings(db: Db, auth: AuthUser, placeId: string): Promise<Outing[]> {
  if (!isUuid(placeId)) throw notFound(MSG.placeNotFound);
  const [place] = await db.select({ verified: places.verified, idUser: places.idUser }).from(places).where(eq(places.id, placeId)).limit(1);
  if (!place || !canSeePlace(ownership(place), auth)) throw notFound(MSG.placeNotFound);
  return selectOutings(db, auth, and(eq(outings.idPlace, placeId), sql`${outings.startsAt} > now()`), [asc(outings.startsAt), asc(outings.id)]);
}

/** GET /api/outings/mine: not started first (soonest first), then past ones (latest first); 50 each. */
export async function listMyOutings(db: Db, auth: AuthUser): Promise<MyOutings> {
  const order = [
    sql`(${outings.startsAt} <= now()) asc`,
    sql`case when ${outings.startsAt} > now() then ${outings.startsAt} end asc`,
    sql`${outings.startsAt} desc`,
    asc(outings.id),
  ];
  const joinedWhere = sql`exists (select 1 from ${outingParticipants} where ${outingParticipants.idOuting} = ${outings.id} and ${outingParticipants.idUser} = ${auth.id})`;
  const [joined, leading] = await Promise.all([
    selectOutings(db, auth, joinedWhere, order, OUTINGS_MINE_LIMIT),
    selectOutings(db, auth, eq(outings.idGuide, auth.id), order, OUTINGS_MINE_LIMIT),
  ]);
  return { joined, leading };
}

/** Locks the outing row and checks the caller may see its place; 404 otherwise. */
async function lockVisibleOuting(tx: Tx, auth: AuthUser, id: string): Promise<OutingRow> {
  if (!isUuid(id)) throw notFound(MSG.outingNotFound);
  // One statement: the outing row locked (only it, not its place) and whether the caller may see its place.
  const [row] = await tx
    .select({ outing: outings, verified: places.verified, idUser: places.idUser })
    .from(outings)
    .innerJoin(places, eq(places.id, outings.idPlace))
    .where(eq(outings.id, id))
    .for('update', { of: outings });
  if (!row || !canSeePlace(ownership(row), auth)) throw notFound(MSG.outingNotFound);
  return row.outing;
}

const hasStarted = (outing: Pick<OutingRow, 'startsAt'>) => outing.startsAt.getTime() <= Date.now();

/** PUT /api/outing/join/{id}: takes one spot, under the outing's row lock. */
export async function joinOuting(db: Db, auth: AuthUser, id: string): Promise<Outing> {
  if (auth.role === 'admin') throw forbidden(MSG.outingAdminCannotJoin);
  await db.transaction(async (tx) => {
    const outing = await lockVisibleOuting(tx, auth, id);
    if (!canJoinOuting({ id_guide: outing.idGuide }, auth)) throw forbidden(MSG.outingOwnGuide);
    if (outing.status === 'cancelada') throw conflict(MSG.outingCancelled);
    if (hasStarted(outing)) throw conflict(MSG.outingStarted);
    if (outing.taken >= outing.spots) {
      // Full: whoever already holds a spot hears that instead.
      const [already] = await tx
        .select({ id: outingParticipants.id })
        .from(outingParticipants)
        .where(and(eq(outingParticipants.idOuting, outing.id), eq(outingParticipants.idUser, auth.id)))
        .limit(1);
      throw conflict(already ? MSG.outingAlreadyJoined : MSG.outingFull);
    }
    // The spot taken and counted in one statement; nothing at all when the caller already holds one.
    const counted = await rowsOf<{ taken: number }>(
      tx,
      sql`with joined as (
            insert into ${outingParticipants} (id_outing, id_user) values (${outing.id}, ${auth.id})
            on conflict (id_outing, id_user) do nothing
            returning id_outing
          )
          update ${outings} set taken = taken + 1, updated_at = now()
          from joined where ${outings.id} = joined.id_outing
          returning taken`,
    );
    if (counted.length === 0) throw conflict(MSG.outingAlreadyJoined);
  });
  return getOutingJson(db, auth, id);
}

/** PUT /api/outing/leave/{id}: gives the caller's spot back, under the same lock. */
export async function leaveOuting(db: Db, auth: AuthUser, id: string): Promise<Outing> {
  await db.transaction(async (tx) => {
    const outing = await lockVisibleOuting(tx, auth, id);
    const left = await tx
      .delete(outingParticipants)
      .where(and(eq(outingParticipants.idOuting, outing.id), eq(outingParticipants.idUser, auth.id)))
      .returning({ id: outingParticipants.id });
    if (left.length === 0) throw conflict(MSG.outingNotJoined);
    // Throwing rolls the delete back: nobody leaves an outing that already started.
    if (hasStarted(outing)) throw conflict(MSG.outingStarted);
    await tx
      .update(outings)
      .set({ taken: sql`${outings.taken} - 1`, updatedAt: sql`now()` })
      .where(eq(outings.id, outing.id));
  });
  return getOutingJson(db, auth, id);
}

/**
 * PUT /api/outing/cancel/{id}: its guide (also once their benefits are blocked) or an admin. An admin's
 * cancel is logged in the same transaction. Returns the outing and the event for the after-commit hook
 * (`OutingEvents.emitCancelled`: the participants' "outing cancelled" e-mail).
 */
export async function cancelOuting(db: Db, auth: AuthUser, id: string): Promise<{ outing: Outing; event: OutingCancelledEvent }> {
  const participantIds = await db.transaction(async (tx) => {
    const outing = await lockVisibleOuting(tx, auth, id);
    const isGuide = outing.idGuide === auth.id;
    if (!canManageOuting({ id_guide: outing.idGuide }, auth)) throw forbidden();
    if (outing.status === 'cancelada') throw conflict(MSG.outingAlreadyCancelled);
    await tx.update(outings).set({ status: 'cancelada', updatedAt: sql`now()` }).where(eq(outings.id, outing.id));
    if (!isGuide) {
      await recordAdminAction(tx, { adminId: auth.id, action: 'cancel_outing', targetType: 'outing', targetId: outing.id });
    }
    const rows = await tx.select({ id: outingParticipants.idUser }).from(outingParticipants).where(eq(outingParticipants.idOuting, outing.id));
    return rows.map((r) => r.id);
  });
  const outing = await getOutingJson(db, auth, id);
  const { participants: _participants, ...withoutParticipants } = outing;
  return { outing, event: { outing: withoutParticipants, participantIds, cancelledBy: { id: auth.id, role: auth.role } } };
}
