import { validateDto } from '@civic/sdk/common/validation';
import { categoryNameProblem, labelNameProblem } from './classification-rules';
import { CategoryDto, ClassifyIntentsDto, LabelDto } from './classification.dto';
import { ClassificationMessages } from './messages';

const ID = '00000000-0000-4000-8000-000000000001';

describe('label name (§5)', () => {
  it.each(['a', 'Urgent', 'needs-review', 'x_1', `A${'b'.repeat(99)}`])('accepts %p', (name) => {
    expect(labelNameProblem(name)).toBeNull();
    expect(validateDto(LabelDto, { name }).messages).toEqual([]);
  });
  it.each(['1a', '_a', '-a', 'two words', 'é', 'a.b', `A${'b'.repeat(100)}`])('refuses %p naming the rule', (name) => {
    expect(labelNameProblem(name)).toBe(ClassificationMessages.labelNameRule);
    expect(validateDto(LabelDto, { name }).messages).toEqual([ClassificationMessages.labelNameRule]);
  });
  it('asks for a name when empty', () => {
    expect(labelNameProblem('')).toBe(ClassificationMessages.labelNameRequired);
  });
});

describe('category name', () => {
  it('needs a name of at most 100 characters (spaces trimmed)', () => {
    expect(categoryNameProblem('Housing grants')).toBeNull();
    expect(categoryNameProblem('   ')).toBe(ClassificationMessages.categoryNameRequired);
    expect(categoryNameProblem('x'.repeat(101))).toBe(ClassificationMessages.categoryNameTooLong);
    expect(categoryNameProblem(` ${'x'.repeat(100)} `)).toBeNull();
    expect(validateDto(CategoryDto, { name: 'x'.repeat(101) }).messages).toEqual([ClassificationMessages.categoryNameTooLong]);
  });
});

describe('ClassifyIntentsDto', () => {
  it('accepts a change', () => {
    expect(validateDto(ClassifyIntentsDto, { intentIds: [ID], addLabelIds: [ID] }).messages).toEqual([]);
  });
  it('puts the most basic problem first', () => {
    expect(validateDto(ClassifyIntentsDto, { addLabelIds: [ID] }).messages[0]).toBe(ClassificationMessages.intentIdsRequired);
    expect(validateDto(ClassifyIntentsDto, { intentIds: [ID] }).messages).toEqual([ClassificationMessages.nothingToChange]);
    expect(validateDto(ClassifyIntentsDto, { intentIds: [ID], addCategoryIds: [ID], removeCategoryIds: [ID] }).messages).toEqual([ClassificationMessages.addAndRemove('category')]);
  });
});
