import type { RoleCode } from '@civic/sdk/common/model';

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
export interface UserListItem {
  id: string;
  name: string;
  email: string;
  agency: string | null;
  isPlatformAdmin: boolean;
  isActive: boolean;
  /** Locked by an admin, or by failed sign-ins right now. */
  isLocked: boolean;
  hasTotp: boolean;
  /** ISO time, null before the first sign-in. */
  lastLoginAt: string | null;
  /** appId → role code ('0' viewer, '1' editor, '2' admin). */
  roles: Record<string, RoleCode>;
}

/** GET /api/v1/admin/users */
export interface UserListPage {
  items: UserListItem[];
  total: number;
  pageNum: number;
  pageSize: number;
}
