import { ENTITY_KINDS, type EntityKind } from '../contract/common/index';
import { IsIn, IsOptional, IsString, MaxLength } from '@civic/sdk/common/validators';

/** GET …/entities?search=&kind= */
export class EntityListQueryDto {
  @IsOptional() @IsString() @MaxLength(100)
  search?: string;

  @IsOptional() @IsIn(ENTITY_KINDS as unknown as string[], { message: `kind must be one of ${ENTITY_KINDS.join(', ')}` })
  kind?: EntityKind;

  /** `true`: each row also carries its entries, for running the extractor in the browser (phrase tagging). */
  @IsOptional() @IsIn(['true', 'false'], { message: 'withEntries must be true or false' })
  withEntries?: 'true' | 'false';
}

/** DELETE …/entities/{id}?removeUsages=true: also untag the phrases and drop the parameters that use it. */
export class EntityDeleteQueryDto {
  @IsOptional() @IsIn(['true', 'false'], { message: 'removeUsages must be true or false' })
  removeUsages?: 'true' | 'false';
}
