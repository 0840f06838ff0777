import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { CONSOLE_NAME } from '@civic/core/common/constants';
import { isAllowedEmailDomain } from '@civic/core/common/identity/email-domain';
import { Messages } from '@civic/core/common/messages';
import type { AdminUser } from '@civic/core/common/model/admin-user';
import type { RoleCode } from '@civic/core/common/roles';
import type { Identity } from '../auth/identity';
import { hashPassword } from '../auth/password-hasher';
import { mailAddedToApp, mailInvitation, mailResetLink } from '../auth/account-links';
import type { Invitation } from '../mail/mail-templates';
import { revokeUserSessions } from '../auth/session-store';
import { loadPermissions, normaliseEmail } from '../auth/user-directory';
import type { DbExecutor } from '../db/database';
import { agencies, appMembers, apps, users } from '../db/schema';
import { HttpError } from '../http/http-error';

export type { AdminUser };

export interface AdminUserQuery {
  search?: string;
  pageSize: number;
  pageNum: number;
}

/**
 * Account administration for the users plugin. Plugins never read credential tables themselves:
 * this service is what `api.users` gives the plugin's routes (the calls run in the request's
 * transaction, so they are audited with it).
 */
export class UserAdmin {
  constructor(private readonly identity: Identity) {}

  async list(db: DbExecutor, query: AdminUserQuery, now: Date): Promise<{ items: AdminUser[]; total: number }> {
    const term = query.search?.trim();
    const where: SQL | undefined = term ? or(ilike(users.email, `%${escapeLike(term)}%`), ilike(users.name, `%${escapeLike(term)}%`)) : undefined;
    const [{ total }] = await db.select({ total: count() }).from(users).where(where);
    const rows = await db
      .select({ user: users, agency: agencies.name })
      .from(users)
      .leftJoin(agencies, eq(agencies.id, users.agencyId))
      .where(where)
      .orderBy(asc(users.email))
      .limit(query.pageSize)
      .offset(query.pageNum * query.pageSize);
    const locked = await this.identity.failures.lockedEmails(db, rows.map((r) => r.user.email), now);
    const ids = rows.map((r) => r.user.id);
    const memberships = ids.length ? await db.select().from(appMembers).where(inArray(appMembers.userId, ids)) : [];
    const items = rows.map(({ user, agency }) => {
      const roles: Record<string, RoleCode> = {};
      for (const m of memberships) if (m.userId === user.id) roles[m.appId] = m.role;
      return toAdminUser(user, agency, roles, locked.has(user.email));
    });
    return { items, total };
  }

  /** How many accounts belong to the agency (an agency in use cannot be deleted). */
  async countInAgency(db: DbExecutor, agencyId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(users).where(eq(users.agencyId, agencyId));
    return Number(row.n);
  }

  /** Moves every account of one agency to another (merging agencies); the number moved. */
  async moveAgency(db: DbExecutor, fromAgencyId: string, toAgencyId: string, now: Date): Promise<number> {
    const moved = await db.update(users).set({ agencyId: toAgencyId, updatedAt: now }).where(eq(users.agencyId, fromAgencyId)).returning({ id: users.id });
    return moved.length;
  }

  async get(db: DbExecutor, userId: string, now: Date): Promise<AdminUser> {
    assertUserId(userId);
    const [row] = await db.select({ user: users, agency: agencies.name }).from(users).leftJoin(agencies, eq(agencies.id, users.agencyId)).where(eq(users.id, userId)).limit(1);
    if (!row) throw HttpError.notFound();
    const locked = await this.identity.failures.lockedEmails(db, [row.user.email], now);
    return toAdminUser(row.user, row.agency, await loadPermissions(db, userId), locked.has(row.user.email));
  }

  /**
   * Invites a user: inactive until they prove the mailbox. With an initial password they get an
   * activation link and must change that password at first sign-in (hasResetPassword false);
   * without one they get a set-password link, which activates them too.
   */
  async invite(db: DbExecutor, input: { email: string; name: string; isPlatformAdmin?: boolean; password?: string }, now: Date, invitation?: Invitation): Promise<AdminUser> {
    const email = normaliseEmail(input.email);
    if (!isAllowedEmailDomain(email, this.identity.config.profile.allowedEmailDomains)) {
      throw HttpError.invalid([Messages.emailDomainNotAllowed], { email: [Messages.emailDomainNotAllowed] });
    }
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) throw HttpError.conflict(Messages.emailExists);
    const [created] = await db
      .insert(users)
      .values({
        email,
        name: input.name.trim(),
        passwordHash: input.password ? await hashPassword(input.password) : null,
        isPlatformAdmin: input.isPlatformAdmin ?? false,
        isActive: false,
        hasResetPassword: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id, email: users.email });
    await mailInvitation(this.identity, db, created, invitation ?? { inviterName: `An administrator of ${CONSOLE_NAME}` }, !input.password, now);
    return this.get(db, created.id, now);
  }

  /** Tells an existing account that it was added to an app's team (the team plugin, after setRoles). */
  notifyAddedToApp(user: { email: string }, added: { inviterName: string; appName: string; roleName: string }): void {
    mailAddedToApp(this.identity, user, added);
  }

  async update(db: DbExecutor, actorId: string, userId: string, patch: { name?: string; isPlatformAdmin?: boolean; locked?: boolean }, now: Date): Promise<AdminUser> {
    assertUserId(userId);
    if (actorId === userId && (patch.isPlatformAdmin === false || patch.locked === true)) {
      throw HttpError.invalid([Messages.cannotChangeOwnAdmin]);
    }
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw HttpError.notFound();
    await db
      .update(users)
      .set({
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.isPlatformAdmin !== undefined ? { isPlatformAdmin: patch.isPlatformAdmin } : {}),
        ...(patch.locked !== undefined ? { isLocked: patch.locked } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    if (patch.locked === true) await revokeUserSessions(db, userId, now);
    // Unlocking also lifts a failed-sign-in lock: the admin has decided.
    if (patch.locked === false) await this.identity.failures.reset(db, row.email);
    return this.get(db, userId, now);
  }

  /** Mails a reset link and ends the user's sessions. */
  async resetPassword(db: DbExecutor, userId: string, now: Date): Promise<AdminUser> {
    assertUserId(userId);
    const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw HttpError.notFound();
    await mailResetLink(this.identity, db, row, now);
    await revokeUserSessions(db, userId, now);
    return this.get(db, userId, now);
  }

  /** appId → role ('0' | '1' | '2'), or null to remove; other apps are left alone. */
  async setRoles(db: DbExecutor, userId: string, roles: Record<string, RoleCode | null>, now: Date): Promise<AdminUser> {
    assertUserId(userId);
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw HttpError.notFound();
    const appIds = Object.keys(roles);
    const known = appIds.length ? await db.select({ appId: apps.appId }).from(apps).where(inArray(apps.appId, appIds)) : [];
    const unknown = appIds.filter((id) => !known.some((k) => k.appId === id));
    if (unknown.length > 0) throw HttpError.invalid([`Unknown app: ${unknown.join(', ')}`]);
    for (const [appId, role] of Object.entries(roles)) {
      const pair = and(eq(appMembers.userId, userId), eq(appMembers.appId, appId));
      if (role === null) {
        await db.delete(appMembers).where(pair);
      } else {
        await db.insert(appMembers).values({ appId, userId, role, createdAt: now }).onConflictDoUpdate({ target: [appMembers.appId, appMembers.userId], set: { role } });
      }
    }
    return this.get(db, userId, now);
  }
}

function toAdminUser(user: typeof users.$inferSelect, agency: string | null, roles: Record<string, RoleCode>, failureLocked: boolean): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    agency,
    isPlatformAdmin: user.isPlatformAdmin,
    isActive: user.isActive,
    isLocked: user.isLocked || failureLocked,
    hasTotp: user.totpEnabledAt !== null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    roles,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID names no user: 404, not a database error. */
function assertUserId(userId: string): void {
  if (!UUID.test(userId)) throw HttpError.notFound();
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
