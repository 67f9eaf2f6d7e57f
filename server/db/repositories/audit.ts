/**
 * The admin audit trail. Every admin action that changes something writes exactly one
 * row, inside the same transaction as the change, so the log and the data never disagree.
 * Names are copied, not joined: an entry outlives the user (or admin) it names.
 */
import { desc, eq } from 'drizzle-orm';
import type { AdminActionType } from '../../../contract/admin';
import type { Queryable } from '../client';
import { adminActions, admins } from '../schema';

type AdminRow = typeof admins.$inferSelect;
export type ActionRow = typeof adminActions.$inferSelect;

export interface AuditEntry {
  admin: Pick<AdminRow, 'id' | 'username'>;
  actionType: AdminActionType;
  /** The user acted on, if any; the display name is kept even after they are deleted. */
  target?: { userId: string | null; displayName: string };
  reason?: string | null;
  details?: Record<string, unknown>;
  at: Date;
}

export async function recordAdminAction(db: Queryable, e: AuditEntry): Promise<void> {
  await db.insert(adminActions).values({
    adminId: e.admin.id,
    adminUsername: e.admin.username,
    actionType: e.actionType,
    targetUserId: e.target?.userId ?? null,
    targetDisplayName: e.target?.displayName ?? null,
    reason: e.reason ?? null,
    details: e.details ?? null,
    createdAt: e.at,
  });
}

/** Newest first; entries of the same instant fall back to id, so repeated reads agree. */
const newestFirst = [desc(adminActions.createdAt), desc(adminActions.id)] as const;

export async function actionsByAdmin(db: Queryable, adminId: string, limit: number): Promise<ActionRow[]> {
  return db.select().from(adminActions).where(eq(adminActions.adminId, adminId)).orderBy(...newestFirst).limit(limit);
}

export async function actionsOnUser(db: Queryable, userId: string, limit: number): Promise<ActionRow[]> {
  return db.select().from(adminActions).where(eq(adminActions.targetUserId, userId)).orderBy(...newestFirst).limit(limit);
}

/** A user's name as the log keeps it. */
export const displayNameOf = (u: { name: string; username: string }): string => `${u.name} (@${u.username})`;
