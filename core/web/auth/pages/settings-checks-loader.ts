/** The settings forms' DTO checks, fetched on a first submit (class-validator is not on the page's path). */
export const settingsChecks = () => import('./account-settings-checks').then((m) => m.settingsChecks);
