import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@civic/core/common/model/user';
import { isRoleCode, type RoleCode } from '@civic/core/common/roles';
import type { DbExecutor } from '../db/database';
import { agencies, appMembers, sessions, users } from '../db/schema';

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

/** The user's roles as one JSON object, computed in the same query as the account (one round trip). */
const permissionsColumn = sql<Record<string, string> | null>`(select json_object_agg(${appMembers.appId}, ${appMembers.role}) from ${appMembers} where ${appMembers.userId} = ${users.id})`;

function toSessionUser(user: UserRow, agencyName: string | null, permissions: Record<string, string> | null, authLevel: 1 | 2): SessionUser {
  const roles: Record<string, RoleCode> = {};
  for (const [appId, role] of Object.entries(permissions ?? {})) if (isRoleCode(role)) roles[appId] = role;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isPlatformAdmin: user.isPlatformAdmin,
    permissions: roles,
    agencyName: agencyName ?? '',
    authLevel,
    hasResetPassword: user.hasResetPassword,
  };
}

/** The §3 User of an active account, fresh from the database; undefined when gone or inactive. */
export async function loadSessionUser(db: DbExecutor, userId: string, authLevel: 1 | 2): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ user: users, agencyName: agencies.name, permissions: permissionsColumn })
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !row.user.isActive) return undefined;
  return toSessionUser(row.user, row.agencyName, row.permissions, authLevel);
}

export type SessionRow = typeof sessions.$inferSelect;

/**
 * What every authenticated request needs — the session row and the account as it is now, with its
 * current roles — in one query: the request path is latency-bound on the database round trips.
 */
export async function loadSessionAndUser(
  db: DbExecutor,
  sessionId: string,
  authLevel: 1 | 2,
): Promise<{ session: SessionRow; user: SessionUser | undefined; totpEnabled: boolean } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users, agencyName: agencies.name, permissions: permissionsColumn })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) return undefined;
  return {
    session: row.session,
    user: row.user.isActive ? toSessionUser(row.user, row.agencyName, row.permissions, authLevel) : undefined,
    totpEnabled: row.user.totpEnabledAt !== null,
  };
}
