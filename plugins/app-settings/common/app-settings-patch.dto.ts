import { IsNumber, IsOptional, Max, Min } from '@civic/sdk/common/validators';
import { Messages } from '@civic/sdk/common/messages';

/** PATCH /api/v1/apps/{appId}/settings (§7): mlConfidenceThreshold, optional qnaConfidenceThreshold. */
export class AppSettingsPatchDto {
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: Messages.thresholdRange })
  @Min(0, { message: Messages.thresholdRange })
  @Max(1, { message: Messages.thresholdRange })
  mlConfidenceThreshold!: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: Messages.thresholdRange })
  @Min(0, { message: Messages.thresholdRange })
  @Max(1, { message: Messages.thresholdRange })
  qnaConfidenceThreshold?: number;
}
