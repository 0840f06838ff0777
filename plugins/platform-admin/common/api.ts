import type { AppSummary, SubscriptionTierName } from '@civic/sdk/common/model';
import type { AdaptorType } from './adaptor.dto';

const enc = encodeURIComponent;

export const AdminApi = {
  agencies: '/api/v1/admin/agencies',
  agency: (id: string) => `/api/v1/admin/agencies/${enc(id)}`,
  agencyRoute: '/api/v1/admin/agencies/:agencyId',
  agencyMerge: (id: string) => `/api/v1/admin/agencies/${enc(id)}/merge`,
  agencyMergeRoute: '/api/v1/admin/agencies/:agencyId/merge',
  adaptors: '/api/v1/admin/adaptors',
  adaptor: (id: string) => `/api/v1/admin/adaptors/${enc(id)}`,
  adaptorRoute: '/api/v1/admin/adaptors/:adaptorId',
  adaptorTest: (id: string) => `/api/v1/admin/adaptors/${enc(id)}/test`,
  adaptorTestRoute: '/api/v1/admin/adaptors/:adaptorId/test',
  chatAppMgmt: '/api/v1/admin/chatapp-mgmt',
  apps: '/api/v1/admin/apps',
  app: (appId: string) => `/api/v1/admin/apps/${enc(appId)}`,
  appRoute: '/api/v1/admin/apps/:appId',
  tierLimits: '/api/v1/subscription-tier-limit',
  tierLimit: (tier: string) => `/api/v1/admin/subscription-tier-limit/${enc(tier)}`,
  tierLimitRoute: '/api/v1/admin/subscription-tier-limit/:tier',
  featureFlags: '/api/v1/admin/feature-flags',
  featureFlag: (name: string) => `/api/v1/admin/feature-flags/${enc(name)}`,
  featureFlagRoute: '/api/v1/admin/feature-flags/:name',
} as const;

export interface AgencyItem {
  id: string;
  name: string;
  apps: Array<{ appId: string; appName: string }>;
  users: Array<{ id: string; name: string; email: string }>;
}

export interface AdaptorItem {
  id: string;
  type: AdaptorType;
  name: string;
  webhookUrl: string;
  enabled: boolean;
  appIds: string[];
  lastTestAt: string | null;
  lastTestOk: boolean | null;
}

/** The outcome of "Test connection": never an HTTP error of our own. */
export interface ConnectionTestResult {
  ok: boolean;
  /** The webhook's HTTP status, null when no answer came. */
  status: number | null;
  latencyMs: number;
  error: string | null;
}

/** One row of chat app management. */
export interface ChatAppRow extends AppSummary {
  hosting: string;
  systemClassification: string;
  isPrivate: boolean;
  createdAt: string;
  goLiveAt: string | null;
  decommissionAt: string | null;
  memberCount: number;
}

export interface ChatAppPage {
  apps: ChatAppRow[];
  total: number;
  page_num: number;
  page_size: number;
}

/** Everything the edit form shows (GET /api/v1/admin/apps/{appId}). */
export interface AdminAppDetail {
  appId: string;
  appName: string;
  description: string;
  projectId: string;
  agencyName: string;
  nlpEngine: { service: string; qnaHandler: string | null; dialogHandler: string | null };
  systemClassification: string;
  hosting: string;
  isPrivate: boolean;
  isGenerative: boolean;
  isPlaygroundEnabled: boolean;
  skipBackupResponse: boolean;
  liveChatService: string | null;
  authenticationService: string | null;
  goLiveAt: string | null;
  decommissionAt: string | null;
  civicChuMode: 'ALL' | 'PLAYGROUND' | null;
  allowedDomains: string[];
  subscriptionTier: SubscriptionTierName;
  /** The app's own restriction flags (§6), beside its tier's. */
  restrictions: { analytics: boolean; categories: boolean; labels: boolean; trainingHub: boolean };
}

export interface FeatureFlagItem {
  name: string;
  enabled: boolean;
  description: string;
  /** Where the value comes from: the deployment profile, or a switch on this page (who, when). */
  source: { kind: 'profile'; profileName: string } | { kind: 'switched'; byEmail: string; at: string; profileValue: boolean | null } | { kind: 'unknown'; profileValue: boolean | null };
}
