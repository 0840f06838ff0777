export { prepareResponsesForStorage, sanitizeHtml } from './sanitize-html';
