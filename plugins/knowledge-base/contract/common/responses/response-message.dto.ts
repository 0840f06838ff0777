import { plainToInstance, Transform, Type } from '@civic/sdk/common/validators';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
  ValidateNested,
  type ValidationOptions,
} from '@civic/sdk/common/validators';
import { Messages } from '@civic/sdk/common/messages';
import {
  HORIZONTAL_ALIGNMENTS,
  IMAGE_DISPLAY_OPTIONS,
  RESPONSE_MESSAGE_TYPES,
  URL_TYPE_HINTS,
  type Card,
  type CardButton,
  type CardMessage,
  type CarouselMessage,
  type CustomPayloadMessage,
  type FileMessage,
  type FormField,
  type FormFieldType,
  type FormMessage,
  type HorizontalAlignment,
  type HtmlMessage,
  type ImageDisplayOption,
  type ImageGalleryMessage,
  type ImageMessage,
  type MiniCarouselItem,
  type MiniCarouselMessage,
  type PayloadMessage,
  type QuickRepliesMessage,
  type ResponseMessageType,
  type TableCardColumn,
  type TableCardMessage,
  type TableCardRow,
  type TextMessage,
  type UrlTypeHint,
  type VideoMessage,
} from './response-message';
import { checkResponseUrl, isUrlPostback, type UrlKind } from './urls';
import { KbMessages } from '../../../common/messages';

/**
 * class-validator DTOs for every message kind of §3: the same classes check an intent's responses
 * in the editor and in the API route. They check shape and URLs; the §5 save rules (dropping empty
 * parts) are `normaliseChannelResponses`, the rest of §5 is `validateChannelResponses`.
 */

/** Limits that keep one stored intent reasonable; the editors never get near them. */
export const RESPONSE_LIMITS = {
  shortText: 500,
  longText: 4096,
  url: 2048,
  html: 100_000,
  json: 100_000,
  listItems: 50,
  buttons: 10,
  carouselButtons: 3,
  messagesPerChannel: 50,
} as const;

const urlMessage = (kind: UrlKind) => (args?: { value: unknown }) =>
  typeof args?.value === 'string' && checkResponseUrl(args.value, kind) === 'notHttps' ? Messages.invalidHttpsUrl : KbMessages.invalidUrl;

/** A URL field of a response (§5): empty, a site path, or an https URL. */
export function IsResponseUrl(kind: UrlKind = 'resource', options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isResponseUrl',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && checkResponseUrl(value, kind) === 'ok',
        defaultMessage: urlMessage(kind),
      },
    },
    options,
  );
}

/** A button postback: reply text, or a URL that passes the URL rule. */
export function IsPostback(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPostback',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && (!isUrlPostback(value) || checkResponseUrl(value, 'link') === 'ok'),
        defaultMessage: urlMessage('link'),
      },
    },
    options,
  );
}

/** A nested list of DTOs: an array of at most `max` objects, each validated as `cls`. */
function NestedList(cls: () => new () => object, max: number): PropertyDecorator {
  const parts = [IsArray(), ArrayMaxSize(max), IsObject({ each: true }), ValidateNested({ each: true }), Type(cls)];
  return (target, property) => parts.forEach((decorate) => decorate(target, property));
}

export class CardButtonDto implements CardButton {
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) text = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.url) @IsPostback() postback = '';
  @IsOptional() @IsIn(URL_TYPE_HINTS) urlHint?: UrlTypeHint;
}

export class CardDto implements Card {
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) title = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.longText) subtitle = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.url) @IsResponseUrl() imageUri = '';
  @IsOptional() @IsIn(IMAGE_DISPLAY_OPTIONS) imageDisplay?: ImageDisplayOption;
  @NestedList(() => CardButtonDto, RESPONSE_LIMITS.buttons)
  buttons: CardButtonDto[] = [];
}

/** Fields every kind has: its `type`. Unknown kinds fall back to this class and fail here. */
export class ResponseMessageBaseDto {
  @IsIn(RESPONSE_MESSAGE_TYPES, { message: 'The message kind is not known.' }) type!: ResponseMessageType;
}

export class TextMessageDto extends ResponseMessageBaseDto implements TextMessage {
  override type = 'text' as const;
  @IsArray() @ArrayMaxSize(RESPONSE_LIMITS.listItems) @IsString({ each: true }) @MaxLength(RESPONSE_LIMITS.longText, { each: true })
  text: string[] = [];
}

export class ImageMessageDto extends ResponseMessageBaseDto implements ImageMessage {
  override type = 'image' as const;
  @IsString() @MaxLength(RESPONSE_LIMITS.url) @IsResponseUrl() imageUri = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) accessibilityText = '';
}

export class QuickRepliesMessageDto extends ResponseMessageBaseDto implements QuickRepliesMessage {
  override type = 'quickReplies' as const;
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) title = '';
  @IsArray() @ArrayMaxSize(RESPONSE_LIMITS.listItems) @IsString({ each: true }) @MaxLength(RESPONSE_LIMITS.shortText, { each: true })
  quickReplies: string[] = [];
}

export class CardMessageDto extends ResponseMessageBaseDto implements CardMessage {
  override type = 'card' as const;
  @IsObject() @ValidateNested() @Type(() => CardDto) card: CardDto = new CardDto();
}

export class TableCardColumnDto implements TableCardColumn {
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) header = '';
  @IsIn(HORIZONTAL_ALIGNMENTS) horizontalAlignment: HorizontalAlignment = 'HORIZONTAL_ALIGNMENT_UNSPECIFIED';
}

export class TableCardRowDto implements TableCardRow {
  @IsArray() @ArrayMaxSize(RESPONSE_LIMITS.listItems) @IsString({ each: true }) @MaxLength(RESPONSE_LIMITS.shortText, { each: true })
  cells: string[] = [];
  @IsBoolean() dividerAfter = false;
}

export class TableCardMessageDto extends ResponseMessageBaseDto implements TableCardMessage {
  override type = 'tableCard' as const;
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) title = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.longText) subtitle = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.url) @IsResponseUrl() imageUri = '';
  @NestedList(() => TableCardColumnDto, RESPONSE_LIMITS.listItems)
  columns: TableCardColumnDto[] = [];
  @NestedList(() => TableCardRowDto, RESPONSE_LIMITS.listItems)
  rows: TableCardRowDto[] = [];
  @NestedList(() => CardButtonDto, RESPONSE_LIMITS.buttons)
  buttons: CardButtonDto[] = [];
}

export class PayloadMessageDto extends ResponseMessageBaseDto implements PayloadMessage {
  override type = 'payload' as const;
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) payloadType = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.json) content = '';
}

export const FORM_FIELD_TYPES: readonly FormFieldType[] = ['text', 'email', 'number', 'date', 'select'];

export class FormFieldDto implements FormField {
  @IsString() @MaxLength(100) name = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) label = '';
  @IsIn(FORM_FIELD_TYPES) fieldType: FormFieldType = 'text';
  @IsBoolean() required = false;
  @IsArray() @ArrayMaxSize(RESPONSE_LIMITS.listItems) @IsString({ each: true }) @MaxLength(RESPONSE_LIMITS.shortText, { each: true })
  options: string[] = [];
}

export class FormMessageDto extends ResponseMessageBaseDto implements FormMessage {
  override type = 'form' as const;
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) title = '';
  @NestedList(() => FormFieldDto, RESPONSE_LIMITS.listItems)
  fields: FormFieldDto[] = [];
  @IsString() @MaxLength(100) submitLabel = '';
}

export class CarouselItemDto {
  @IsObject() @ValidateNested() @Type(() => CardDto) card: CardDto = new CardDto();
}

export class CarouselMessageDto extends ResponseMessageBaseDto implements CarouselMessage {
  override type = 'carousel' as const;
  @NestedList(() => CarouselItemDto, RESPONSE_LIMITS.listItems)
  items: CarouselItemDto[] = [];
}

export class VideoMessageDto extends ResponseMessageBaseDto implements VideoMessage {
  override type = 'video' as const;
  @IsString() @MaxLength(RESPONSE_LIMITS.url) @IsResponseUrl() videoUri = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) title = '';
}

export class HtmlMessageDto extends ResponseMessageBaseDto implements HtmlMessage {
  override type = 'html' as const;
  @IsString() @MaxLength(RESPONSE_LIMITS.html) html = '';
}

export class CustomPayloadMessageDto extends ResponseMessageBaseDto implements CustomPayloadMessage {
  override type = 'customPayload' as const;
  @IsString() @MaxLength(RESPONSE_LIMITS.json) json = '';
}

export class FileMessageDto extends ResponseMessageBaseDto implements FileMessage {
  override type = 'file' as const;
  @IsString() @MaxLength(RESPONSE_LIMITS.url) @IsResponseUrl() fileUri = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) name = '';
}

export class GalleryImageDto {
  @IsString() @MaxLength(RESPONSE_LIMITS.url) @IsResponseUrl() imageUri = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) accessibilityText = '';
}

export class ImageGalleryMessageDto extends ResponseMessageBaseDto implements ImageGalleryMessage {
  override type = 'imageGallery' as const;
  @NestedList(() => GalleryImageDto, RESPONSE_LIMITS.listItems)
  images: GalleryImageDto[] = [];
}

export class MiniCarouselItemDto implements MiniCarouselItem {
  @IsString() @MaxLength(RESPONSE_LIMITS.shortText) title = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.url) @IsResponseUrl() imageUri = '';
  @IsString() @MaxLength(RESPONSE_LIMITS.url) @IsPostback() postback = '';
}

export class MiniCarouselMessageDto extends ResponseMessageBaseDto implements MiniCarouselMessage {
  override type = 'miniCarousel' as const;
  @NestedList(() => MiniCarouselItemDto, RESPONSE_LIMITS.listItems)
  items: MiniCarouselItemDto[] = [];
}

/** The DTO class of each kind, by its `type`. */
export const RESPONSE_MESSAGE_DTOS = {
  text: TextMessageDto,
  image: ImageMessageDto,
  quickReplies: QuickRepliesMessageDto,
  card: CardMessageDto,
  tableCard: TableCardMessageDto,
  payload: PayloadMessageDto,
  form: FormMessageDto,
  carousel: CarouselMessageDto,
  video: VideoMessageDto,
  html: HtmlMessageDto,
  customPayload: CustomPayloadMessageDto,
  file: FileMessageDto,
  imageGallery: ImageGalleryMessageDto,
  miniCarousel: MiniCarouselMessageDto,
} as const satisfies Record<ResponseMessageType, new () => ResponseMessageBaseDto>;

export type ResponseMessageDto = InstanceType<(typeof RESPONSE_MESSAGE_DTOS)[ResponseMessageType]>;

/** The DTO instance of one plain message, by its `type`; anything else is left for the validator to refuse. */
function toMessageDto(item: unknown): unknown {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const type = (item as { type?: unknown }).type;
  const cls =
    typeof type === 'string' && Object.prototype.hasOwnProperty.call(RESPONSE_MESSAGE_DTOS, type)
      ? RESPONSE_MESSAGE_DTOS[type as ResponseMessageType]
      : ResponseMessageBaseDto;
  return plainToInstance(cls as new () => ResponseMessageBaseDto, item, { exposeDefaultValues: true });
}

/**
 * Put on any property that holds a list of messages (with `@IsArray() @ValidateNested({ each: true })`):
 * each message becomes the DTO class of its kind, so it is validated by its kind's rules.
 * (class-transformer's own discriminator throws on a `null` element — a 500 — hence this.)
 */
export function ResponseMessagesType(): PropertyDecorator {
  const type = Type(() => ResponseMessageBaseDto);
  const transform = Transform(({ obj, key, value }) => {
    const source = (obj as Record<string, unknown>)[key];
    return Array.isArray(source) ? source.map(toMessageDto) : value;
  });
  return (target, property) => {
    type(target, property);
    transform(target, property);
  };
}
