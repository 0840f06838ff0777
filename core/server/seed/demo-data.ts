import { NlpEngine } from '@civic/core/common/model/app';
import { Role, type RoleCode } from '@civic/core/common/roles';
import { SubscriptionTier, type SubscriptionTierName } from '@civic/core/common/model/tiers';

export const DEMO_AGENCY = 'Demo Agency';

export interface DemoApp {
  appId: string;
  appName: string;
  description: string;
  subscriptionTier: SubscriptionTierName;
  nlpEngineService: string;
  qnaHandler?: string;
  dialogHandler?: string;
  isPlaygroundEnabled: boolean;
  isGenerative: boolean;
  civicChuMode: 'ALL' | 'PLAYGROUND' | null;
}

/** One app per tier, a superbot and an external-engine app (foundation issue, item 4). */
export const DEMO_APPS: readonly DemoApp[] = [
  { appId: 'demo-enterprise', appName: 'Demo Enterprise Bot', description: 'Answers citizen questions on the Enterprise tier.', subscriptionTier: SubscriptionTier.ENTERPRISE, nlpEngineService: NlpEngine.BUILT_IN, isPlaygroundEnabled: true, isGenerative: true, civicChuMode: 'ALL' },
  { appId: 'demo-plus', appName: 'Demo Plus Bot', description: 'A Plus-tier app.', subscriptionTier: SubscriptionTier.PLUS, nlpEngineService: NlpEngine.BUILT_IN, isPlaygroundEnabled: false, isGenerative: true, civicChuMode: 'PLAYGROUND' },
  { appId: 'demo-starter', appName: 'Demo Starter Bot', description: 'A Starter-tier app: analytics, classification and the training hub are restricted.', subscriptionTier: SubscriptionTier.STARTER, nlpEngineService: NlpEngine.BUILT_IN, isPlaygroundEnabled: false, isGenerative: false, civicChuMode: null },
  { appId: 'demo-internal', appName: 'Demo Internal Bot', description: 'An Internal-tier app for staff.', subscriptionTier: SubscriptionTier.INTERNAL, nlpEngineService: NlpEngine.BUILT_IN, isPlaygroundEnabled: false, isGenerative: false, civicChuMode: null },
  { appId: 'demo-superbot', appName: 'Demo Superbot', description: 'Routes each question to the best of its linked apps.', subscriptionTier: SubscriptionTier.ENTERPRISE, nlpEngineService: NlpEngine.REDIRECTION, isPlaygroundEnabled: false, isGenerative: false, civicChuMode: null },
  { appId: 'demo-external', appName: 'Demo External Engine Bot', description: 'Answered by an external engine through its handlers.', subscriptionTier: SubscriptionTier.PLUS, nlpEngineService: NlpEngine.EXTERNAL, qnaHandler: 'https://engine.example.gov.sg/qna', dialogHandler: 'https://engine.example.gov.sg/dialog', isPlaygroundEnabled: false, isGenerative: false, civicChuMode: null },
];

export interface DemoUser {
  email: string;
  name: string;
  isPlatformAdmin: boolean;
  /** What this account demonstrates, for the start-up banner. */
  description: string;
  roles: Readonly<Record<string, RoleCode>>;
}

const everyApp = (role: RoleCode, except: string[] = []) =>
  Object.fromEntries(DEMO_APPS.filter((app) => !except.includes(app.appId)).map((app) => [app.appId, role]));

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@demo.gov.sg', name: 'Demo Platform Admin', isPlatformAdmin: true, description: 'platform admin', roles: {} },
  { email: 'appadmin@demo.gov.sg', name: 'Demo App Admin', isPlatformAdmin: false, description: 'ADMIN on every demo app', roles: everyApp(Role.ADMIN) },
  { email: 'editor@demo.gov.sg', name: 'Demo Editor', isPlatformAdmin: false, description: 'EDITOR on every demo app but demo-internal', roles: everyApp(Role.EDITOR, ['demo-internal']) },
  { email: 'viewer@demo.gov.sg', name: 'Demo Viewer', isPlatformAdmin: false, description: 'VIEWER on demo-enterprise, demo-plus, demo-starter', roles: { 'demo-enterprise': Role.VIEWER, 'demo-plus': Role.VIEWER, 'demo-starter': Role.VIEWER } },
];

/** Limits per tier; Starter restricts every flagged feature (§6). */
export const DEMO_TIER_LIMITS = [
  { tier: SubscriptionTier.ENTERPRISE, maxIntents: 5000, maxMembers: 200, maxMonthlySessions: 1_000_000, analytics: true, categories: true, labels: true, trainingHub: true },
  { tier: SubscriptionTier.PLUS, maxIntents: 1000, maxMembers: 50, maxMonthlySessions: 100_000, analytics: true, categories: true, labels: true, trainingHub: true },
  { tier: SubscriptionTier.STARTER, maxIntents: 100, maxMembers: 10, maxMonthlySessions: 10_000, analytics: false, categories: false, labels: false, trainingHub: false },
  { tier: SubscriptionTier.INTERNAL, maxIntents: 5000, maxMembers: 200, maxMonthlySessions: 1_000_000, analytics: true, categories: true, labels: true, trainingHub: true },
] as const;
