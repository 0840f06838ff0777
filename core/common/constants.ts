/** Business constants and limits of the spec (§9). */
export const CONSOLE_NAME = 'Civic Console';
export const PRODUCT = 'Civic';

export const Timing = {
  inactivityPromptMs: 25 * 60_000,
  autoLogoffAfterPromptMs: 5 * 60_000,
  featureFlagRefreshMs: 3600_000,
  apiTimeoutMs: 350_000,
  unauthenticatedTimeoutMs: 35_000,
  loginTimeoutMs: 35_000,
  transcriptSearchTimeoutMs: 60_000,
  snackbarMs: 5_000,
  notificationMs: 3_000,
} as const;

export const Paging = {
  defaultPage: 0,
  defaultPageSize: 25,
  chatAppManagementPageSize: 150,
  pendingQuestionsPageSize: 26,
} as const;

export const DateRanges = {
  analyticsDefaultDays: 30,
  trainingDefaultDays: 5,
  presets: [0, 1, 3, 5, 7, 30, 60, 365] as const,
} as const;

export const Limits = {
  entityNameMax: 30,
  promptsPerParameterMax: 30,
  parametersMax: 20,
  textFieldMax: 20,
  userNameMax: 50,
  labelNameMax: 100,
  environmentNameMax: 25,
  passwordMin: 12,
  passwordMax: 128,
} as const;

export const Layout = {
  sidebarWidth: 320,
  headerHeight: 113,
  footerHeight: 80,
} as const;

export const WebChatDefaults = {
  appColor: '#67BFE2',
  appBaseFontSize: 16,
  appOrchestratorTimeout: 30_000,
  appQuickLaunchEvent: 'welcome',
  appAlternateCopyVault: 'NA',
  appLauncherAnimationIteration: 0,
  positionRight: 60,
  positionBottom: 40,
} as const;

export const EMPTY_UUID = '00000000-0000-0000-0000-000000000000';

/** Session storage keys (§3 "Session storage"). */
export const SessionKeys = {
  currentAppId: 'civic.currentAppId',
  isPlatformAdmin: 'civic.isPlatformAdmin',
  role: 'civic.role',
} as const;

export const TOKEN_STORAGE_KEY = 'civic.token';
