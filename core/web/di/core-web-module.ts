import { ContainerModule } from 'inversify';
import { ApiClient, ApiClientImpl } from '../api/api-client';
import { EarlyRequests } from '../api/early-requests';
import { FetchFn } from '../api/fetch-fn';
import { SessionEvents, SessionEventsImpl } from '../api/session-events';
import { TokenStore, TokenStoreImpl } from '../api/token-store';
import { AppContextService, AppContextServiceImpl } from '../apps/app-context-service';
import { AuthService, AuthServiceImpl } from '../auth/auth-service';
import { FeatureFlagService, FeatureFlagServiceImpl } from '../flags/feature-flag-service';
import { PageTitleService, PageTitleServiceImpl } from '../page/page-title-service';
import { RoleService, RoleServiceImpl } from '../roles/role-service';
import { SessionCoordinator, SessionCoordinatorImpl } from '../session/session-coordinator';
import { SessionService, SessionServiceImpl } from '../session/session-service';
import { TierLimitService, TierLimitServiceImpl } from '../tiers/tier-limit-service';
import { ToastService, ToastServiceImpl } from '../toasts/toast-service';

/** The core browser services. Deployment data (config, plugins) is bound by `createWebContainer`. */
export const coreWebModule = new ContainerModule(({ bind }) => {
  // Bound late so a test's fake `fetch` on globalThis is honoured; `.bind` keeps `this` the window.
  // Calls the page load started early (createWebContainer's `earlyRequests`) are answered from those.
  bind<FetchFn>(FetchFn)
    .toDynamicValue((context) => context.get<EarlyRequests>(EarlyRequests).fetchThrough(globalThis.fetch.bind(globalThis)))
    .inSingletonScope();
  bind<TokenStore>(TokenStore).to(TokenStoreImpl).inSingletonScope();
  bind<SessionEvents>(SessionEvents).to(SessionEventsImpl).inSingletonScope();
  bind<ApiClient>(ApiClient).to(ApiClientImpl).inSingletonScope();
  bind<ToastService>(ToastService).to(ToastServiceImpl).inSingletonScope();
  bind<SessionService>(SessionService).to(SessionServiceImpl).inSingletonScope();
  bind<AuthService>(AuthService).to(AuthServiceImpl).inSingletonScope();
  bind<FeatureFlagService>(FeatureFlagService).to(FeatureFlagServiceImpl).inSingletonScope();
  bind<TierLimitService>(TierLimitService).to(TierLimitServiceImpl).inSingletonScope();
  bind<AppContextService>(AppContextService).to(AppContextServiceImpl).inSingletonScope();
  bind<RoleService>(RoleService).to(RoleServiceImpl).inSingletonScope();
  bind<SessionCoordinator>(SessionCoordinator).to(SessionCoordinatorImpl).inSingletonScope();
  bind<PageTitleService>(PageTitleService).to(PageTitleServiceImpl).inSingletonScope();
});
