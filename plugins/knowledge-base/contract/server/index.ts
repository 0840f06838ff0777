/** What plugins that require the knowledge base may use on the server. */
export { readDraftSnapshot } from '../../server/draft-snapshot';
export { glossaryTerms, intentCategories, intentLabels, intents, trainingPhrases } from './tables';
