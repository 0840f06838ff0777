import type { AdminAppDetail } from './api';
import type { AppPatchDto, Unsettable } from './app-patch.dto';

/** The edit form's values: text inputs as strings, switches as booleans. */
export interface AppFormValues {
  appName: string;
  description: string;
  projectId: string;
  agencyName: string;
  service: string;
  qnaHandler: string;
  dialogHandler: string;
  systemClassification: string;
  hosting: string;
  isPrivate: boolean;
  isGenerative: boolean;
  isPlaygroundEnabled: boolean;
  skipBackupResponse: boolean;
  liveChatService: string;
  authenticationService: string;
  /** yyyy-mm-dd or '' */
  goLiveAt: string;
  civicChuMode: '' | 'ALL' | 'PLAYGROUND';
  /** One domain a line or comma separated. */
  allowedDomains: string;
  subscriptionTier: string;
  restrictions: AdminAppDetail['restrictions'];
}

export function formValuesOf(app: AdminAppDetail): AppFormValues {
  return {
    appName: app.appName,
    description: app.description,
    projectId: app.projectId,
    agencyName: app.agencyName,
    service: app.nlpEngine.service,
    qnaHandler: app.nlpEngine.qnaHandler ?? '',
    dialogHandler: app.nlpEngine.dialogHandler ?? '',
    systemClassification: app.systemClassification,
    hosting: app.hosting,
    isPrivate: app.isPrivate,
    isGenerative: app.isGenerative,
    isPlaygroundEnabled: app.isPlaygroundEnabled,
    skipBackupResponse: app.skipBackupResponse,
    liveChatService: app.liveChatService ?? '',
    authenticationService: app.authenticationService ?? '',
    goLiveAt: app.goLiveAt ? app.goLiveAt.slice(0, 10) : '',
    civicChuMode: app.civicChuMode ?? '',
    allowedDomains: app.allowedDomains.join('\n'),
    subscriptionTier: app.subscriptionTier,
    restrictions: { ...app.restrictions },
  };
}

export function parseDomains(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d.length > 0);
}

/**
 * The PATCH body for what changed between `initial` and `values`. §5: an emptied live chat service,
 * authentication service or go-live date is sent in `unsets`, never as an empty string.
 */
export function buildAppPatch(initial: AppFormValues, values: AppFormValues): AppPatchDto {
  const patch: AppPatchDto = {};
  const unsets: Unsettable[] = [];
  const text = (key: 'appName' | 'description' | 'projectId' | 'agencyName' | 'systemClassification' | 'hosting' | 'subscriptionTier') => {
    if (values[key].trim() !== initial[key].trim()) patch[key] = values[key].trim();
  };
  text('appName');
  text('description');
  text('projectId');
  text('agencyName');
  text('systemClassification');
  text('hosting');
  text('subscriptionTier');
  for (const key of ['isPrivate', 'isGenerative', 'isPlaygroundEnabled', 'skipBackupResponse'] as const) {
    if (values[key] !== initial[key]) patch[key] = values[key];
  }
  for (const key of ['liveChatService', 'authenticationService'] as const) {
    const next = values[key].trim();
    if (next === initial[key].trim()) continue;
    if (next === '') unsets.push(key);
    else patch[key] = next;
  }
  if (values.goLiveAt !== initial.goLiveAt) {
    if (values.goLiveAt === '') unsets.push('goLiveAt');
    else patch.goLiveAt = new Date(`${values.goLiveAt}T00:00:00.000Z`).toISOString();
  }
  if (values.civicChuMode !== initial.civicChuMode) patch.civicChuMode = values.civicChuMode === '' ? null : values.civicChuMode;
  const domains = parseDomains(values.allowedDomains);
  if (domains.join(',') !== parseDomains(initial.allowedDomains).join(',')) patch.allowedDomains = domains;
  if (values.service !== initial.service || values.qnaHandler.trim() !== initial.qnaHandler.trim() || values.dialogHandler.trim() !== initial.dialogHandler.trim()) {
    patch.nlpEngine = {
      service: values.service,
      qnaHandler: values.qnaHandler.trim() || null,
      dialogHandler: values.dialogHandler.trim() || null,
    };
  }
  const flags = (Object.keys(values.restrictions) as Array<keyof AppFormValues['restrictions']>).filter((k) => values.restrictions[k] !== initial.restrictions[k]);
  if (flags.length > 0) patch.restrictions = Object.fromEntries(flags.map((k) => [k, values.restrictions[k]]));
  if (unsets.length > 0) patch.unsets = unsets;
  return patch;
}
