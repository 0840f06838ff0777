import type { ConsoleConfig, AppSettings, AppSummary, SessionUser, SubscriptionTierName } from '@civic/core/common/model';
import { NlpEngine, NO_RESTRICTION_OVERRIDES } from '@civic/core/common/model';
import type { RoleCode } from '@civic/core/common/roles';

/** Test data shaped like the server's answers. Each builder takes overrides for what a test cares about. */

export function testConfig(overrides: Partial<ConsoleConfig> = {}): ConsoleConfig {
  return {
    profile: 'test',
    version: '1.41.3',
    plugins: [],
    switches: { twoFactor: true, captcha: false, history: false, fileResponses: false },
    subscriberAppIds: [],
    helpGuideUrl: '/help/guide.pdf',
    helpdeskUrl: 'https://helpdesk.example.gov.sg',
    nextGenConsoleUrl: '/next',
    inactivityPromptMinutes: 25,
    autoLogoffMinutes: 5,
    lockMinutes: 30,
    ...overrides,
  };
}

export function testUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    email: 'editor@demo.gov.sg',
    name: 'Edna Editor',
    isPlatformAdmin: false,
    permissions: {},
    agencyName: 'Demo Agency',
    authLevel: 2,
    hasResetPassword: true,
    ...overrides,
  };
}

/** A user holding `role` on each of `appIds`. */
export function userWithRole(role: RoleCode, appIds: string[], overrides: Partial<SessionUser> = {}): SessionUser {
  return testUser({ permissions: Object.fromEntries(appIds.map((id) => [id, role])), ...overrides });
}

export function testApp(appId: string, tier: SubscriptionTierName = 'Enterprise', overrides: Partial<AppSummary> = {}): AppSummary {
  return {
    appId,
    appName: `App ${appId}`,
    agency: { name: 'Demo Agency' },
    nlpEngine: { service: NlpEngine.BUILT_IN },
    projectId: `project-${appId}`,
    isPlaygroundEnabled: false,
    subscriptionTier: tier,
    civicChuMode: null,
    isDecommissioned: false,
    ...overrides,
  };
}

export function testSettings(app: AppSummary, overrides: Partial<AppSettings> = {}): AppSettings {
  return {
    appId: app.appId,
    appName: app.appName,
    description: `${app.appName} answers questions`,
    projectId: app.projectId,
    mlConfidenceThreshold: 0.7,
    qnaConfidenceThreshold: 0.8,
    agency: app.agency,
    hosting: 'GCC',
    isPlaygroundEnabled: app.isPlaygroundEnabled,
    isGenerative: false,
    nlpEngine: app.nlpEngine,
    qnaHandler: null,
    dialogHandler: null,
    subscriptionTier: app.subscriptionTier,
    civicChuMode: app.civicChuMode,
    isCivicX: app.nlpEngine.service === NlpEngine.EXTERNAL,
    isSuperbot: app.nlpEngine.service === NlpEngine.REDIRECTION,
    restrictions: NO_RESTRICTION_OVERRIDES,
    ...overrides,
  };
}
