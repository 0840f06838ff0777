export { prepareResponsesForStorage, sanitizeHtml } from './sanitize-html';
export { prepareResponsesOrThrow, responseProblemPath } from './prepare-for-storage';
