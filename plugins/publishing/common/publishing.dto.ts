import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, Type, ValidateNested } from '@civic/sdk/common/validators';
import { ConflictPaging } from './api';
import { BULK_LIMITS, BulkMessages } from './bulk';
import { PublishingMessages } from './messages';

export const NOTE_MAX = 500;

/** POST …/publishing/publish: publish the draft (or ask for approval) with a note. */
export class PublishDto {
  @IsOptional()
  @IsString()
  @MaxLength(NOTE_MAX, { message: PublishingMessages.noteTooLong })
  note?: string;

  /** The editor has seen that the replay of recent questions changes answers, and publishes anyway. */
  @IsOptional()
  @IsBoolean()
  acknowledgeChanges?: boolean;
}

/** POST …/publishing/requests/{id}/reject. */
export class RejectDto {
  @IsOptional()
  @IsString()
  @MaxLength(NOTE_MAX, { message: PublishingMessages.noteTooLong })
  reason?: string;
}

/** POST …/publishing/rollback: make an earlier version production again (the draft is kept). */
export class RollbackDto {
  @IsUUID('all', { message: PublishingMessages.versionNotFound })
  versionId!: string;
}

/** PATCH …/publishing/settings. */
export class PublishingSettingsDto {
  @IsBoolean()
  requireApproval!: boolean;
}

/** `draft`, `production` or a version id. */
/** `request` is the snapshot pinned by the pending publish request. */
const SIDE = /^(draft|production|request|[0-9a-fA-F-]{36})$/;

/** GET …/publishing/diff?from=&to= (default: production → draft). */
export class DiffQueryDto {
  @IsOptional()
  @Matches(SIDE, { message: 'from must be draft, production, request or a version id' })
  from?: string;

  @IsOptional()
  @Matches(SIDE, { message: 'to must be draft, production, request or a version id' })
  to?: string;
}

/** POST …/import: a Dialogflow ES agent zip, base64 in JSON. */
export class ImportAgentDto {
  @IsString()
  @MinLength(1, { message: PublishingMessages.fileRequired })
  @MaxLength(255)
  fileName!: string;

  @IsString()
  @MinLength(1, { message: PublishingMessages.fileRequired })
  @Matches(/^[A-Za-z0-9+/]*={0,2}$/, { message: PublishingMessages.notBase64 })
  content!: string;
}

/**
 * POST …/import: the zip, and the confirmation an import needs when it would overwrite changed intents or
 * entity types of the draft: `overwrite: true`, or the `previewToken` of a preview of this file against
 * the draft as it still is.
 */
export class ImportAgentConfirmDto extends ImportAgentDto {
  @IsOptional()
  @IsBoolean()
  overwrite?: boolean;

  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: PublishingMessages.importPreviewStale })
  previewToken?: string;
}

/** POST …/conflicts/phrases/{phraseId}/move. */
export class MovePhraseDto {
  @IsUUID('all', { message: PublishingMessages.intentNotFound })
  toIntentId!: string;
}

/** The page size of the conflict report's keyset pages. */
class ConflictPageDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: PublishingMessages.conflictLimit })
  @Min(1, { message: PublishingMessages.conflictLimit })
  @Max(ConflictPaging.maxLimit, { message: PublishingMessages.conflictLimit })
  limit?: number;
}

/** GET …/conflicts?sort=&after=&limit=: `after` is the `next` of the page before. */
export class ConflictsQueryDto extends ConflictPageDto {
  @IsOptional()
  @IsIn(['pairs', 'score'], { message: PublishingMessages.conflictSort })
  sort?: 'pairs' | 'score';

  @IsOptional()
  @IsString()
  @Matches(/^\d{1,9}\.\d{1,9}$/, { message: PublishingMessages.conflictCursor })
  after?: string;
}

/** GET …/conflicts/groups/{a}/{b}/pairs?after=&limit=. */
export class ConflictPairsQueryDto extends ConflictPageDto {
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,9}$/, { message: PublishingMessages.conflictCursor })
  after?: string;
}

/** GET …/jobs?kind=. */
export class JobsQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  kind?: string;
}

export class GeneratedPairDto {
  @IsString()
  @MinLength(1, { message: BulkMessages.questionRequired })
  @MaxLength(BULK_LIMITS.questionMax, { message: BulkMessages.questionTooLong })
  question!: string;

  @IsString()
  @MinLength(1, { message: BulkMessages.answerRequired })
  @MaxLength(BULK_LIMITS.answerMax, { message: BulkMessages.answerTooLong })
  answer!: string;
}

/** POST …/qna-generator/apply: approved pairs go into the draft with the document as their source. */
export class GeneratorApplyDto {
  @IsString()
  @MinLength(1, { message: 'Name the source document' })
  @MaxLength(500)
  source!: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'Approve at least one pair' })
  @ArrayMaxSize(1000, { message: 'At most 1,000 pairs at a time' })
  @ValidateNested({ each: true })
  @Type(() => GeneratedPairDto)
  pairs!: GeneratedPairDto[];
}
