import type { RestrictionFlags, SubscriptionTierName } from './tiers';

/** Engine services (§3): the superbot routes, the external engine answers through handlers. */
export const NlpEngine = {
  BUILT_IN: 'CIVIC_DIALOG_ENGINE',
  REDIRECTION: 'REDIRECTION_ENGINE',
  EXTERNAL: 'CIVIC_X',
} as const;
export type NlpEngineService = string;

export type ChuMode = 'ALL' | 'PLAYGROUND';

/** App settings as read (§3 "App settings"), the shape of data.appSettings. */
export interface AppSettings {
  appId: string;
  appName: string;
  description: string;
  projectId: string;
  /** Null = automatic: the threshold the app's trained model suggests from its own data. */
  mlConfidenceThreshold: number | null;
  /** Null = automatic (as mlConfidenceThreshold). */
  qnaConfidenceThreshold: number | null;
  agency: { name: string };
  hosting: string;
  isPlaygroundEnabled: boolean;
  isGenerative: boolean;
  nlpEngine: { service: NlpEngineService };
  qnaHandler: string | null;
  dialogHandler: string | null;
  subscriptionTier: SubscriptionTierName;
  civicChuMode: ChuMode | null;
  isCivicX: boolean;
  isSuperbot: boolean;
  restrictions: RestrictionFlags;
}

/** One row of GET /api/v1/admin/apps and of the app switcher (§7). */
export interface AppSummary {
  appId: string;
  appName: string;
  agency: { name: string };
  nlpEngine: { service: NlpEngineService };
  projectId: string;
  isPlaygroundEnabled: boolean;
  subscriptionTier: SubscriptionTierName;
  civicChuMode: ChuMode | null;
  isDecommissioned: boolean;
}

/** How the console names an engine service to people. */
export function engineLabel(service: NlpEngineService): string {
  switch (service) {
    case NlpEngine.BUILT_IN:
      return 'Built-in dialog engine';
    case NlpEngine.REDIRECTION:
      return 'Superbot (routes to linked apps)';
    case NlpEngine.EXTERNAL:
      return 'Civic X (external engine)';
    default:
      return service;
  }
}

export function isSuperbotEngine(service: NlpEngineService): boolean {
  return service === NlpEngine.REDIRECTION;
}
