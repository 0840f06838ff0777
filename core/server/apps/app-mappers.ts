import type { AccessApp } from '@civic/core/common/access';
import { NlpEngine, isSuperbotEngine, type AppSettings, type AppSummary, type ChuMode } from '@civic/core/common/model/app';
import type { RestrictionFlags, SubscriptionTierName } from '@civic/core/common/model/tiers';
import type { AppRecord } from './app-record';

/**
 * A feature is allowed for the app when its tier allows it or the app's own restriction flag does
 * (§6: the flags let one Starter-tier app use what its tier disables).
 */
export function effectiveRestrictions(app: AppRecord): RestrictionFlags {
  const tier = app.tierRestrictions;
  return {
    analytics: app.restrictionAnalytics || (tier?.analytics ?? false),
    categories: app.restrictionCategories || (tier?.categories ?? false),
    labels: app.restrictionLabels || (tier?.labels ?? false),
    trainingHub: app.restrictionTrainingHub || (tier?.trainingHub ?? false),
  };
}

export function isDecommissioned(app: Pick<AppRecord, 'decommissionAt'>, now: Date): boolean {
  return app.decommissionAt !== null && app.decommissionAt.getTime() <= now.getTime();
}

function chuMode(value: string | null): ChuMode | null {
  return value === 'ALL' || value === 'PLAYGROUND' ? value : null;
}

/** One row of the app switcher and of GET /api/v1/admin/apps (§7). */
export function toAppSummary(app: AppRecord, now: Date): AppSummary {
  return {
    appId: app.appId,
    appName: app.appName,
    agency: { name: app.agencyName },
    nlpEngine: { service: app.nlpEngineService },
    projectId: app.projectId,
    isPlaygroundEnabled: app.isPlaygroundEnabled,
    subscriptionTier: app.subscriptionTier as SubscriptionTierName,
    civicChuMode: chuMode(app.civicChuMode),
    isDecommissioned: isDecommissioned(app, now),
  };
}

/** data.appSettings of GET /api/v1/apps/{appId}/settings (§3 "App settings"). */
export function toAppSettings(app: AppRecord): AppSettings {
  return {
    appId: app.appId,
    appName: app.appName,
    description: app.description,
    projectId: app.projectId,
    mlConfidenceThreshold: app.mlConfidenceThreshold,
    qnaConfidenceThreshold: app.qnaConfidenceThreshold,
    agency: { name: app.agencyName },
    hosting: app.hosting,
    isPlaygroundEnabled: app.isPlaygroundEnabled,
    isGenerative: app.isGenerative,
    nlpEngine: { service: app.nlpEngineService },
    qnaHandler: app.qnaHandler,
    dialogHandler: app.dialogHandler,
    subscriptionTier: app.subscriptionTier as SubscriptionTierName,
    civicChuMode: chuMode(app.civicChuMode),
    isCivicX: app.nlpEngineService === NlpEngine.EXTERNAL,
    isSuperbot: isSuperbotEngine(app.nlpEngineService),
    restrictions: effectiveRestrictions(app),
  };
}

/** The app as access predicates see it. */
export function toAccessApp(app: AppRecord): AccessApp {
  return {
    appId: app.appId,
    subscriptionTier: app.subscriptionTier as SubscriptionTierName,
    isSuperbot: isSuperbotEngine(app.nlpEngineService),
    restrictions: effectiveRestrictions(app),
    isPlaygroundEnabled: app.isPlaygroundEnabled,
    chuMode: chuMode(app.civicChuMode),
    nlpEngineService: app.nlpEngineService,
  };
}
