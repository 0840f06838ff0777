import {
  auditDiff,
  and,
  appMembers,
  assertWithinTierLimit,
  count,
  eq,
  HttpError,
  tierLimitOf,
  type DbExecutor,
  type RouteAdder,
  type UserAdmin,
} from '@civic/sdk/server';
import { Role, RoleName, type RoleCode } from '@civic/sdk/common/model';
import { isAllowedEmailDomain, normaliseEmailAddress } from '@civic/sdk/common/validators';
import { TeamApi, type TeamList, type TeamMember } from '../common/api';
import { TeamMessages } from '../common/messages';
import { canManageTeam, canViewTeam } from '../common/permissions';
import { ChangeRoleDto, InviteMemberDto } from '../common/team.dto';

async function listMembers(db: DbExecutor, users: UserAdmin, appId: string, now: Date): Promise<TeamMember[]> {
  const rows = await db.select({ userId: appMembers.userId, role: appMembers.role }).from(appMembers).where(eq(appMembers.appId, appId));
  const members: TeamMember[] = [];
  for (const row of rows) {
    const user = await users.get(db, row.userId, now);
    members.push({ userId: user.id, name: user.name, email: user.email, role: row.role, isActive: user.isActive });
  }
  return members.sort((a, b) => Number(b.role) - Number(a.role) || a.email.localeCompare(b.email));
}

async function memberRole(db: DbExecutor, appId: string, userId: string): Promise<RoleCode | undefined> {
  const [row] = await db
    .select({ role: appMembers.role })
    .from(appMembers)
    .where(and(eq(appMembers.appId, appId), eq(appMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

/** Refuses to take away the app's last admin (demote or remove). */
async function assertNotLastAdmin(db: DbExecutor, appId: string): Promise<void> {
  const [{ admins }] = await db
    .select({ admins: count() })
    .from(appMembers)
    .where(and(eq(appMembers.appId, appId), eq(appMembers.role, Role.ADMIN)));
  if (admins <= 1) throw HttpError.invalid([TeamMessages.lastAdmin]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /api/v1/apps/{appId}/team: members and their roles; admins manage (§6). */
export function registerTeamRoutes(routes: RouteAdder, users: UserAdmin, profileDomains: readonly string[]): void {
  routes.add({
    method: 'GET',
    url: TeamApi.membersRoute,
    app: 'appId',
    access: canViewTeam,
    description: "The app's members with their roles, and the tier's maximum",
    handler: async (ctx): Promise<TeamList> => {
      const limit = await tierLimitOf(ctx.db, ctx.app.appId, 'maxMembers');
      return { members: await listMembers(ctx.db, users, ctx.app.appId, ctx.now), maxMembers: limit?.max ?? null };
    },
  });

  routes.add({
    method: 'POST',
    url: TeamApi.membersRoute,
    app: 'appId',
    access: canManageTeam,
    body: InviteMemberDto,
    status: 201,
    audit: {
      action: 'team.invite',
      target: (_ctx, member: TeamMember) => member.email,
      summary: (ctx, member: TeamMember) => `added ${member.email} to ${ctx.app.appId} as ${ctx.body.role}${member.isActive ? '' : ' (new account, activation mailed)'}`,
    },
    description: '{ email, role, name? }: adds a member; an unknown address gets an inactive account and an activation mail; 409 when already a member',
    handler: async (ctx): Promise<TeamMember> => {
      const email = normaliseEmailAddress(ctx.body.email);
      const domains = ctx.app.allowedDomains.length > 0 ? ctx.app.allowedDomains : profileDomains;
      if (!isAllowedEmailDomain(email, domains)) throw HttpError.invalid([TeamMessages.domainNotAllowed], { email: [TeamMessages.domainNotAllowed] });

      const found = await users.list(ctx.db, { search: email, pageNum: 0, pageSize: 100 }, ctx.now);
      let user = found.items.find((u) => u.email === email);
      if (user && (await memberRole(ctx.db, ctx.app.appId, user.id)) !== undefined) throw HttpError.conflict(TeamMessages.alreadyMember);

      const [{ members }] = await ctx.db.select({ members: count() }).from(appMembers).where(eq(appMembers.appId, ctx.app.appId));
      await assertWithinTierLimit(ctx.db, ctx.app.appId, 'maxMembers', members);

      const invitation = { inviterName: ctx.user.name || ctx.user.email, appName: ctx.app.appName, roleName: RoleName[ctx.body.role] };
      const outcome = user ? 'added' : 'invited';
      user ??= await users.invite(ctx.db, { email, name: ctx.body.name?.trim() || email.slice(0, email.indexOf('@')).slice(0, 50) }, ctx.now, invitation);
      await users.setRoles(ctx.db, user.id, { [ctx.app.appId]: ctx.body.role }, ctx.now);
      if (outcome === 'added') users.notifyAddedToApp(user, invitation);
      ctx.audit({ details: { before: { role: 'none' }, after: { role: RoleName[ctx.body.role] } } });
      return { userId: user.id, name: user.name, email: user.email, role: ctx.body.role, isActive: user.isActive, outcome };
    },
  });

  routes.add({
    method: 'PATCH',
    url: TeamApi.memberRoute,
    app: 'appId',
    access: canManageTeam,
    body: ChangeRoleDto,
    audit: {
      action: 'team.change-role',
      target: (_ctx, member: TeamMember) => member.email,
      summary: (ctx, member: TeamMember) => `${member.email} on ${ctx.app.appId} is now ${ctx.body.role}`,
    },
    description: '{ role }: changes a member\'s role; the last admin cannot be demoted (422)',
    handler: async (ctx): Promise<TeamMember> => {
      const { userId } = ctx.params;
      const current = UUID.test(userId) ? await memberRole(ctx.db, ctx.app.appId, userId) : undefined;
      if (current === undefined) throw HttpError.notFound();
      if (current === Role.ADMIN && ctx.body.role !== Role.ADMIN) await assertNotLastAdmin(ctx.db, ctx.app.appId);
      const user = await users.setRoles(ctx.db, userId, { [ctx.app.appId]: ctx.body.role }, ctx.now);
      ctx.audit({ details: auditDiff({ role: RoleName[current] }, { role: RoleName[ctx.body.role] }) });
      return { userId: user.id, name: user.name, email: user.email, role: ctx.body.role, isActive: user.isActive };
    },
  });

  routes.add({
    method: 'DELETE',
    url: TeamApi.memberRoute,
    app: 'appId',
    access: canManageTeam,
    audit: {
      action: 'team.remove',
      target: (ctx) => ctx.params.userId,
      summary: (ctx, result: { email: string }) => `removed ${result.email} from ${ctx.app.appId}`,
    },
    description: 'Removes a member; the last admin cannot be removed (422)',
    handler: async (ctx): Promise<{ email: string }> => {
      const { userId } = ctx.params;
      const current = UUID.test(userId) ? await memberRole(ctx.db, ctx.app.appId, userId) : undefined;
      if (current === undefined) throw HttpError.notFound();
      if (current === Role.ADMIN) await assertNotLastAdmin(ctx.db, ctx.app.appId);
      const user = await users.setRoles(ctx.db, userId, { [ctx.app.appId]: null }, ctx.now);
      ctx.audit({ details: { before: { role: RoleName[current] }, after: { role: 'none' } } });
      return { email: user.email };
    },
  });
}
