/** Subscription tiers (§3), in the order the app switcher sorts them (§6). */
export const SubscriptionTier = {
  ENTERPRISE: 'Enterprise',
  PLUS: 'Plus',
  STARTER: 'Starter',
  INTERNAL: 'Internal',
} as const;
export type SubscriptionTierName = (typeof SubscriptionTier)[keyof typeof SubscriptionTier];
export const TIER_ORDER: readonly SubscriptionTierName[] = ['Enterprise', 'Plus', 'Starter', 'Internal'];

/** Restriction flags that let a Starter-tier app use an otherwise disabled feature (§6). */
export interface RestrictionFlags {
  analytics: boolean;
  categories: boolean;
  labels: boolean;
  trainingHub: boolean;
}

export const NO_RESTRICTION_OVERRIDES: RestrictionFlags = {
  analytics: false,
  categories: false,
  labels: false,
  trainingHub: false,
};

/** The limits of one tier (our reading of the spec's unshown shape, see ARCHITECTURE). */
export interface TierLimit {
  tier: SubscriptionTierName;
  maxIntents: number;
  maxMembers: number;
  maxMonthlySessions: number;
  restrictions: RestrictionFlags;
}

export function compareAppsByTier(
  a: { subscriptionTier: SubscriptionTierName; appId: string },
  b: { subscriptionTier: SubscriptionTierName; appId: string },
): number {
  const byTier = TIER_ORDER.indexOf(a.subscriptionTier) - TIER_ORDER.indexOf(b.subscriptionTier);
  return byTier !== 0 ? byTier : a.appId < b.appId ? -1 : a.appId > b.appId ? 1 : 0;
}
