import { ClassificationMessages } from './messages';

/** §5: label names A-Z a-z 0-9 _ -, starting with a letter, at most 100. */
export const LABEL_NAME_MAX = 100;
export const LABEL_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;
/** Categories have no rule in the spec beyond being named; we keep them to 100 characters. */
export const CATEGORY_NAME_MAX = 100;

export function labelNameProblem(name: string): string | null {
  if (name.trim() === '') return ClassificationMessages.labelNameRequired;
  return LABEL_NAME_PATTERN.test(name) ? null : ClassificationMessages.labelNameRule;
}

export function categoryNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return ClassificationMessages.categoryNameRequired;
  return trimmed.length > CATEGORY_NAME_MAX ? ClassificationMessages.categoryNameTooLong : null;
}
