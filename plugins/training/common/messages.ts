/** The texts of the training screens, once: the DTOs, the pages and the tests import them. */
export const TrainingMessages = {
  reviewStatusInvalid: 'Review status must be PENDING, REVIEWED or DISMISSED',
  targetRequired: 'Give transcriptIds or a filter',
  tooManyIds: 'At most 1000 questions at a time',
  dateRangeInvalid: 'The end of the date range must be after its start',
  dateRangeTooLong: 'The date range can be at most 366 days',
  cursorInvalid: 'The page cursor is not valid for this search',
  reasonTooLong: 'A dismissal reason has at most 500 characters',
  updated: (n: number) => `${n.toLocaleString()} ${n === 1 ? 'question' : 'questions'} updated`,
  dismissed: 'Dismissed',
  addedToIntent: (intent: string) => `Added to "${intent}"`,
  intentCreated: (intent: string) => `Intent "${intent}" created`,
  pendingBadge: (n: number) => `${n} pending ${n === 1 ? 'question' : 'questions'}`,
} as const;
