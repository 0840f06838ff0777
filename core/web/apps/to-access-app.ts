import type { AccessApp } from '@civic/core/common/access';
import { isSuperbotEngine, NO_RESTRICTION_OVERRIDES, type AppSettings, type AppSummary } from '@civic/core/common/model';

/**
 * The access view of an app. The switcher's summary lacks the restriction flags and the superbot
 * flag; until the app's settings arrive, derive the superbot flag from its engine and assume no
 * Starter-tier overrides (the stricter reading).
 */
export function toAccessApp(summary: AppSummary, settings?: AppSettings | null): AccessApp {
  return {
    appId: summary.appId,
    subscriptionTier: settings?.subscriptionTier ?? summary.subscriptionTier,
    isSuperbot: settings?.isSuperbot ?? isSuperbotEngine(summary.nlpEngine.service),
    restrictions: settings?.restrictions ?? NO_RESTRICTION_OVERRIDES,
    isPlaygroundEnabled: settings?.isPlaygroundEnabled ?? summary.isPlaygroundEnabled,
    chuMode: settings?.civicChuMode ?? summary.civicChuMode,
    nlpEngineService: settings?.nlpEngine.service ?? summary.nlpEngine.service,
  };
}

/** A switcher row made from full settings, for an app the list did not include. */
export function summaryFromSettings(settings: AppSettings): AppSummary {
  return {
    appId: settings.appId,
    appName: settings.appName,
    agency: settings.agency,
    nlpEngine: settings.nlpEngine,
    projectId: settings.projectId,
    isPlaygroundEnabled: settings.isPlaygroundEnabled,
    subscriptionTier: settings.subscriptionTier,
    civicChuMode: settings.civicChuMode,
    isDecommissioned: false,
  };
}
