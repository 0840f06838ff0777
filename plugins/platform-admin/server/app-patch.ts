import { agencies, type apps, eq, HttpError, type AppRecord, type DbExecutor } from '@civic/sdk/server';
import { Messages } from '@civic/sdk/common/messages';
import { NlpEngine } from '@civic/sdk/common/model';
import type { AdminAppDetail } from '../common/api';
import { UNSETTABLE, type AppPatchDto } from '../common/app-patch.dto';
import { AdminMessages } from '../common/messages';

export type AppChanges = Partial<typeof apps.$inferInsert>;

export async function agencyIdByName(db: DbExecutor, name: string): Promise<string> {
  const [row] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, name)).limit(1);
  if (!row) throw HttpError.invalid([Messages.invalidAgencyName], { agencyName: [Messages.invalidAgencyName] });
  return row.id;
}

/** §5: both handlers are required when the engine is the external one. */
export function assertEngineHandlers(service: string, qnaHandler: string | null | undefined, dialogHandler: string | null | undefined): void {
  if (service === NlpEngine.EXTERNAL && (!qnaHandler || !dialogHandler)) {
    throw HttpError.invalid([Messages.externalEngineHandlers], { nlpEngine: [Messages.externalEngineHandlers] });
  }
}

/**
 * The column changes of an app patch (§3), honouring `unsets` (§5): a field named there becomes
 * null; naming a field in unsets and sending it too is refused. The external-engine rule is checked
 * on the app as it will be after the patch.
 */
export async function appPatchChanges(db: DbExecutor, app: AppRecord, patch: AppPatchDto): Promise<AppChanges> {
  const unsets = new Set(patch.unsets ?? []);
  for (const field of UNSETTABLE) {
    if (unsets.has(field) && patch[field] !== undefined) throw HttpError.invalid([AdminMessages.unsetAndSet(field)]);
  }
  const changes: AppChanges = {};
  if (patch.appName !== undefined) changes.appName = patch.appName.trim();
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.projectId !== undefined) changes.projectId = patch.projectId.trim();
  if (patch.agencyName !== undefined) changes.agencyId = await agencyIdByName(db, patch.agencyName);
  if (patch.systemClassification !== undefined) changes.systemClassification = patch.systemClassification;
  if (patch.hosting !== undefined) changes.hosting = patch.hosting;
  if (patch.isPrivate !== undefined) changes.isPrivate = patch.isPrivate;
  if (patch.isGenerative !== undefined) changes.isGenerative = patch.isGenerative;
  if (patch.isPlaygroundEnabled !== undefined) changes.isPlaygroundEnabled = patch.isPlaygroundEnabled;
  if (patch.skipBackupResponse !== undefined) changes.skipBackupResponse = patch.skipBackupResponse;
  if (patch.civicChuMode !== undefined) changes.civicChuMode = patch.civicChuMode;
  if (patch.allowedDomains !== undefined) changes.allowedDomains = [...new Set(patch.allowedDomains.map((d) => d.toLowerCase()))];
  if (patch.subscriptionTier !== undefined) changes.subscriptionTier = patch.subscriptionTier;
  if (patch.liveChatService !== undefined) changes.liveChatService = patch.liveChatService.trim();
  if (patch.authenticationService !== undefined) changes.authenticationService = patch.authenticationService.trim();
  if (patch.goLiveAt !== undefined) changes.goLiveAt = new Date(patch.goLiveAt);
  if (patch.decommissionAt !== undefined) changes.decommissionAt = new Date(patch.decommissionAt);
  for (const field of unsets) changes[field] = null;
  const r = patch.restrictions;
  if (r?.analytics !== undefined) changes.restrictionAnalytics = r.analytics;
  if (r?.categories !== undefined) changes.restrictionCategories = r.categories;
  if (r?.labels !== undefined) changes.restrictionLabels = r.labels;
  if (r?.trainingHub !== undefined) changes.restrictionTrainingHub = r.trainingHub;

  if (patch.nlpEngine) {
    changes.nlpEngineService = patch.nlpEngine.service;
    if (patch.nlpEngine.qnaHandler !== undefined) changes.qnaHandler = patch.nlpEngine.qnaHandler;
    if (patch.nlpEngine.dialogHandler !== undefined) changes.dialogHandler = patch.nlpEngine.dialogHandler;
  }
  const service = changes.nlpEngineService ?? app.nlpEngineService;
  const qna = changes.qnaHandler !== undefined ? changes.qnaHandler : app.qnaHandler;
  const dialog = changes.dialogHandler !== undefined ? changes.dialogHandler : app.dialogHandler;
  assertEngineHandlers(service, qna, dialog);
  return changes;
}

export function toAdminAppDetail(app: AppRecord): AdminAppDetail {
  return {
    appId: app.appId,
    appName: app.appName,
    description: app.description,
    projectId: app.projectId,
    agencyName: app.agencyName,
    nlpEngine: { service: app.nlpEngineService, qnaHandler: app.qnaHandler, dialogHandler: app.dialogHandler },
    systemClassification: app.systemClassification,
    hosting: app.hosting,
    isPrivate: app.isPrivate,
    isGenerative: app.isGenerative,
    isPlaygroundEnabled: app.isPlaygroundEnabled,
    skipBackupResponse: app.skipBackupResponse,
    liveChatService: app.liveChatService,
    authenticationService: app.authenticationService,
    goLiveAt: app.goLiveAt?.toISOString() ?? null,
    decommissionAt: app.decommissionAt?.toISOString() ?? null,
    civicChuMode: app.civicChuMode === 'ALL' || app.civicChuMode === 'PLAYGROUND' ? app.civicChuMode : null,
    allowedDomains: [...app.allowedDomains],
    subscriptionTier: app.subscriptionTier as AdminAppDetail['subscriptionTier'],
    restrictions: { analytics: app.restrictionAnalytics, categories: app.restrictionCategories, labels: app.restrictionLabels, trainingHub: app.restrictionTrainingHub },
  };
}
