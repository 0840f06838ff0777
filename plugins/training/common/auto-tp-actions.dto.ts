import { IsEmail, IsInt, IsNotEmpty, IsString, MaxLength, Min } from '@civic/sdk/common/validators';

/** §7 POST /api/v1/feature-usages/auto-tp/actions: what a person did with the assistant's suggestions for one intent. */
export class AutoTpActionsDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  appId!: string;

  @IsEmail()
  @MaxLength(200)
  email!: string;

  @IsInt()
  @Min(0)
  numberOfSuggestedTrainingPhrases!: number;

  @IsInt()
  @Min(0)
  numberOfApprovedTrainingPhrases!: number;

  @IsInt()
  @Min(0)
  numberOfEditedTrainingPhrases!: number;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  intentId!: string;

  @IsString()
  @MaxLength(200)
  intentName!: string;
}
