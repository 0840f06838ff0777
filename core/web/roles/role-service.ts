import { inject, injectable } from 'inversify';
import { computed, makeObservable } from 'mobx';
import { Role, type RoleCode } from '@civic/core/common/roles';
import { AppContextService } from '../apps/app-context-service';
import { AuthService } from '../auth/auth-service';

/** The user's role per app (§6); platform admins count as ADMIN on every app. */
export const RoleService = Symbol('RoleService');
export interface RoleService {
  readonly isPlatformAdmin: boolean;
  /** The role on the current app. */
  readonly currentRole: RoleCode | undefined;
  roleOn(appId: string): RoleCode | undefined;
}

@injectable()
export class RoleServiceImpl implements RoleService {
  constructor(
    @inject(AuthService) private readonly auth: AuthService,
    @inject(AppContextService) private readonly apps: AppContextService,
  ) {
    makeObservable(this, { isPlatformAdmin: computed, currentRole: computed });
  }

  get isPlatformAdmin(): boolean {
    return this.auth.user?.isPlatformAdmin === true;
  }

  get currentRole(): RoleCode | undefined {
    const appId = this.apps.currentAppId;
    return appId ? this.roleOn(appId) : undefined;
  }

  roleOn(appId: string): RoleCode | undefined {
    const user = this.auth.user;
    if (!user) return undefined;
    if (user.isPlatformAdmin) return Role.ADMIN;
    return user.permissions[appId];
  }
}
