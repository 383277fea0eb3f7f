import { eq, sql } from 'drizzle-orm';
import { canEditPlace, canSeePlace, MSG, TRACK_MSG, type Deleted, type TrackSummary } from '@sendero/contract';
import { places, placeTracks } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';
import { forbidden, notFound } from '@/errors.js';
import { makeCachedBody, type CachedBody } from '@/http/cached-body.js';
import type { AuthUser } from '@/services/caller.js';
import { gpxChunks, type ReadTrack } from '@/tracks/track-codec.js';
import { getVisiblePlaceRow, isUuid, ownership } from './places.js';
import { placeChanged } from './place-changes-hub.js';
import { summaryOf, type SummaryColumns } from './track-summary.js';

/**
 * Route tracks (docs/product.md#tracks, docs/decisions/044-route-tracks.md): stored, replaced, removed
 * by the place's creator or an admin; read by whoever may see the place. The file itself is never
 * kept: only what tracks/parse-track.ts made of it.
 */

const summaryColumns = {
  distanceM: placeTracks.distanceM,
  ascentM: placeTracks.ascentM,
  descentM: placeTracks.descentM,
  minEleM: placeTracks.minEleM,
  maxEleM: placeTracks.maxEleM,
  durationMin: placeTracks.durationMin,
  pointCount: placeTracks.pointCount,
  updatedAt: placeTracks.updatedAt,
};

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/** 404 for a place the caller may not see, 403 for one they see and may not edit. */
async function editablePlaceId(db: Db | Tx, auth: AuthUser, placeId: string, opts: { forUpdate?: boolean } = {}): Promise<string> {
  const row = await getVisiblePlaceRow(db, placeId, auth, opts);
  if (!canEditPlace(ownership(row), auth)) throw forbidden();
  return row.id;
}

/** Checked before an upload's body is read: a stranger's file costs no disk and no parsing. */
export async function assertCanEditTrack(db: Db, auth: AuthUser, placeId: string): Promise<void> {
  await editablePlaceId(db, auth, placeId);
}

/** The columns of a read track (its place aside); also the seed's (seed/index.ts). */
export function trackRowValues(track: ReadTrack) {
  return {
    segmentLengths: track.segmentLengths,
    // As base64 text decoded by the database: PGlite encodes a bytea parameter byte by byte on the
    // event loop (seconds for a large track), a string it copies at once.
    points: sql`decode(${Buffer.from(track.points.buffer, track.points.byteOffset, track.points.byteLength).toString('base64')}, 'base64')`,
    pointCount: track.summary.points,
    distanceM: track.summary.distance_m,
    ascentM: track.summary.ascent_m,
    descentM: track.summary.descent_m,
    minEleM: track.summary.min_ele_m,
    maxEleM: track.summary.max_ele_m,
    durationMin: track.summary.duration_min,
    lineJson: track.lineJson,
    profileJson: track.profileJson,
  };
}

/** Stores a read track for the place (replacing an earlier one); answers its summary. */
export async function saveTrack(db: Db, auth: AuthUser, placeId: string, track: ReadTrack): Promise<TrackSummary> {
  const columns = trackRowValues(track);
  const { id, saved } = await db.transaction(async (tx) => {
    const id = await editablePlaceId(tx, auth, placeId, { forUpdate: true });
    const [saved] = await tx
      .insert(placeTracks)
      .values({ idPlace: id, ...columns })
      .onConflictDoUpdate({
        target: placeTracks.idPlace,
        // The row proposed (`excluded`): the points are sent once.
        set: {
          segmentLengths: excluded('segment_lengths'),
          points: excluded('points'),
          pointCount: excluded('point_count'),
          distanceM: excluded('distance_m'),
          ascentM: excluded('ascent_m'),
          descentM: excluded('descent_m'),
          minEleM: excluded('min_ele_m'),
          maxEleM: excluded('max_ele_m'),
          durationMin: excluded('duration_min'),
          lineJson: excluded('line_json'),
          profileJson: excluded('profile_json'),
          updatedAt: sql`now()`,
        },
      })
      .returning(summaryColumns);
    // The place changed as its page shows it: its updated_at moves (and, on PostgreSQL, other processes hear of it).
    await tx.update(places).set({ updatedAt: sql`now()` }).where(eq(places.id, id));
    return { id, saved: saved! };
  });
  placeChanged(db, id);
  return summaryOf(saved);
}

/** Removes the place's track: 404 when it has none. */
export async function deleteTrack(db: Db, auth: AuthUser, placeId: string): Promise<Deleted> {
  const id = await db.transaction(async (tx) => {
    const id = await editablePlaceId(tx, auth, placeId, { forUpdate: true });
    const gone = await tx.delete(placeTracks).where(eq(placeTracks.idPlace, id)).returning({ id: placeTracks.idPlace });
    if (gone.length === 0) throw notFound(TRACK_MSG.notFound);
    await tx.update(places).set({ updatedAt: sql`now()` }).where(eq(places.id, id));
    return id;
  });
  placeChanged(db, id);
  return { _id: id, deleted: true };
}

/** The place's columns a track read needs, with the track's (never its points). */
async function visibleTrackRow(db: Db, auth: AuthUser | null, placeId: string) {
  if (!isUuid(placeId)) throw notFound(MSG.placeNotFound);
  const [row] = await db
    .select({ verified: places.verified, idUser: places.idUser, name: places.name, hasTrack: placeTracks.idPlace, ...summaryColumns, lineJson: placeTracks.lineJson, profileJson: placeTracks.profileJson })
    .from(places)
    .leftJoin(placeTracks, eq(placeTracks.idPlace, places.id))
    .where(eq(places.id, placeId))
    .limit(1);
  if (!row || !canSeePlace(ownership(row), auth)) throw notFound(MSG.placeNotFound);
  if (row.hasTrack === null) throw notFound(TRACK_MSG.notFound);
  return row as typeof row & SummaryColumns & { lineJson: string; profileJson: string };
}

/**
 * GET /api/place/{id}/track: `{summary, line, profile}` as bytes with an ETag. The line and the profile
 * were made when the file was read and are stored as the JSON text sent here: nothing is parsed per request.
 */
export async function getTrackBody(db: Db, auth: AuthUser | null, placeId: string): Promise<CachedBody> {
  const row = await visibleTrackRow(db, auth, placeId);
  const body = `{"summary":${JSON.stringify(summaryOf(row))},"line":${row.lineJson},"profile":${row.profileJson}}`;
  return makeCachedBody(Buffer.from(body));
}

/** GET /api/place/{id}/track.gpx: the place's name and the GPX written piece by piece. */
export async function getTrackGpx(db: Db, auth: AuthUser | null, placeId: string): Promise<{ name: string; chunks: Generator<string> }> {
  if (!isUuid(placeId)) throw notFound(MSG.placeNotFound);
  const [row] = await db
    // As base64 text: PGlite hands back a large bytea byte by byte on the event loop, a string at once.
    .select({ verified: places.verified, idUser: places.idUser, name: places.name, segmentLengths: placeTracks.segmentLengths, points: sql<string | null>`encode(${placeTracks.points}, 'base64')` })
    .from(places)
    .leftJoin(placeTracks, eq(placeTracks.idPlace, places.id))
    .where(eq(places.id, placeId))
    .limit(1);
  if (!row || !canSeePlace(ownership(row), auth)) throw notFound(MSG.placeNotFound);
  if (row.points === null || row.segmentLengths === null) throw notFound(TRACK_MSG.notFound);
  return { name: row.name, chunks: gpxChunks(row.name, Buffer.from(row.points, 'base64'), row.segmentLengths) };
}
