import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { AccessApp, AccessContext, AccessUser } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import { Role } from '@civic/core/common/roles';
import { compareAppsByTier, type AppSettings, type AppSummary } from '@civic/core/common/model';
import { ApiClient, type QueryValue } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { AuthService } from '../auth/auth-service';
import { ConsoleConfigService } from '../config/console-config-service';
import { FeatureFlagService } from '../flags/feature-flag-service';
import { SessionService } from '../session/session-service';
import { summaryFromSettings, toAccessApp } from './to-access-app';

/** Platform admins list every app in one go; the server caps a page at 500 (AdminAppsQueryDto). */
export const ADMIN_APPS_PAGE_SIZE = 500;

export type AppsStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The call a user's app list comes from: every app for a platform admin, the user's own otherwise.
 * Exported so a page load can start the same call before the console has started (host boot).
 */
export function appListCall(isPlatformAdmin: boolean): { path: string; query?: Record<string, QueryValue> } {
  return isPlatformAdmin
    ? { path: CoreApi.adminApps, query: { page_num: 0, page_size: ADMIN_APPS_PAGE_SIZE, include_decommissioned: false } }
    : { path: CoreApi.myApps };
}

/**
 * The user's apps (sorted by tier, then app id, §6), the current app, and the AccessContext
 * snapshot every predicate in the browser reads.
 */
export const AppContextService = Symbol('AppContextService');
export interface AppContextService {
  readonly apps: readonly AppSummary[];
  readonly status: AppsStatus;
  readonly error: string | null;
  readonly currentAppId: string | null;
  readonly currentApp: AppSummary | null;
  /** The snapshot for the current app (user, app, flags, switches). */
  readonly accessContext: AccessContext;
  findApp(appId: string): AppSummary | undefined;
  loadApps(): Promise<void>;
  /** The app the first page names: the app list opens it rather than the remembered one. */
  preferApp(appId: string): void;
  /** Makes `appId` current and fetches what its access snapshot needs. */
  selectApp(appId: string): Promise<void>;
  /** The snapshot as it would be with `appId` current; used to decide where an app switch lands. */
  accessContextFor(appId: string): Promise<AccessContext>;
  reset(): void;
}

@injectable()
export class AppContextServiceImpl implements AppContextService {
  apps: AppSummary[] = [];
  status: AppsStatus = 'idle';
  error: string | null = null;
  currentAppId: string | null = null;
  private readonly details = observable.map<string, AccessApp>({}, { deep: false });
  private readonly pending = new Map<string, Promise<AccessApp | null>>();
  private preferredAppId: string | null = null;

  constructor(
    @inject(ApiClient) private readonly api: ApiClient,
    @inject(AuthService) private readonly auth: AuthService,
    @inject(SessionService) private readonly session: SessionService,
    @inject(FeatureFlagService) private readonly flags: FeatureFlagService,
    @inject(ConsoleConfigService) private readonly config: ConsoleConfigService,
  ) {
    makeObservable(this, {
      apps: observableRef,
      status: observable,
      error: observable,
      currentAppId: observable,
      currentApp: computed,
      accessContext: computed,
      reset: action,
    });
  }

  get currentApp(): AppSummary | null {
    return this.currentAppId ? (this.findApp(this.currentAppId) ?? null) : null;
  }

  get accessContext(): AccessContext {
    return this.contextWith(this.currentAppId ? this.accessAppOf(this.currentAppId) : null);
  }

  findApp(appId: string): AppSummary | undefined {
    return this.apps.find((app) => app.appId === appId);
  }

  async loadApps(): Promise<void> {
    const user = this.auth.user;
    if (!user) return;
    runInAction(() => {
      this.status = 'loading';
      this.error = null;
    });
    try {
      const call = appListCall(user.isPlatformAdmin);
      const { apps } = await this.api.get<{ apps: AppSummary[] }>(call.path, call.query ? { query: call.query } : undefined);
      const sorted = [...apps].sort(compareAppsByTier);
      runInAction(() => {
        this.apps = sorted;
        this.status = 'ready';
      });
      const remembered = this.session.currentAppId;
      const preferred = this.preferredAppId;
      this.preferredAppId = null;
      const initial =
        (this.currentAppId && this.findApp(this.currentAppId)?.appId) ??
        (preferred && this.findApp(preferred)?.appId) ??
        (remembered && this.findApp(remembered)?.appId) ??
        sorted[0]?.appId;
      if (initial) await this.selectApp(initial);
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = isApiError(error) ? error.message : String(error);
      });
    }
  }

  preferApp(appId: string): void {
    this.preferredAppId = appId;
  }

  async selectApp(appId: string): Promise<void> {
    if (!this.findApp(appId)) await this.fetchUnlistedApp(appId);
    if (!this.findApp(appId)) return; // not an app this user may see: the page shows "not found"
    const user = this.auth.user;
    runInAction(() => {
      this.currentAppId = appId;
    });
    this.session.remember({
      appId,
      role: user?.isPlatformAdmin ? Role.ADMIN : (user?.permissions[appId] ?? null),
      isPlatformAdmin: user?.isPlatformAdmin ?? false,
    });
    await this.loadDetails(appId);
  }

  async accessContextFor(appId: string): Promise<AccessContext> {
    if (!this.findApp(appId)) return this.contextWith(null);
    await this.loadDetails(appId);
    return this.contextWith(this.accessAppOf(appId));
  }

  reset(): void {
    this.apps = [];
    this.status = 'idle';
    this.error = null;
    this.currentAppId = null;
    this.details.clear();
    this.pending.clear();
  }

  private accessAppOf(appId: string): AccessApp | null {
    const summary = this.findApp(appId);
    return this.details.get(appId) ?? (summary ? toAccessApp(summary) : null);
  }

  private contextWith(app: AccessApp | null): AccessContext {
    const { config } = this.config;
    const user = this.auth.user;
    const accessUser: AccessUser | null = user
      ? { id: user.id, isPlatformAdmin: user.isPlatformAdmin, permissions: user.permissions, authLevel: user.authLevel }
      : null;
    return {
      user: accessUser,
      app,
      flags: this.flags.flags,
      switches: config.switches,
      subscriberAppIds: config.subscriberAppIds,
    };
  }

  /** The app's settings carry its restriction and superbot flags; fetched once per app. */
  private loadDetails(appId: string): Promise<AccessApp | null> {
    if (this.details.has(appId)) return Promise.resolve(this.details.get(appId) ?? null);
    let request = this.pending.get(appId);
    if (!request) {
      request = this.api
        .get<{ appSettings: AppSettings }>(CoreApi.appSettings(appId))
        .then(({ appSettings }) => {
          const summary = this.findApp(appId);
          if (!summary) return null;
          const app = toAccessApp(summary, appSettings);
          runInAction(() => this.details.set(appId, app));
          return app;
        })
        .catch((error: unknown) => {
          // §8: an app settings load failure is only logged; the summary-based snapshot stands.
          console.warn(`Settings of app ${appId} could not be loaded`, error);
          return null;
        })
        .finally(() => this.pending.delete(appId));
      this.pending.set(appId, request);
    }
    return request;
  }

  /** Platform admins may open an app past the first page of the list (a deep link). */
  private async fetchUnlistedApp(appId: string): Promise<void> {
    if (!this.auth.user?.isPlatformAdmin) return;
    try {
      const { appSettings } = await this.api.get<{ appSettings: AppSettings }>(CoreApi.appSettings(appId));
      const summary = summaryFromSettings(appSettings);
      runInAction(() => {
        if (!this.findApp(appId)) this.apps = [...this.apps, summary].sort(compareAppsByTier);
        this.details.set(appId, toAccessApp(summary, appSettings));
      });
    } catch {
      /* unknown app: the caller shows "not found" */
    }
  }
}
