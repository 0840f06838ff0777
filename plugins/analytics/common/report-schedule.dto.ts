import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsEmail, IsIn, IsOptional } from '@civic/sdk/common/validators';
import { AnalyticsQueryDto } from './analytics-query.dto';
import { AnalyticsMessages } from './messages';

/** App settings, Reports: how often, in which format, to which members. */
export class ReportScheduleDto {
  @IsIn(['weekly', 'monthly'], { message: AnalyticsMessages.frequencyInvalid })
  frequency!: 'weekly' | 'monthly';

  @IsIn(['pdf', 'csv'], { message: AnalyticsMessages.formatInvalid })
  format!: 'pdf' | 'csv';

  @IsArray({ message: AnalyticsMessages.recipientsRequired })
  @ArrayMinSize(1, { message: AnalyticsMessages.recipientsRequired })
  @ArrayMaxSize(50, { message: AnalyticsMessages.recipientsTooMany })
  @IsEmail({}, { each: true, message: AnalyticsMessages.recipientInvalid })
  recipients!: string[];

  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** GET bot-summary/export: the §9 range and the file format. */
export class ReportExportQueryDto extends AnalyticsQueryDto {
  @IsIn(['pdf', 'csv'], { message: AnalyticsMessages.formatInvalid })
  format!: 'pdf' | 'csv';
}
