/** The tables of publishing. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- publishing`). */
export { appProduction, knowledgeVersions, publishingSettings, publishReplays, publishRequests } from './publishing';
export { conflictGroups, conflictPairs, conflictRuns } from './conflict-tables';
export { importChunks, importStages } from './import-stages';
