import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from '@civic/sdk/common/validators';
import { AnalyticsMessages } from './messages';

/** §7 POST /api/v1/feature-usages: appId, event, feature, module, intentId, intentName, data. */
export class FeatureUsageDto {
  @IsOptional() @IsString() @MaxLength(200, { message: AnalyticsMessages.fieldTooLong })
  appId?: string;

  @IsString({ message: AnalyticsMessages.eventRequired }) @IsNotEmpty({ message: AnalyticsMessages.eventRequired }) @MaxLength(200, { message: AnalyticsMessages.fieldTooLong })
  event!: string;

  @IsString({ message: AnalyticsMessages.featureRequired }) @IsNotEmpty({ message: AnalyticsMessages.featureRequired }) @MaxLength(200, { message: AnalyticsMessages.fieldTooLong })
  feature!: string;

  @IsOptional() @IsString() @MaxLength(200, { message: AnalyticsMessages.fieldTooLong })
  module?: string;

  @IsOptional() @IsString() @MaxLength(200, { message: AnalyticsMessages.fieldTooLong })
  intentId?: string;

  @IsOptional() @IsString() @MaxLength(200, { message: AnalyticsMessages.fieldTooLong })
  intentName?: string;

  @IsOptional() @IsObject()
  data?: Record<string, unknown>;
}
