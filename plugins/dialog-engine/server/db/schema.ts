/** The tables of dialog-engine. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- dialog-engine`). */
export { chatSessions, dialogEngineConfigs, transcripts } from './chat';
export { trainedModels } from './trained-models';
