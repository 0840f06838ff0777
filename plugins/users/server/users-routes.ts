import { auditDiff, HttpError, SecurityEvents, type RouteAdder, type UserAdmin } from '@civic/sdk/server';
import { Paging } from '@civic/sdk/common/messages';
import { isRoleCode, RoleName, type RoleCode } from '@civic/sdk/common/model';
import { UsersApi, type UserListItem, type UserListPage } from '../common/api';
import { canManageUsers } from '../common/permissions';
import { InviteUserDto, SetRolesDto, UpdateUserDto } from '../common/user-edit.dto';
import { UsersQueryDto } from '../common/users-query.dto';

/** /api/v1/admin/users: account administration; every change audited; platform admins only. */
export function registerUsersRoutes(routes: RouteAdder, users: UserAdmin): void {
  routes.add({
    method: 'GET',
    url: UsersApi.list,
    access: canManageUsers,
    query: UsersQueryDto,
    description: 'Users with search (name or email) and paging (page_num from 0, pageSize ≤ 100)',
    handler: async (ctx): Promise<UserListPage> => {
      const pageNum = ctx.query.page_num ?? 0;
      const pageSize = ctx.query.pageSize ?? Paging.defaultPageSize;
      const { items, total } = await users.list(ctx.db, { search: ctx.query.search, pageNum, pageSize }, ctx.now);
      return { items, total, pageNum, pageSize };
    },
  });

  routes.add({
    method: 'POST',
    url: UsersApi.create,
    access: canManageUsers,
    body: InviteUserDto,
    status: 201,
    audit: { action: 'users.invite', target: (_ctx, user: UserListItem) => user.email, summary: (_ctx, user: UserListItem) => `invited ${user.email}` },
    description: 'Invites a user (inactive until the mailed link is used); a taken email → 409',
    handler: (ctx): Promise<UserListItem> => users.invite(ctx.db, ctx.body, ctx.now, { inviterName: ctx.user.name || ctx.user.email }),
  });

  routes.add({
    method: 'PATCH',
    url: UsersApi.userRoute,
    access: canManageUsers,
    body: UpdateUserDto,
    audit: {
      action: 'users.update',
      target: (_ctx, user: UserListItem) => user.email,
      summary: (ctx) => `changed ${Object.keys(ctx.body).join(', ') || 'nothing'}`,
    },
    description: '{ name?, isPlatformAdmin?, locked? }; an admin cannot revoke or lock themselves',
    handler: async (ctx): Promise<UserListItem> => {
      const before = await users.get(ctx.db, ctx.params.userId, ctx.now);
      const after = await users.update(ctx.db, ctx.user.id, ctx.params.userId, ctx.body, ctx.now);
      const fields = (u: UserListItem) => ({ name: u.name, isPlatformAdmin: u.isPlatformAdmin, locked: u.isLocked });
      ctx.audit({ details: auditDiff(fields(before), fields(after)) });
      return after;
    },
  });

  routes.add({
    method: 'POST',
    url: UsersApi.resetPasswordRoute,
    access: canManageUsers,
    audit: { action: SecurityEvents.passwordResetByAdmin, target: (_ctx, user: UserListItem) => user.email, summary: () => 'mailed a password reset link, ended sessions' },
    description: 'Mails the user a reset link and ends their sessions',
    handler: (ctx): Promise<UserListItem> => users.resetPassword(ctx.db, ctx.params.userId, ctx.now),
  });

  routes.add({
    method: 'PUT',
    url: UsersApi.rolesRoute,
    access: canManageUsers,
    body: SetRolesDto,
    audit: {
      action: 'users.set-roles',
      target: (_ctx, user: UserListItem) => user.email,
      summary: (ctx) => Object.entries(ctx.body.roles).map(([app, role]) => `${app}=${role ?? 'none'}`).join(', '),
    },
    description: '{ roles: { appId: "0" | "1" | "2" | null } }: null removes; apps not named are left alone',
    handler: async (ctx): Promise<UserListItem> => {
      const roles: Record<string, RoleCode | null> = {};
      for (const [appId, role] of Object.entries(ctx.body.roles)) {
        if (role !== null && !isRoleCode(role)) throw HttpError.invalid([`Role of ${appId} must be "0", "1", "2" or null`]);
        roles[appId] = role;
      }
      const before = await users.get(ctx.db, ctx.params.userId, ctx.now);
      const after = await users.setRoles(ctx.db, ctx.params.userId, roles, ctx.now);
      // Roles by name ("Editor"), only for the apps this request named.
      const named = (held: Record<string, RoleCode>) => Object.fromEntries(Object.keys(roles).map((appId) => [appId, held[appId] ? RoleName[held[appId]] : 'none']));
      ctx.audit({ details: auditDiff(named(before.roles), named(after.roles)) });
      return after;
    },
  });
}
