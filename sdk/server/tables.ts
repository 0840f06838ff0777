/**
 * Core tables plugins may query. Accounts, sessions and sign-in tables are deliberately absent:
 * plugins learn about the caller through the handler context, never by reading credentials.
 */
export {
  adaptorApps,
  adaptors,
  agencies,
  appMembers,
  appProduction,
  apps,
  auditLog,
  categories,
  entityTypes,
  featureFlags,
  glossaryTerms,
  intentCategories,
  intentLabels,
  intents,
  jobs,
  knowledgeVersions,
  labels,
  publishingSettings,
  publishRequests,
  tierLimits,
  trainingPhrases,
  webchatSettings,
} from '@civic/core/server/db/schema';
export { chatSessions, dialogEngineConfigs, transcripts } from '@civic/core/server/db/schema';
