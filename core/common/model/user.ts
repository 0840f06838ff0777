import type { RoleCode } from '../roles';

/** The signed-in user as decoded from the session token (§3 "User"). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  isPlatformAdmin: boolean;
  /** appId → role code. */
  permissions: Record<string, RoleCode>;
  agencyName: string;
  /** 1 while a second factor is still owed, 2 when fully signed in. */
  authLevel: 1 | 2;
  hasResetPassword: boolean;
}

export const AuthLevel = { PASSWORD: 1, FULL: 2 } as const;
