/**
 * The one response-message library of the browser, for plugins that require `knowledge-base`: the
 * views the web chat widget and the previews render, and the editors of the knowledge base. A bundle
 * that must stay small (the embeddable widget) imports `web/responses/views` instead.
 */
export {
  HtmlFrame,
  ResponseMessagesView,
  ResponseMessageView,
  sanitizeHtmlForDisplay,
  type ReplyHandler,
  type ResponseMessagesViewProps,
  type ResponseMessageViewProps,
  type ResponseViewMode,
} from './views';
export {
  buttonEntryRows,
  ButtonsField,
  CardFields,
  CardMessageEditor,
  CarouselMessageEditor,
  ChannelResponsesEditor,
  CustomPayloadMessageEditor,
  FileMessageEditor,
  FormMessageEditor,
  HtmlMessageEditor,
  ImageGalleryMessageEditor,
  ImageMessageEditor,
  MiniCarouselMessageEditor,
  PayloadMessageEditor,
  QuickRepliesMessageEditor,
  ResponseMessageEditor,
  TableCardMessageEditor,
  TextMessageEditor,
  VideoMessageEditor,
  type ChannelResponsesEditorProps,
  type FieldErrors,
  type MessageEditorProps,
} from './editors';
export { responseProblemsOf } from './response-problems';
