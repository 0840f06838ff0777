import { injectable } from 'inversify';
import { SessionKeys } from '@civic/core/common/constants';
import { isRoleCode, type RoleCode } from '@civic/core/common/roles';

/**
 * Session storage (§3): the current app id, the platform-admin flag and the role, so a reload
 * in the same tab comes back to the same app. Per tab by design: two tabs may work on two apps.
 */
export const SessionService = Symbol('SessionService');
export interface SessionService {
  readonly currentAppId: string | null;
  readonly isPlatformAdmin: boolean;
  readonly role: RoleCode | null;
  remember(entry: { appId: string; role: RoleCode | null; isPlatformAdmin: boolean }): void;
  clear(): void;
}

@injectable()
export class SessionServiceImpl implements SessionService {
  get currentAppId(): string | null {
    return read(SessionKeys.currentAppId);
  }

  get isPlatformAdmin(): boolean {
    return read(SessionKeys.isPlatformAdmin) === 'true';
  }

  get role(): RoleCode | null {
    const role = read(SessionKeys.role);
    return isRoleCode(role) ? role : null;
  }

  remember(entry: { appId: string; role: RoleCode | null; isPlatformAdmin: boolean }): void {
    write(SessionKeys.currentAppId, entry.appId);
    write(SessionKeys.isPlatformAdmin, String(entry.isPlatformAdmin));
    if (entry.role) write(SessionKeys.role, entry.role);
    else remove(SessionKeys.role);
  }

  clear(): void {
    for (const key of Object.values(SessionKeys)) remove(key);
  }
}

// Storage may be disabled; the console then simply forgets the app on reload.
function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    /* see read() */
  }
}

function remove(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    /* see read() */
  }
}
