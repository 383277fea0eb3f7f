import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Tables of DESIGN.md §5. Column names are snake_case, as the JSON field names. */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    photoUrl: text('photo_url').notNull().default(''),
    role: text('role', { enum: ['user', 'guide', 'admin'] }).notNull().default('user'),
    status: text('status', { enum: ['none', 'Enviado', 'Aprobado', 'Rechazado'] }).notNull().default('none'),
    instagram: text('instagram').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    linkedin: text('linkedin').notNull().default(''),
    other1: text('other1').notNull().default(''),
    other2: text('other2').notNull().default(''),
    other3: text('other3').notNull().default(''),
    aboutYou: text('about_you').notNull().default(''),
    /** Bumped on password change: tokens carry it, so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** When the current guide application was sent (for "newest application first"). */
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_status_idx').on(t.status),
    check('users_role_check', sql`${t.role} in ('user', 'guide', 'admin')`),
    check('users_status_check', sql`${t.status} in ('none', 'Enviado', 'Aprobado', 'Rechazado')`),
  ],
);

export const places = pgTable(
  'places',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idUser: uuid('id_user')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    city: text('city').notNull(),
    difficulty: text('difficulty', { enum: ['Fácil', 'Media', 'Exigente', 'Difícil'] }).notNull(),
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
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('places_verified_created_idx').on(t.verified, t.createdAt),
    index('places_id_user_idx').on(t.idUser),
    check('places_difficulty_check', sql`${t.difficulty} in ('Fácil', 'Media', 'Exigente', 'Difícil')`),
    check('places_time_check', sql`${t.timeMin} >= 0 and ${t.timeMin} <= ${t.timeMax}`),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idUser: uuid('id_user')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idPlace: uuid('id_place')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    photoUrl: text('photo_url').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ratings_user_place_idx').on(t.idUser, t.idPlace),
    index('ratings_place_created_idx').on(t.idPlace, t.createdAt),
    check('ratings_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idUser: uuid('id_user').references(() => users.id, { onDelete: 'set null' }),
    preset: text('preset', { enum: ['place', 'rating', 'user'] }).notNull(),
    /** Content hash: the stored file names derive from it. */
    key: text('key').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('uploads_url_idx').on(t.url)],
);

export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idAdmin: uuid('id_admin')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', {
      enum: ['verify', 'unverify', 'delete_place', 'approve', 'reject', 'block_guide', 'delete_rating'],
    }).notNull(),
    targetType: text('target_type', { enum: ['user', 'place', 'rating'] }).notNull(),
    /** Not a foreign key: the log outlives a deleted place or review. */
    targetId: uuid('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('admin_actions_target_idx').on(t.targetId, t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type PlaceRow = typeof places.$inferSelect;
export type RatingRow = typeof ratings.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type AdminActionRow = typeof adminActions.$inferSelect;
