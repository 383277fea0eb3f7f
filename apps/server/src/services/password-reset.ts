import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG, PASSWORD_RESET_TTL_MS, type PasswordReset } from '@sendero/contract';
import { passwordResets, users, type UserRow } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import { badRequest, conflict, notFound } from '@/errors.js';
import type { AuthUser } from './caller.js';
import { recordAdminAction } from './admin-actions.js';
import { findUserByEmail, findUserById } from './auth.js';
import { hashPassword } from './passwords.js';

/** The web route a reset link opens. */
export const RESET_PATH = '/restablecer';

/** Only this hash is stored: the token itself exists in the link and nowhere else. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function resetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${RESET_PATH}?${new URLSearchParams({ token })}`;
}

async function issueResetToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    idUser: userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
  });
  return token;
}

/**
 * POST /api/password/forgot, after the answer was sent: for an account with that e-mail, a new
 * single-use token (the caller mails the link). Unknown e-mails and administrators get nothing, and the
 * answer to the request never depends on which case this was.
 */
export async function requestPasswordReset(db: Db, email: string): Promise<{ user: UserRow; token: string } | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  return { user, token: await issueResetToken(db, user.id) };
}

/** POST /api/admin/reset-link/{userId}: a link an administrator passes on by hand (logged). */
export async function createResetLinkFor(db: Db, admin: AuthUser, userId: string): Promise<string> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(MSG.userNotFound);
  if (user.role === 'admin') throw conflict(MSG.adminTargetNotAllowed);
  const token = await issueResetToken(db, user.id);
  await recordAdminAction(db, { adminId: admin.id, action: 'reset_link', targetType: 'user', targetId: user.id });
  return token;
}

const invalidLink = () => badRequest(MSG.resetInvalid, { token: MSG.resetInvalid });

/**
 * POST /api/password/reset: the token works once and until it expires. The new password replaces the
 * hash, the token version is bumped (every session ends) and every other open link of that user dies.
 */
export async function resetPassword(db: Db, input: PasswordReset): Promise<void> {
  const tokenHash = hashToken(input.token);
  const live = and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));
  // A cheap look first, so an invalid link costs no argon2 work.
  const [candidate] = await db.select({ id: passwordResets.id }).from(passwordResets).where(live).limit(1);
  if (!candidate) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Taking the token is the atomic step: of two concurrent resets with one link, one wins.
    const [taken] = await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(live).returning({ idUser: passwordResets.idUser });
    if (!taken) throw invalidLink();
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, taken.idUser));
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.idUser, taken.idUser), isNull(passwordResets.usedAt)));
  });
}
