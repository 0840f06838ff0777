/**
 * The tables of knowledge-base that plugins requiring it still read directly. Transitional: each read moves
 * behind a service of this contract, then this file goes (docs/sdk-guide.md, Contracts).
 */
export { glossaryTerms, intentCategories, intentLabels, intents, trainingPhrases } from '../../server/db/schema';
