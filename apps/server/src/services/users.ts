import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  ADMIN_TRANSITIONS,
  AdminUserUpdateSchema,
  APPLICATION_STATUSES,
  fieldsFromIssues,
  GuideApplicationSchema,
  MSG,
  TRANSITION_ACTION,
  transitionFor,
  transitionRefusal,
  type Admin,
  type PasswordUpdate,
  type SelfUpdate,
  type Status,
  type User,
  type UserUpdate2,
} from '@sendero/contract';
import { users, type UserRow } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';
import { badRequest, conflict, forbidden, notFound } from '@/errors.js';
import type { AuthUser } from '@/services/caller.js';
import { recordAdminAction } from './admin-actions.js';
import { findUserById, issueToken } from './auth.js';
import { hashPassword } from './passwords.js';
import type { TokenService } from './tokens.js';
import { assertOwnUploads } from './uploads-registry.js';
import { toAdminJson, toUserJson } from './user-json.js';

/** GET /api/user/{id}: the user themself or an admin; anyone else gets the same 404 as an unknown id. */
export async function getUser(db: Db, caller: AuthUser, id: string): Promise<User> {
  if (caller.id !== id && caller.role !== 'admin') throw notFound(MSG.userNotFound);
  const row = await findUserById(db, id);
  if (!row) throw notFound(MSG.userNotFound);
  return toUserJson(row);
}

/** GET /api/users: every non-admin user, newest first, optionally with one status. */
export async function listUsers(db: Db, filter: { status?: Status }): Promise<User[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(ne(users.role, 'admin'), filter.status ? eq(users.status, filter.status) : undefined))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toUserJson);
}

/** GET /api/users/requests: users who applied to be guides, newest application first. */
export async function listGuideRequests(db: Db): Promise<User[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(ne(users.role, 'admin'), inArray(users.status, [...APPLICATION_STATUSES])))
    .orderBy(sql`${users.appliedAt} desc nulls last`, desc(users.createdAt), desc(users.id));
  return rows.map(toUserJson);
}

/** GET /api/admin/{id}: an administrator reads their own record. */
export async function getAdmin(db: Db, caller: AuthUser, id: string): Promise<Admin> {
  if (caller.id !== id) throw notFound(MSG.userNotFound);
  const row = await findUserById(db, id);
  if (!row || row.role !== 'admin') throw notFound(MSG.userNotFound);
  return toAdminJson(row);
}

/** A profile photo: "" removes it; anything else must be an upload of this server. */
async function checkPhoto(db: Db | Tx, userId: string, photoUrl: string | undefined): Promise<void> {
  if (photoUrl === undefined || photoUrl === '') return;
  // The photo the profile already shows may be sent again (whole-object clients); any other must be theirs.
  const [current] = await db.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, userId)).limit(1);
  await assertOwnUploads(db, [photoUrl], 'photo_url', userId, current ? [current.photoUrl] : []);
}

/**
 * PUT /api/user/update1/{id}: the user changes their password (and optionally the photo). The token
 * version is bumped, so every earlier token stops working; the answer carries a fresh one.
 */
export async function changePassword(
  db: Db,
  tokens: TokenService,
  caller: AuthUser,
  id: string,
  input: PasswordUpdate,
): Promise<{ user: User; token: string }> {
  if (caller.id !== id) throw forbidden();
  await checkPhoto(db, caller.id, input.photo_url);
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
      ...(input.photo_url !== undefined ? { photoUrl: input.photo_url } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw notFound(MSG.userNotFound);
  return { user: toUserJson(row), token: await issueToken(tokens, row) };
}

const APPLICATION_FIELDS = ['instagram', 'facebook', 'linkedin', 'other1', 'other2', 'other3', 'about_you'] as const;

/** PUT /api/user/update2/{id}: the user's own photo and guide application, or an admin's transition. */
export async function updateUser(db: Db, caller: AuthUser, id: string, input: UserUpdate2): Promise<User> {
  if (caller.id === id) return updateSelf(db, caller, id, input);
  if (caller.role === 'admin') return applyAdminTransition(db, caller, id, input);
  throw forbidden();
}

async function updateSelf(db: Db, caller: AuthUser, id: string, input: SelfUpdate): Promise<User> {
  // Echoing one's current role is harmless (the original client sent whole objects); changing it never is.
  if (input.role !== undefined && input.role !== caller.role) throw forbidden();
  const applying = input.status !== undefined || APPLICATION_FIELDS.some((f) => input[f] !== undefined);
  if (input.status !== undefined && input.status !== 'Enviado') throw forbidden();

  const changes: Partial<typeof users.$inferInsert> = {};
  if (applying) {
    if (caller.role !== 'user') throw forbidden(MSG.guideOnlyUsers);
    const { status: _status, role: _role, photo_url: _photo, ...fields } = input;
    const parsed = GuideApplicationSchema.safeParse(fields, { error: () => MSG.validation });
    if (!parsed.success) throw badRequest(MSG.validation, fieldsFromIssues(parsed.error.issues));
    if (input.status === undefined) throw badRequest(MSG.validation, { status: MSG.validation });
    const app = parsed.data;
    Object.assign(changes, {
      instagram: app.instagram,
      facebook: app.facebook,
      linkedin: app.linkedin,
      other1: app.other1 ?? '',
      other2: app.other2 ?? '',
      other3: app.other3 ?? '',
      aboutYou: app.about_you,
      status: 'Enviado' as const,
      appliedAt: new Date(),
    });
  }
  if (input.photo_url !== undefined) {
    await checkPhoto(db, caller.id, input.photo_url);
    changes.photoUrl = input.photo_url;
  }
  if (input.email_notifications !== undefined) changes.emailNotifications = input.email_notifications;

  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw notFound(MSG.userNotFound);
    // The role may have changed since the request was authenticated (an approval in between).
    if (applying && current.role !== 'user') throw forbidden(MSG.guideOnlyUsers);
    if (Object.keys(changes).length === 0) return current;
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return updated!;
  });
  return toUserJson(row);
}

async function applyAdminTransition(db: Db, admin: AuthUser, id: string, input: SelfUpdate): Promise<User> {
  const parsed = AdminUserUpdateSchema.safeParse(input, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? MSG.unknownField : MSG.validation),
  });
  if (!parsed.success) throw badRequest(MSG.validation, fieldsFromIssues(parsed.error.issues));
  const transition = transitionFor(parsed.data.status, parsed.data.role);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw notFound(MSG.userNotFound);
    if (current.role === 'admin') throw conflict(MSG.adminTargetNotAllowed);
    // Nobody becomes an administrator, and only the three transitions exist.
    if (!transition) throw conflict(MSG.transitionInvalid);
    const why = transitionRefusal(transition, current.status);
    if (why) throw conflict(why);
    const { status, role } = ADMIN_TRANSITIONS[transition];
    const [updated] = await tx
      .update(users)
      .set({ status, role, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await recordAdminAction(tx, { adminId: admin.id, action: TRANSITION_ACTION[transition], targetType: 'user', targetId: id });
    return toUserJson(updated as UserRow);
  });
}
