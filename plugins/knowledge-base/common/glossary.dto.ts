import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  Transform,
  Type,
  ValidateNested,
} from '@civic/sdk/common/validators';
import { KbMessages } from './messages';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const cleanList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '') : value;

/** A glossary term as the form and POST /glossary send it. */
export class GlossaryTermDto {
  @Transform(trim)
  @IsString({ message: KbMessages.termRequired })
  @IsNotEmpty({ message: KbMessages.termRequired })
  @MaxLength(100)
  term!: string;

  @IsOptional()
  @Transform(cleanList)
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  synonyms?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  definition?: string;
}

export class GlossaryTermUpdateDto extends GlossaryTermDto {
  @IsInt()
  @Min(1)
  version!: number;
}

/** POST /glossary/import: terms from a CSV, added or (same term) replaced. */
export class GlossaryImportDto {
  @IsArray()
  @ArrayMaxSize(5000)
  @ValidateNested({ each: true })
  @Type(() => GlossaryTermDto)
  terms!: GlossaryTermDto[];
}

export class GlossaryListQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5000)
  limit?: number;
}
