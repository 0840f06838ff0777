/**
 * The response message views only (plain React + one CSS file): what the web chat widget imports,
 * so the editors and Blueprint stay out of its bundle. `contract/web/responses/views`.
 */
export {
  ResponseMessagesView,
  ResponseMessageView,
  type ReplyHandler,
  type ResponseMessagesViewProps,
  type ResponseMessageViewProps,
  type ResponseViewMode,
} from './response-message-view';
export { HtmlFrame } from './html-frame';
export { sanitizeHtmlForDisplay } from './sanitize-html';
