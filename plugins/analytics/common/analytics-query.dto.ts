import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min, Type } from '@civic/sdk/common/validators';
import { RANGE_PRESETS } from './date-range';
import { AnalyticsMessages } from './messages';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The query of every analytics report: a §9 preset or a from/to pair of days, and the filters. */
export class AnalyticsQueryDto {
  @IsOptional()
  @IsIn(RANGE_PRESETS.map(String), { message: AnalyticsMessages.presetInvalid })
  preset?: string;

  @IsOptional()
  @Matches(DAY, { message: AnalyticsMessages.dayInvalid })
  from?: string;

  @IsOptional()
  @Matches(DAY, { message: AnalyticsMessages.dayInvalid })
  to?: string;

  @IsOptional()
  @IsString({ message: AnalyticsMessages.channelInvalid })
  @MaxLength(40, { message: AnalyticsMessages.channelInvalid })
  channel?: string;

  @IsOptional()
  @IsIn(['draft', 'production'], { message: AnalyticsMessages.environmentInvalid })
  environment?: string;
}

/** The drill-down behind an intent's bar: its turns in the range, newest first. */
export class IntentTranscriptsQueryDto extends AnalyticsQueryDto {
  /** '' is the turns no intent answered. */
  @IsString()
  @MaxLength(200, { message: AnalyticsMessages.fieldTooLong })
  intent!: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  pageNum?: number;
}
