/** The tables of knowledge-base. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- knowledge-base`). */
export { intents } from './intents';
export { trainingPhrases } from './training-phrases';
export { glossaryTerms } from './glossary-terms';
export { intentCategories, intentLabels } from './intent-classification';
