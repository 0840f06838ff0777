import { IsBoolean, IsInt, Max, Min } from '@civic/sdk/common/validators';

/** PUT /api/v1/admin/subscription-tier-limit/{tier}: the whole shape of one tier. */
export class TierLimitDto {
  @IsInt({ message: 'maxIntents must be a whole number' }) @Min(0) @Max(1_000_000)
  maxIntents!: number;

  @IsInt({ message: 'maxMembers must be a whole number' }) @Min(1, { message: 'maxMembers must be at least 1' }) @Max(100_000)
  maxMembers!: number;

  @IsInt({ message: 'maxMonthlySessions must be a whole number' }) @Min(0) @Max(1_000_000_000)
  maxMonthlySessions!: number;

  @IsBoolean() analytics!: boolean;
  @IsBoolean() categories!: boolean;
  @IsBoolean() labels!: boolean;
  @IsBoolean() trainingHub!: boolean;
}

/** PATCH /api/v1/admin/feature-flags/{name} */
export class FeatureFlagPatchDto {
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;
}
