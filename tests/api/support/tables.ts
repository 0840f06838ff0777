/**
 * Every table of the default profile, core's and the plugins', for tests that arrange or inspect
 * rows directly. Only tests see them all in one place: plugins reach another's data through its
 * contract.
 */
export {
  agencies,
  appMembers,
  apps,
  auditLog,
  featureFlags,
  jobs,
  loginFailures,
  loginNonces,
  oneTimeLinks,
  otpChallenges,
  outbox,
  rateLimits,
  sessions,
  ssoFlows,
  ssoIdentities,
  tierLimits,
  users,
} from '@civic/core/server/db/schema';
export { categories, labels } from '../../../plugins/classification/server/db/schema';
export { chatSessions, dialogEngineConfigs, transcripts } from '../../../plugins/dialog-engine/server/db/schema';
export { entityTypes } from '../../../plugins/entities/server/db/schema';
export { glossaryTerms, intentCategories, intentLabels, intents, trainingPhrases } from '../../../plugins/knowledge-base/server/db/schema';
export { adaptorApps, adaptors } from '../../../plugins/platform-admin/server/db/schema';
export { appProduction, importChunks, importStages, knowledgeVersions, publishingSettings, publishRequests } from '../../../plugins/publishing/server/db/schema';
export { webchatSettings } from '../../../plugins/webchat/server/db/schema';
