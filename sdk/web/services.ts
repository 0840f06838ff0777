/**
 * The console services a plugin may use: each a `Symbol` token and an interface of the same name.
 * Resolve them with `useService(Token)` in components or `@inject(Token)` in plugin services.
 * Imported file by file (not through core's barrel) so a plugin's bindings pull in only these.
 */
export { ApiClient, type HttpMethod, type QueryValue, type RequestOptions } from '@civic/core/web/api/api-client';
export { ApiError, isApiError } from '@civic/core/web/api/api-error';
export { errorMessage } from '@civic/core/web/api/error-message';
export { AppContextService, type AppsStatus } from '@civic/core/web/apps/app-context-service';
export { NavBadgeProvider } from '@civic/core/web/apps/nav-badge-provider';
export { AuthService, type AuthStatus, type SignOutCause } from '@civic/core/web/auth/auth-service';
export { ConsoleConfigService } from '@civic/core/web/config/console-config-service';
export { FeatureFlagService } from '@civic/core/web/flags/feature-flag-service';
export { PageTitleService } from '@civic/core/web/page/page-title-service';
export { contributionAccess } from '@civic/core/web/plugins/plugin-access';
export { lazyContribution } from '@civic/core/web/plugins/lazy-contribution';
export { PluginCatalog, type PluginContribution } from '@civic/core/web/plugins/plugin-catalog';
export { RoleService } from '@civic/core/web/roles/role-service';
export { SessionService } from '@civic/core/web/session/session-service';
export { TierLimitService } from '@civic/core/web/tiers/tier-limit-service';
export { ToastService, type ToastIntent } from '@civic/core/web/toasts/toast-service';
