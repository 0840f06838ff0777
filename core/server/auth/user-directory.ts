import { eq } from 'drizzle-orm';
import type { SessionUser } from '@civic/core/common/model/user';
import { isRoleCode, type RoleCode } from '@civic/core/common/roles';
import type { DbExecutor } from '../db/database';
import { agencies, appMembers, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The identity of an account: trimmed, NFKC, lower-case. Every lookup and unique index uses it. */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

export async function findUserByEmail(db: DbExecutor, email: string): Promise<(UserRow & { agencyName: string | null }) | undefined> {
  const [row] = await db
    .select({ user: users, agencyName: agencies.name })
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row ? { ...row.user, agencyName: row.agencyName } : undefined;
}

/** The user's current roles, read on every request so a role change applies on the next one. */
export async function loadPermissions(db: DbExecutor, userId: string): Promise<Record<string, RoleCode>> {
  const rows = await db.select({ appId: appMembers.appId, role: appMembers.role }).from(appMembers).where(eq(appMembers.userId, userId));
  const permissions: Record<string, RoleCode> = {};
  for (const row of rows) if (isRoleCode(row.role)) permissions[row.appId] = row.role;
  return permissions;
}

/** The §3 User of an active account, fresh from the database; undefined when gone or inactive. */
export async function loadSessionUser(db: DbExecutor, userId: string, authLevel: 1 | 2): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ user: users, agencyName: agencies.name })
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !row.user.isActive) return undefined;
  return {
    id: row.user.id,
    email: row.user.email,
    name: row.user.name,
    isPlatformAdmin: row.user.isPlatformAdmin,
    permissions: await loadPermissions(db, userId),
    agencyName: row.agencyName ?? '',
    authLevel,
    hasResetPassword: row.user.hasResetPassword,
  };
}
