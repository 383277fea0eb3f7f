import { sql } from 'drizzle-orm';
import { ACCESS_KINDS, ADMIN_ACTION_TARGETS, ADMIN_ACTIONS, DIFFICULTIES, OUTING_STATUSES, ROLES, STATUSES, TRAIL_CONDITIONS, UPLOAD_PRESETS, type TrailHazard } from '@sendero/contract';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Tables of docs/architecture.md#data. Column names are snake_case, as the JSON field names. */

/** A moment, with its time zone, read as a Date. */
const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** `created_at` / `updated_at`: the database's now() when the row is written. */
const writtenAt = (name: 'created_at' | 'updated_at') => timestampTz(name).notNull().defaultNow();
/** The surrogate key of most tables: a random UUID. */
const uuidKey = () => uuid('id').primaryKey().defaultRandom();
/** A row that belongs to another: required, and deleted with it. */
const belongsTo = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    photoUrl: text('photo_url').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    status: text('status', { enum: STATUSES }).notNull().default('none'),
    instagram: text('instagram').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    linkedin: text('linkedin').notNull().default(''),
    other1: text('other1').notNull().default(''),
    other2: text('other2').notNull().default(''),
    other3: text('other3').notNull().default(''),
    aboutYou: text('about_you').notNull().default(''),
    /** Bumped on password change: tokens carry it, so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** 'Recibir correos' on /perfil: notification e-mails (never the password-reset mail, which is asked for). */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** When the current guide application was sent (for "newest application first"). */
    appliedAt: timestampTz('applied_at'),
    createdAt: writtenAt('created_at'),
    updatedAt: writtenAt('updated_at'),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_status_idx').on(t.status),
    check('users_role_check', sql`${t.role} in ('user', 'guide', 'admin')`),
    check('users_status_check', sql`${t.status} in ('none', 'Enviado', 'Aprobado', 'Rechazado')`),
  ],
);

/** Accented letters and their plain forms, for the search columns (the contract's `normalize` in SQL). */
const ACCENTED = 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy';
function searchForm(column: string): string {
  return `btrim(lower(translate(${column}, '${ACCENTED}', '${PLAIN}')))`;
}

export const places = pgTable(
  'places',
  {
    id: uuidKey(),
    idUser: belongsTo('id_user', () => users.id),
    name: text('name').notNull(),
    city: text('city').notNull(),
    difficulty: text('difficulty', { enum: DIFFICULTIES }).notNull(),
    capacity: integer('capacity').notNull(),
    timeMin: real('time_min').notNull(),
    timeMax: real('time_max').notNull(),
    timeCity: real('time_city').notNull(),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull(),
    howToGet: text('how_to_get').notNull(),
    tips: text('tips').notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    comments: integer('comments').notNull().default(0),
    /**
     * Sum of the reviews' stars; with `comments` (their count) it gives the exact mean without reading
     * the reviews again (docs/architecture.md#worked-example: review writes move sum and count).
     */
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The trailhead, WGS84 degrees; both or neither (docs/product.md#planning). */
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    verified: boolean('verified').notNull().default(false),
    createdAt: writtenAt('created_at'),
    updatedAt: writtenAt('updated_at'),
    /**
     * A temporary closure (docs/product.md#trail-conditions): closed while `closure_note` is set and
     * `closed_until` (its last day, Lima's calendar) is null or not yet passed.
     */
    closedUntil: date('closed_until', { mode: 'string' }),
    closureNote: text('closure_note'),
    /** Access facts (docs/product.md#access-facts): null (or no months) when unknown. */
    altitudeM: integer('altitude_m'),
    feePen: numeric('fee_pen', { precision: 7, scale: 2, mode: 'number' }),
    access: text('access', { enum: ACCESS_KINDS }),
    dailyQuota: integer('daily_quota'),
    closedMonths: smallint('closed_months').array().$type<number[]>().notNull().default(sql`'{}'::smallint[]`),
    factsSource: text('facts_source'),
    /** Lima's date of the last change to a fact, or of an admin's 'Confirmar datos'; set only by the server. */
    factsCheckedOn: date('facts_checked_on', { mode: 'string' }),
    /**
     * Name and city as the search compares them (docs/product.md#catalogue): accents removed, lower case,
     * trimmed, like the contract's `normalize`; kept by the database whoever writes the row.
     */
    nameSearch: text('name_search').generatedAlwaysAs(sql.raw(searchForm('name'))),
    citySearch: text('city_search').generatedAlwaysAs(sql.raw(searchForm('city'))),
  },
  (t) => [
    index('places_verified_created_idx').on(t.verified, t.createdAt),
    check(
      'places_coordinates_check',
      sql`(${t.lat} is null and ${t.lon} is null) or (${t.lat} is not null and ${t.lon} is not null and ${t.lat} between -90 and 90 and ${t.lon} between -180 and 180)`,
    ),
    index('places_id_user_idx').on(t.idUser),
    check('places_difficulty_check', sql`${t.difficulty} in ('Fácil', 'Media', 'Exigente', 'Difícil')`),
    check('places_time_check', sql`${t.timeMin} >= 0 and ${t.timeMin} <= ${t.timeMax}`),
    check('places_access_check', sql`${t.access} is null or ${t.access} in ('libre', 'boleto', 'boleto_en_linea', 'con_guia', 'solo_agencia', 'permiso_con_cupo')`),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: uuidKey(),
    idUser: belongsTo('id_user', () => users.id),
    idPlace: belongsTo('id_place', () => places.id),
    photoUrl: text('photo_url').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: writtenAt('created_at'),
    /** docs/product.md#trail-conditions: the day walked (Lima), the state of the path, what was in the way. */
    walkedOn: date('walked_on', { mode: 'string' }),
    condition: text('condition', { enum: TRAIL_CONDITIONS }),
    hazards: text('hazards').array().$type<TrailHazard[]>().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('ratings_user_place_idx').on(t.idUser, t.idPlace),
    index('ratings_place_created_idx').on(t.idPlace, t.createdAt),
    check('ratings_rating_check', sql`${t.rating} between 1 and 5`),
    check('ratings_condition_check', sql`${t.condition} is null or ${t.condition} in ('despejado', 'obstaculos', 'peligroso', 'cerrado')`),
    // The admins' queue 'Reportes del sendero', newest first.
    index('ratings_alarming_created_idx').on(t.createdAt).where(sql`${t.condition} in ('peligroso', 'cerrado')`),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: uuidKey(),
    idUser: uuid('id_user').references(() => users.id, { onDelete: 'set null' }),
    preset: text('preset', { enum: UPLOAD_PRESETS }).notNull(),
    /** Content hash: the stored file names derive from it. */
    key: text('key').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('uploads_url_idx').on(t.url)],
);

export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuidKey(),
    idAdmin: belongsTo('id_admin', () => users.id),
    action: text('action', {
      enum: ADMIN_ACTIONS,
    }).notNull(),
    targetType: text('target_type', { enum: ADMIN_ACTION_TARGETS }).notNull(),
    /** Not a foreign key: the log outlives a deleted place or review. */
    targetId: uuid('target_id').notNull(),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('admin_actions_target_idx').on(t.targetId, t.createdAt)],
);

/** A user's saved destinations (docs/product.md#saved): one row per (user, place), gone with either. */
export const savedPlaces = pgTable(
  'saved_places',
  {
    idUser: belongsTo('id_user', () => users.id),
    idPlace: belongsTo('id_place', () => places.id),
    createdAt: writtenAt('created_at'),
  },
  (t) => [
    primaryKey({ name: 'saved_places_pkey', columns: [t.idUser, t.idPlace] }),
    index('saved_places_user_created_idx').on(t.idUser, t.createdAt),
    index('saved_places_place_idx').on(t.idPlace),
  ],
);

/**
 * Password-reset links: only the SHA-256 of the token is stored, so a leaked table cannot be used to
 * reset anything. A row works once (`used_at`) and until `expires_at`.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuidKey(),
    idUser: belongsTo('id_user', () => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: writtenAt('created_at'),
  },
  (t) => [uniqueIndex('password_resets_token_hash_idx').on(t.tokenHash), index('password_resets_user_idx').on(t.idUser)],
);

/** Group outings (docs/product.md#outings): `taken` is kept equal to the participant rows under a row lock. */
export const outings = pgTable(
  'outings',
  {
    id: uuidKey(),
    idPlace: belongsTo('id_place', () => places.id),
    idGuide: belongsTo('id_guide', () => users.id),
    startsAt: timestampTz('starts_at').notNull(),
    meetingPoint: text('meeting_point').notNull(),
    description: text('description').notNull().default(''),
    spots: integer('spots').notNull(),
    taken: integer('taken').notNull().default(0),
    status: text('status', { enum: OUTING_STATUSES }).notNull().default('abierta'),
    createdAt: writtenAt('created_at'),
    updatedAt: writtenAt('updated_at'),
  },
  (t) => [
    index('outings_place_starts_idx').on(t.idPlace, t.startsAt),
    index('outings_guide_starts_idx').on(t.idGuide, t.startsAt),
    check('outings_spots_check', sql`${t.spots} >= 1`),
    check('outings_taken_check', sql`${t.taken} >= 0 and ${t.taken} <= ${t.spots}`),
    check('outings_status_check', sql`${t.status} in ('abierta', 'cancelada')`),
  ],
);

export const outingParticipants = pgTable(
  'outing_participants',
  {
    id: uuidKey(),
    idOuting: belongsTo('id_outing', () => outings.id),
    idUser: belongsTo('id_user', () => users.id),
    createdAt: writtenAt('created_at'),
  },
  (t) => [uniqueIndex('outing_participants_outing_user_idx').on(t.idOuting, t.idUser), index('outing_participants_user_idx').on(t.idUser)],
);

/** PostgreSQL `bytea` as a Buffer (node-postgres and PGlite both hand back bytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The distinct words of the names of verified places, normalised as the contract's `placeNameWords`
 * cuts them, with a spelling as written and how many verified places have each: what a suggestion may
 * offer (docs/product.md#did-you-mean). Kept by triggers on `places` (drizzle/0009_place_words.sql),
 * whoever writes; read through a trigram index on `word`.
 */
export const placeWords = pgTable('place_words', {
  word: text('word').primaryKey(),
  display: text('display').notNull(),
  places: integer('places').notNull(),
});

/**
 * Uploaded files when STORAGE=database (docs/decisions/002-uploads-in-postgresql-or-local-files.md): one row per
 * storage key (content-hash names such as `<sha256>-800.webp`), so every process and machine serves them.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: writtenAt('created_at'),
});

/**
 * A place's route track (docs/product.md#tracks, docs/decisions/044-route-tracks.md): the normalised
 * points (longitude, latitude, elevation: never times, names or extensions), packed 12 bytes a point
 * (tracks/parse-track.ts `packPoints`) in segments of `segment_lengths` points; the summary the server
 * computed from them; the map's line and the profile as the JSON text GET /api/place/{id}/track sends.
 * One per place, deleted with it.
 */
export const placeTracks = pgTable(
  'place_tracks',
  {
    idPlace: uuid('id_place')
      .primaryKey()
      .references(() => places.id, { onDelete: 'cascade' }),
    segmentLengths: integer('segment_lengths').array().notNull(),
    points: bytea('points').notNull(),
    pointCount: integer('point_count').notNull(),
    distanceM: integer('distance_m').notNull(),
    ascentM: integer('ascent_m'),
    descentM: integer('descent_m'),
    minEleM: integer('min_ele_m'),
    maxEleM: integer('max_ele_m'),
    durationMin: integer('duration_min').notNull(),
    lineJson: text('line_json').notNull(),
    profileJson: text('profile_json').notNull(),
    updatedAt: writtenAt('updated_at'),
  },
  (t) => [
    check('place_tracks_points_check', sql`${t.pointCount} >= 2 and ${t.pointCount} <= 200000 and octet_length(${t.points}) = 12 * ${t.pointCount}`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type PlaceRow = typeof places.$inferSelect;
export type RatingRow = typeof ratings.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type PlaceTrackRow = typeof placeTracks.$inferSelect;
export type AdminActionRow = typeof adminActions.$inferSelect;
export type OutingRow = typeof outings.$inferSelect;
export type OutingParticipantRow = typeof outingParticipants.$inferSelect;
