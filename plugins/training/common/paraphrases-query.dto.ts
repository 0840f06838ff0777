import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, Type } from '@civic/sdk/common/validators';
import { PARAPHRASE_MAX_COUNT } from './api';

/** GET …/training-hub/paraphrases: which intent, and how many new phrases to ask for. */
export class ParaphrasesQueryDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  intentId!: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(PARAPHRASE_MAX_COUNT)
  count?: number;
}
