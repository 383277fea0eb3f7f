import { desc, eq, inArray, or } from 'drizzle-orm';
import type { AdminAction, AdminActionKind } from '@sendero/contract';
import { shortName } from '@sendero/contract';
import { adminActions, outings, users } from '@/db/schema.js';
import type { Db, Tx } from '@/db/types.js';

export interface AdminActionInput {
  adminId: string;
  action: AdminActionKind;
  targetType: 'user' | 'place' | 'rating' | 'outing';
  targetId: string;
}

/** Records one moderation step. Call it inside the transaction that makes the change. */
export async function recordAdminAction(tx: Db | Tx, input: AdminActionInput): Promise<void> {
  await tx.insert(adminActions).values({
    idAdmin: input.adminId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
  });
}

/**
 * GET /api/admin/actions?target={id}: the log of one user, place, review or outing, newest first. A
 * place's log also lists what was done to its outings (an admin's cancel), so it shows on its page.
 */
export async function listAdminActions(db: Db, targetId: string): Promise<AdminAction[]> {
  const rows = await db
    .select({
      id: adminActions.id,
      action: adminActions.action,
      targetType: adminActions.targetType,
      targetId: adminActions.targetId,
      createdAt: adminActions.createdAt,
      adminId: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(adminActions)
    .innerJoin(users, eq(users.id, adminActions.idAdmin))
    .where(
      or(
        eq(adminActions.targetId, targetId),
        inArray(adminActions.targetId, db.select({ id: outings.id }).from(outings).where(eq(outings.idPlace, targetId))),
      ),
    )
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id));
  return rows.map((r) => ({
    _id: r.id,
    admin: { _id: r.adminId, name: shortName(r.firstname, r.lastname) },
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    created_at: r.createdAt.toISOString(),
  }));
}
