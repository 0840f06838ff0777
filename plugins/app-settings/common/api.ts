export const AppSettingsApi = {
  settings: (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/settings`,
  settingsRoute: '/api/v1/apps/:appId/settings',
} as const;
