import { Paging } from '@civic/sdk/common/messages';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  Type,
  ValidateNested,
} from '@civic/sdk/common/validators';
import { TRANSCRIPT_FILTER_FIELDS, TRANSCRIPT_FILTER_OPERATORS, TRANSCRIPT_SORT_FIELDS, type TranscriptFilterField, type TranscriptFilterOperator, type TranscriptSortField } from '../../dialog-engine/contract/index';

/** An ISO date (2026-11-20) or date-time. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** §3 table filter item: field, operator, value. */
export class TranscriptFilterDto {
  @IsIn(TRANSCRIPT_FILTER_FIELDS, { message: `field must be one of ${TRANSCRIPT_FILTER_FIELDS.join(', ')}` })
  field!: TranscriptFilterField;

  @IsIn(TRANSCRIPT_FILTER_OPERATORS, { message: `operator must be one of ${TRANSCRIPT_FILTER_OPERATORS.join(', ')}` })
  operator!: TranscriptFilterOperator;

  @IsString()
  @MaxLength(200)
  value!: string;
}

/**
 * POST /api/v1/apps/{appId}/transcripts/search (§7). The review-status condition is one of `filters`
 * (field reviewStatus); without one the server applies §7's: contains "" for unmatched questions,
 * equals PENDING for matched ones. Dates default to the training range (§9: the last 5 days up to
 * yesterday); `end` is inclusive when given as a date.
 */
export class TranscriptSearchDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => TranscriptFilterDto)
  filters?: TranscriptFilterDto[];

  /** §3 table filter link between the user's items. */
  @IsOptional()
  @IsIn(['AND', 'OR'])
  filterLink?: 'AND' | 'OR';

  /** Words in the question. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @IsOptional()
  @Matches(ISO_DATE, { message: 'start must be an ISO date' })
  start?: string;

  @IsOptional()
  @Matches(ISO_DATE, { message: 'end must be an ISO date' })
  end?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100_000)
  pageNum?: number = Paging.defaultPage;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(200)
  pageSize?: number = Paging.defaultPageSize;

  @IsOptional()
  @IsIn(TRANSCRIPT_SORT_FIELDS)
  sortBy?: TranscriptSortField;

  @IsOptional()
  @IsIn(['asc', 'desc'])
  sortOrder?: 'asc' | 'desc';

  @IsOptional()
  @IsBoolean()
  isMatchedIntents?: boolean;

  /** The previous page's `next`: keyset paging (then `pageNum` is only echoed). */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  cursor?: string;
}
