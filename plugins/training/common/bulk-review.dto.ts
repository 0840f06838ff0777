import { Messages } from '@civic/sdk/common/messages';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, Type, ValidateIf, ValidateNested } from '@civic/sdk/common/validators';
import { REVIEW_STATUSES, type ReviewStatus } from './api';
import { TrainingMessages } from './messages';
import { TranscriptSearchDto } from './transcript-search.dto';

/**
 * POST /api/v1/apps/{appId}/transcripts/bulk-update-review-status (§7): the status for a selection
 * (`transcriptIds`) or for every question a search finds (`filter`, at most BULK_FILTER_MAX).
 * Dismissing needs a reason (§8).
 */
export class BulkReviewDto {
  @ValidateIf((dto: BulkReviewDto) => dto.filter === undefined)
  @IsArray({ message: TrainingMessages.targetRequired })
  @ArrayMaxSize(1000, { message: TrainingMessages.tooManyIds })
  @IsUUID('all', { each: true })
  transcriptIds?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => TranscriptSearchDto)
  filter?: TranscriptSearchDto;

  @IsIn(REVIEW_STATUSES, { message: TrainingMessages.reviewStatusInvalid })
  reviewStatus!: ReviewStatus;

  @ValidateIf((dto: BulkReviewDto) => dto.reviewStatus === 'DISMISSED')
  @MaxLength(500, { message: TrainingMessages.reasonTooLong })
  @Matches(/\S/, { message: Messages.dismissalReasonRequired })
  @IsString({ message: Messages.dismissalReasonRequired })
  reason?: string;
}

/** POST …/transcripts/trained: the questions were trained into an intent (the history's record). */
export class TrainedDto {
  @IsArray()
  @ArrayMaxSize(1000, { message: TrainingMessages.tooManyIds })
  @IsUUID('all', { each: true })
  transcriptIds!: string[];

  @IsIn(['added-phrase', 'created-intent'])
  action!: 'added-phrase' | 'created-intent';

  @IsUUID('all')
  intentId!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  intentName!: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  phrase?: string;

  /** The accuracy measured just before the step (POST …/training-accuracy): the history shows it beside the accuracy after. */
  @IsOptional()
  @IsUUID('all')
  beforeMeasurementId?: string;
}
