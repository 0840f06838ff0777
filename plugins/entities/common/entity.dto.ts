import { checkRe2 } from '@civic/sdk/common/re2';
import { ENTITY_KINDS, type EntityKind } from '../contract/common/index';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  MaxLength,
  Min,
  Type,
  Validate,
  ValidateNested,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from '@civic/sdk/common/validators';
import { ENTITY_NAME_PATTERN } from './entity-rules';
import { EntityMessages } from './messages';

export const MAX_ENTRIES = 10_000;
export const MAX_SYNONYMS = 200;
export const MAX_VALUE_LENGTH = 500;

@ValidatorConstraint({ name: 'nonBlank' })
class NonBlank implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && value.trim() !== '';
  }
}

@ValidatorConstraint({ name: 'entityEntries' })
class EntriesFitKind implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return entriesProblem((args.object as { kind?: unknown }).kind, value) === null;
  }
  defaultMessage(args: ValidationArguments): string {
    return entriesProblem((args.object as { kind?: unknown }).kind, args.value) ?? '';
  }
}

@ValidatorConstraint({ name: 'entityName' })
class EntityName implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && ENTITY_NAME_PATTERN.test(value);
  }
  defaultMessage(args: ValidationArguments): string {
    return typeof args.value === 'string' && args.value.trim() === '' ? EntityMessages.nameRequired : EntityMessages.nameRule;
  }
}

/** One entry: a reference value and its synonyms (for a regexp entity, the value is an RE2 pattern). */
export class EntityEntryDto {
  @IsString({ message: EntityMessages.valueRequired })
  @Validate(NonBlank, { message: EntityMessages.valueRequired })
  @MaxLength(MAX_VALUE_LENGTH, { message: EntityMessages.valueTooLong })
  value!: string;

  @IsArray()
  @ArrayMaxSize(MAX_SYNONYMS, { message: EntityMessages.tooManySynonyms })
  @IsString({ each: true })
  @MaxLength(MAX_VALUE_LENGTH, { each: true, message: EntityMessages.synonymTooLong })
  synonyms: string[] = [];
}

/**
 * The problem with a list of entries for the given kind: duplicate values, or (regexp entities)
 * a pattern that is not RE2, with where the error is. Null when fine. Shared by form and server.
 */
export function entriesProblem(kind: unknown, entries: unknown): string | null {
  if (!Array.isArray(entries)) return null;
  const seen = new Set<string>();
  for (const entry of entries as Array<{ value?: unknown }>) {
    if (!entry || typeof entry.value !== 'string') continue;
    const key = entry.value.trim().toLowerCase();
    if (key !== '' && seen.has(key)) return EntityMessages.duplicateValue(entry.value.trim());
    seen.add(key);
    if (kind === 'KIND_REGEXP') {
      const check = checkRe2(entry.value);
      if (!check.ok) return EntityMessages.regexpEntry(entry.value, check.message, check.position);
    }
  }
  return null;
}

/** POST …/entities: a new entity (§3 field names); the same class validates the editor's form. */
export class EntityCreateDto {
  @IsString({ message: EntityMessages.nameRule })
  @MaxLength(30, { message: EntityMessages.nameRule })
  @Validate(EntityName)
  display_name!: string;

  @IsIn(ENTITY_KINDS as unknown as string[], { message: `kind must be one of ${ENTITY_KINDS.join(', ')}` })
  kind!: EntityKind;

  @IsBoolean()
  enable_fuzzy_extraction: boolean = false;

  @IsArray()
  @ArrayMaxSize(MAX_ENTRIES, { message: EntityMessages.tooManyEntries })
  @ValidateNested({ each: true })
  @Type(() => EntityEntryDto)
  @Validate(EntriesFitKind)
  entities: EntityEntryDto[] = [];
}

/** PUT …/entities/{id}: the whole entity plus the version it edited (a stale one → 409). */
export class EntityUpdateDto extends EntityCreateDto {
  @IsInt()
  @Min(1)
  version!: number;
}

