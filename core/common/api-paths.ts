/** Paths of the core API, shared by the ApiClient and the server routes. Plugins keep their own. */
export const CoreApi = {
  consoleConfig: '/api/v1/console-config',
  authConfig: '/api/v1/auth/config',
  login: '/api/v1/auth/login',
  logout: '/api/v1/auth/logout',
  extendSession: '/api/v1/auth/extend-session',
  me: '/api/v1/auth/me',
  myApps: '/api/v1/apps',
  adminApps: '/api/v1/admin/apps',
  tierLimits: '/api/v1/subscription-tier-limit',
  featureFlags: '/api/v1/feature-flags/frontend',
  auditLog: '/api/v1/admin/audit-log',
  version: '/version.json',
  /** §7 GET /api/v1/apps/{appId}/settings; the shell reads it for the access snapshot of an app. */
  appSettings: (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/settings`,
} as const;
