import { formatCount } from '@civic/sdk/common/format';
/** The texts of the training screens, once: the DTOs, the pages and the tests import them. */
export const TrainingMessages = {
  reviewStatusInvalid: 'Review status must be PENDING, REVIEWED or DISMISSED',
  targetRequired: 'Give transcriptIds or a filter',
  tooManyIds: 'At most 1000 questions at a time',
  dateRangeInvalid: 'The end of the date range must be after its start',
  dateRangeTooLong: 'The date range can be at most 366 days',
  cursorInvalid: 'The page cursor is not valid for this search',
  noLlmPlugin: 'This deployment has no LLM providers: the credential-llm plugin is not enabled in its profile',
  reasonTooLong: 'A dismissal reason has at most 500 characters',
  nothingToClassify: 'Choose a category or label to add or remove',
  addAndRemove: (what: 'category' | 'label') => `The same ${what} cannot be added and removed at once`,
  unknownCategories: 'Some of the categories are not categories of this app',
  unknownLabels: 'Some of the labels are not labels of this app',
  unknownQuestions: 'None of the questions is a question of this app',
  classified: (n: number) => `Categories and labels changed on ${formatCount(n)} ${n === 1 ? 'question' : 'questions'}`,
  updated: (n: number) => `${formatCount(n)} ${n === 1 ? 'question' : 'questions'} updated`,
  dismissed: 'Dismissed',
  addedToIntent: (intent: string) => `Added to "${intent}"`,
  intentCreated: (intent: string) => `Intent "${intent}" created`,
  pendingBadge: (n: number) => `${n} pending ${n === 1 ? 'question' : 'questions'}`,
} as const;
