/** What plugins that require the dialog engine may use on the server. */
export { QuestionFeatures, type QuestionVector } from './question-features';
export { TranscriptReview } from './transcript-review';
