import type { RoleCode } from '../roles';

/** One row of the /users table (platform admins only): what the users admin API answers. */
export interface AdminUser {
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
