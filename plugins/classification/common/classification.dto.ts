import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsOptional,
  IsString,
  IsUUID,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from '@civic/sdk/common/validators';
import { categoryNameProblem, labelNameProblem } from './classification-rules';
import { ClassificationMessages } from './messages';

@ValidatorConstraint({ name: 'labelName' })
class LabelName implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && labelNameProblem(value) === null;
  }
  defaultMessage(args: ValidationArguments): string {
    return typeof args.value === 'string' ? (labelNameProblem(args.value) ?? '') : ClassificationMessages.labelNameRule;
  }
}

@ValidatorConstraint({ name: 'categoryName' })
class CategoryName implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && categoryNameProblem(value) === null;
  }
  defaultMessage(args: ValidationArguments): string {
    return typeof args.value === 'string' ? (categoryNameProblem(args.value) ?? '') : ClassificationMessages.categoryNameRequired;
  }
}

/** POST …/categories and PATCH …/categories/{id}: { name }. */
export class CategoryDto {
  @IsString({ message: ClassificationMessages.categoryNameRequired })
  @Validate(CategoryName)
  name!: string;
}

/** POST …/labels and PATCH …/labels/{id}: { name } (§5 label name rule). */
export class LabelDto {
  @IsString({ message: ClassificationMessages.labelNameRule })
  @Validate(LabelName)
  name!: string;
}

export const MAX_BULK_INTENTS = 1000;

/** Neither an id added and removed at once, nor nothing to do at all. */
@ValidatorConstraint({ name: 'classificationChange' })
class SomethingToChange implements ValidatorConstraintInterface {
  private problem(o: ClassifyIntentsDto): string | null {
    const lists = [o.addCategoryIds, o.removeCategoryIds, o.addLabelIds, o.removeLabelIds];
    // A list that is not an array has its own message; only absent or empty lists mean "nothing".
    if (lists.every((l) => l === undefined || l === null || (Array.isArray(l) && l.length === 0))) return ClassificationMessages.nothingToChange;
    const both = (a?: string[], b?: string[]) => Array.isArray(a) && Array.isArray(b) && a.some((id) => b.includes(id));
    if (both(o.addCategoryIds, o.removeCategoryIds)) return ClassificationMessages.addAndRemove('category');
    if (both(o.addLabelIds, o.removeLabelIds)) return ClassificationMessages.addAndRemove('label');
    return null;
  }
  validate(_value: unknown, args: ValidationArguments): boolean {
    return this.problem(args.object as ClassifyIntentsDto) === null;
  }
  defaultMessage(args: ValidationArguments): string {
    return this.problem(args.object as ClassifyIntentsDto) ?? '';
  }
}

const ids = { each: true, message: ClassificationMessages.idsMustBeUuids } as const;

/** POST …/intents/classification: bulk assign / unassign categories and labels on intents and Q&A. */
export class ClassifyIntentsDto {
  // class-validator reports the bottom decorator first: the most basic problem comes first.
  @Validate(SomethingToChange)
  @IsUUID('all', ids)
  @ArrayMaxSize(MAX_BULK_INTENTS, { message: ClassificationMessages.tooManyIntents })
  @ArrayMinSize(1, { message: ClassificationMessages.intentIdsRequired })
  @IsArray({ message: ClassificationMessages.intentIdsRequired })
  intentIds!: string[];

  @IsOptional() @IsUUID('all', ids) @ArrayMaxSize(MAX_BULK_INTENTS) @IsArray()
  addCategoryIds?: string[];

  @IsOptional() @IsUUID('all', ids) @ArrayMaxSize(MAX_BULK_INTENTS) @IsArray()
  removeCategoryIds?: string[];

  @IsOptional() @IsUUID('all', ids) @ArrayMaxSize(MAX_BULK_INTENTS) @IsArray()
  addLabelIds?: string[];

  @IsOptional() @IsUUID('all', ids) @ArrayMaxSize(MAX_BULK_INTENTS) @IsArray()
  removeLabelIds?: string[];
}
