import type { AdminUser } from '@civic/sdk/common/model';

export const UsersApi = {
  list: '/api/v1/admin/users',
  create: '/api/v1/admin/users',
  user: (userId: string) => `/api/v1/admin/users/${encodeURIComponent(userId)}`,
  userRoute: '/api/v1/admin/users/:userId',
  resetPassword: (userId: string) => `/api/v1/admin/users/${encodeURIComponent(userId)}/reset-password`,
  resetPasswordRoute: '/api/v1/admin/users/:userId/reset-password',
  roles: (userId: string) => `/api/v1/admin/users/${encodeURIComponent(userId)}/roles`,
  rolesRoute: '/api/v1/admin/users/:userId/roles',
} as const;

/** One row of the /users table. */
export type UserListItem = AdminUser;

/** GET /api/v1/admin/users */
export interface UserListPage {
  items: UserListItem[];
  total: number;
  pageNum: number;
  pageSize: number;
}
