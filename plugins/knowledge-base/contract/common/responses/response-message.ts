/**
 * The message kinds of §3 "Message kinds": what an intent answers with, per channel. One shape for
 * the editors, the previews, the widget and the engine; stored as JSON in the intent's responses.
 * `type` discriminates. Field names follow Dialogflow's where it has the kind, so an export reads as
 * a Dialogflow agent.
 */
export const IMAGE_DISPLAY_OPTIONS = ['IMAGE_DISPLAY_OPTIONS_UNSPECIFIED', 'GRAY', 'WHITE', 'CROPPED', 'BLURRED_BACKGROUND'] as const;
export type ImageDisplayOption = (typeof IMAGE_DISPLAY_OPTIONS)[number];
export const HORIZONTAL_ALIGNMENTS = ['HORIZONTAL_ALIGNMENT_UNSPECIFIED', 'LEADING', 'CENTER', 'TRAILING'] as const;
export type HorizontalAlignment = (typeof HORIZONTAL_ALIGNMENTS)[number];
export const URL_TYPE_HINTS = ['URL_TYPE_HINT_UNSPECIFIED', 'AMP_ACTION', 'AMP_CONTENT'] as const;
export type UrlTypeHint = (typeof URL_TYPE_HINTS)[number];

export interface CardButton {
  text: string;
  /** A URL the button opens, or text sent back as the user's reply. */
  postback: string;
  urlHint?: UrlTypeHint;
}

export interface Card {
  title: string;
  subtitle: string;
  imageUri: string;
  imageDisplay?: ImageDisplayOption;
  buttons: CardButton[];
}

export interface TextMessage { type: 'text'; text: string[] }
export interface ImageMessage { type: 'image'; imageUri: string; accessibilityText: string }
export interface QuickRepliesMessage { type: 'quickReplies'; title: string; quickReplies: string[] }
export interface CardMessage { type: 'card'; card: Card }
export interface TableCardColumn { header: string; horizontalAlignment: HorizontalAlignment }
export interface TableCardRow { cells: string[]; dividerAfter: boolean }
export interface TableCardMessage {
  type: 'tableCard';
  title: string;
  subtitle: string;
  imageUri: string;
  columns: TableCardColumn[];
  rows: TableCardRow[];
  buttons: CardButton[];
}
/** §3 "payload (wrapper with type and content)": a typed payload a channel understands. */
export interface PayloadMessage { type: 'payload'; payloadType: string; content: string }
export type FormFieldType = 'text' | 'email' | 'number' | 'date' | 'select';
export interface FormField { name: string; label: string; fieldType: FormFieldType; required: boolean; options: string[] }
export interface FormMessage { type: 'form'; title: string; fields: FormField[]; submitLabel: string }
export interface CarouselMessage { type: 'carousel'; items: Array<{ card: Card }> }
export interface VideoMessage { type: 'video'; videoUri: string; title: string }
export interface HtmlMessage { type: 'html'; html: string }
/** JSON text as the editor holds it; must parse (§5). */
export interface CustomPayloadMessage { type: 'customPayload'; json: string }
export interface FileMessage { type: 'file'; fileUri: string; name: string }
export interface ImageGalleryMessage { type: 'imageGallery'; images: Array<{ imageUri: string; accessibilityText: string }> }
export interface MiniCarouselItem { title: string; imageUri: string; postback: string }
export interface MiniCarouselMessage { type: 'miniCarousel'; items: MiniCarouselItem[] }

export type ResponseMessage =
  | TextMessage
  | ImageMessage
  | QuickRepliesMessage
  | CardMessage
  | TableCardMessage
  | PayloadMessage
  | FormMessage
  | CarouselMessage
  | VideoMessage
  | HtmlMessage
  | CustomPayloadMessage
  | FileMessage
  | ImageGalleryMessage
  | MiniCarouselMessage;

export type ResponseMessageType = ResponseMessage['type'];

export const RESPONSE_MESSAGE_TYPES: readonly ResponseMessageType[] = [
  'text', 'image', 'quickReplies', 'card', 'tableCard', 'payload', 'form', 'carousel', 'video', 'html',
  'customPayload', 'file', 'imageGallery', 'miniCarousel',
];
