import { IsBoolean, IsInt, Max, Min } from '@civic/sdk/common/validators';

/** PUT /api/v1/admin/subscription-tier-limit/{tier}: the whole shape of one tier. */
export class TierLimitDto {
  @IsInt({ message: 'Max intents must be a whole number' })
  @Min(0, { message: 'Max intents must be 0 or more' })
  @Max(1_000_000, { message: 'Max intents must be at most 1,000,000' })
  maxIntents!: number;

  @IsInt({ message: 'Max members must be a whole number' })
  @Min(1, { message: 'Max members must be at least 1' })
  @Max(100_000, { message: 'Max members must be at most 100,000' })
  maxMembers!: number;

  @IsInt({ message: 'Max monthly sessions must be a whole number' })
  @Min(0, { message: 'Max monthly sessions must be 0 or more' })
  @Max(1_000_000_000, { message: 'Max monthly sessions must be at most 1,000,000,000' })
  maxMonthlySessions!: number;

  @IsBoolean({ message: 'Analytics must be on or off' }) analytics!: boolean;
  @IsBoolean({ message: 'Categories must be on or off' }) categories!: boolean;
  @IsBoolean({ message: 'Labels must be on or off' }) labels!: boolean;
  @IsBoolean({ message: 'Training hub must be on or off' }) trainingHub!: boolean;
}

/** PATCH /api/v1/admin/feature-flags/{name} */
export class FeatureFlagPatchDto {
  @IsBoolean({ message: 'Enabled must be on or off' })
  enabled!: boolean;
}
