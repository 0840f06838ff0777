/**
 * Core tables plugins may query. Accounts, sessions and sign-in tables are deliberately absent:
 * plugins learn about the caller through the handler context, never by reading credentials.
 */
export {
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
} from '@civic/core/server/db/schema';
