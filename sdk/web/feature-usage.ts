import type { ApiClient } from './services';

/** §7 POST /api/v1/feature-usages: what the console reports as people use its features. */
export interface FeatureUsage {
  appId?: string;
  /** §4 event types include click. */
  event: string;
  feature: string;
  module?: string;
  intentId?: string;
  intentName?: string;
  data?: Record<string, unknown>;
}

export const FEATURE_USAGES_PATH = '/api/v1/feature-usages';

/**
 * Reports one use of a feature and forgets it: never awaited by the feature, never shown when it
 * fails (a deployment without the analytics plugin answers 404).
 */
export function recordFeatureUsage(api: ApiClient, usage: FeatureUsage): void {
  api.post(FEATURE_USAGES_PATH, usage).catch(() => undefined);
}
