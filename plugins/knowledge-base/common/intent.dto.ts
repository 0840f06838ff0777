import { WEBHOOK_STATES, type IntentKind, type WebhookState } from '../contract/common/knowledge/index';
import { Limits, Messages } from '@civic/sdk/common/messages';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  Transform,
  Type,
  ValidateNested,
} from '@civic/sdk/common/validators';
import { ChannelResponsesDto, PLATFORMS } from '../contract/common/responses/index';
import { INTENT_SORTS, type IntentSort } from './intent-sorts';
import { KbMessages } from './messages';

/** `@name`, `@sys.date`, `@sys.any:location` …: the entity an annotated part refers to. */
export const ENTITY_REF = /^@[A-Za-z][\w.:-]*$/;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value);

export class PhrasePartDto {
  @IsString()
  @MaxLength(500)
  text!: string;

  @IsOptional()
  @IsString()
  @Matches(ENTITY_REF, { message: KbMessages.entityRef })
  entity_type?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  param_name?: string;

  @IsOptional()
  @IsBoolean()
  manual_tagged?: boolean;
}

/** §3 Training phrase: example or template, its annotated parts. */
export class TrainingPhraseDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  reference_id?: string;

  @IsIn(['example', 'template'])
  type!: 'example' | 'template';

  @IsArray()
  @ArrayMinSize(1, { message: KbMessages.phraseTextRequired })
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PhrasePartDto)
  parts!: PhrasePartDto[];
}

/** §3 Action parameter; the display name is cleaned to letters, digits, dash, underscore (§5). */
export class ActionParameterDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  reference_id?: string;

  @IsString()
  @MaxLength(100)
  display_name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  entity_type_display_name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  value?: string;

  @IsOptional()
  @IsBoolean()
  mandatory?: boolean;

  @IsOptional()
  @IsBoolean()
  is_list?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(Limits.promptsPerParameterMax, { message: KbMessages.promptsMax })
  @IsString({ each: true })
  @MaxLength(1000, { each: true })
  prompts?: string[];
}

export class OutputContextDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @IsInt()
  @Min(0)
  @Max(100)
  lifespanCount!: number;
}

/** POST /api/v1/apps/{appId}/intents: an intent or a Q&A pair (kind `qna`), with the editor's form. */
export class IntentCreateDto {
  @IsOptional()
  @IsIn(['intent', 'qna'])
  kind?: IntentKind;

  @Transform(trim)
  @IsString({ message: KbMessages.nameRequired })
  @IsNotEmpty({ message: KbMessages.nameRequired })
  @MaxLength(100, { message: KbMessages.nameTooLong })
  displayName!: string;

  @IsOptional()
  @IsUUID('all')
  parentId?: string | null;

  @IsOptional()
  @IsIn(WEBHOOK_STATES)
  webhook_state?: WebhookState;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  action?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  events?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  inputContexts?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => OutputContextDto)
  outputContexts?: OutputContextDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2000)
  @ValidateNested({ each: true })
  @Type(() => TrainingPhraseDto)
  trainingPhrases?: TrainingPhraseDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(Limits.parametersMax, { message: KbMessages.parametersMax })
  @ValidateNested({ each: true })
  @Type(() => ActionParameterDto)
  parameters?: ActionParameterDto[];

  /** Channel responses (§3), every message by its kind; normalised and sanitised on save (§5). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(PLATFORMS.length)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => ChannelResponsesDto)
  responses?: ChannelResponsesDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  categoryIds?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  labelIds?: string[];

  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(200)
  answerOwner?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsUrl({ protocols: ['https'], require_protocol: true }, { message: Messages.invalidHttpsUrl })
  @MaxLength(2000)
  sourceUrl?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: KbMessages.reviewByDate })
  reviewBy?: string | null;
}

/** PUT /api/v1/apps/{appId}/intents/{intentId}: the whole intent plus the version it was edited from. */
export class IntentUpdateDto extends IntentCreateDto {
  @IsInt()
  @Min(1)
  version!: number;
}

export { INTENT_SORTS, type IntentSort } from './intent-sorts';

/** GET /api/v1/apps/{appId}/intents: search, filters, sort and a page of the flattened tree. */
export class IntentListQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @IsOptional()
  @IsIn(['intent', 'qna'])
  kind?: IntentKind;

  @IsOptional()
  @IsUUID('all')
  categoryId?: string;

  @IsOptional()
  @IsUUID('all')
  labelId?: string;

  @IsOptional()
  @IsIn(INTENT_SORTS)
  sort?: IntentSort;

  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}
