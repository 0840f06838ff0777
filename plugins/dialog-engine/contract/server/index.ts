/** What plugins that require the dialog engine may use on the server. */
export { DraftAnswers, type DraftAnswer } from './draft-answers';
export { QuestionFeatures, type QuestionVector } from './question-features';
export { TranscriptReview } from './transcript-review';
