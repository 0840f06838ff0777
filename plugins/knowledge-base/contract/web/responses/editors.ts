/** The response editors (Blueprint): `contract/web/responses/editors`. Load lazily with the page. */
export { ChannelResponsesEditor, type ChannelResponsesEditorProps } from './channel-responses-editor';
export {
  CardMessageEditor,
  CarouselMessageEditor,
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
  type MessageEditorProps,
} from './editors/message-editors';
export { buttonEntryRows, ButtonsField, CardFields, type FieldErrors } from './editors/fields';
