import { IsNumber, IsOptional, Max, Min, ValidateIf } from '@civic/sdk/common/validators';
import { Messages } from '@civic/sdk/common/messages';

/**
 * PATCH /api/v1/apps/{appId}/settings (§7): mlConfidenceThreshold, optional qnaConfidenceThreshold.
 * null is "automatic": the threshold the app's trained model suggests from its own held-out phrases.
 */
export class AppSettingsPatchDto {
  @ValidateIf((dto: AppSettingsPatchDto) => dto.mlConfidenceThreshold !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: Messages.thresholdRange })
  @Min(0, { message: Messages.thresholdRange })
  @Max(1, { message: Messages.thresholdRange })
  mlConfidenceThreshold!: number | null;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: Messages.thresholdRange })
  @Min(0, { message: Messages.thresholdRange })
  @Max(1, { message: Messages.thresholdRange })
  qnaConfidenceThreshold?: number | null;
}
