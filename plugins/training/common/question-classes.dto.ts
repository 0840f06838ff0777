import {
  ArrayMaxSize,
  IsArray,
  IsOptional,
  IsUUID,
  Type,
  Validate,
  ValidateIf,
  ValidateNested,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from '@civic/sdk/common/validators';
import { TrainingMessages } from './messages';
import { TranscriptSearchDto } from './transcript-search.dto';

/** Classes one request may add or remove (an app has tens of them). */
export const MAX_CLASSES_PER_CHANGE = 100;

/** Something to add or remove, and no id both added and removed. */
@ValidatorConstraint({ name: 'questionClassChange' })
class SomethingToChange implements ValidatorConstraintInterface {
  private problem(o: ClassifyQuestionsDto): string | null {
    const lists = [o.addCategoryIds, o.removeCategoryIds, o.addLabelIds, o.removeLabelIds];
    if (lists.every((l) => l === undefined || l === null || (Array.isArray(l) && l.length === 0))) return TrainingMessages.nothingToClassify;
    const both = (a?: string[], b?: string[]) => Array.isArray(a) && Array.isArray(b) && a.some((id) => b.includes(id));
    if (both(o.addCategoryIds, o.removeCategoryIds)) return TrainingMessages.addAndRemove('category');
    if (both(o.addLabelIds, o.removeLabelIds)) return TrainingMessages.addAndRemove('label');
    return null;
  }
  validate(_value: unknown, args: ValidationArguments): boolean {
    return this.problem(args.object as ClassifyQuestionsDto) === null;
  }
  defaultMessage(args: ValidationArguments): string {
    return this.problem(args.object as ClassifyQuestionsDto) ?? '';
  }
}

const ids = { each: true, message: 'Ids must be UUIDs' } as const;

/**
 * POST /api/v1/apps/{appId}/transcripts/classification: give questions categories and labels, or
 * take them off — a selection (`transcriptIds`) or every question a search finds (`filter`, at most
 * BULK_FILTER_MAX).
 */
export class ClassifyQuestionsDto {
  @ValidateIf((dto: ClassifyQuestionsDto) => dto.filter === undefined)
  @IsUUID('all', ids)
  @ArrayMaxSize(1000, { message: TrainingMessages.tooManyIds })
  @IsArray({ message: TrainingMessages.targetRequired })
  transcriptIds?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => TranscriptSearchDto)
  filter?: TranscriptSearchDto;

  @IsOptional() @IsUUID('all', ids) @ArrayMaxSize(MAX_CLASSES_PER_CHANGE) @IsArray()
  addCategoryIds?: string[];

  @IsOptional() @IsUUID('all', ids) @ArrayMaxSize(MAX_CLASSES_PER_CHANGE) @IsArray()
  removeCategoryIds?: string[];

  @IsOptional() @IsUUID('all', ids) @ArrayMaxSize(MAX_CLASSES_PER_CHANGE) @IsArray()
  addLabelIds?: string[];

  @IsOptional() @IsUUID('all', ids) @ArrayMaxSize(MAX_CLASSES_PER_CHANGE) @IsArray()
  removeLabelIds?: string[];

  /** Not sent: the whole change is checked here (the four lists are each optional). */
  @Validate(SomethingToChange)
  readonly classes?: undefined;
}
