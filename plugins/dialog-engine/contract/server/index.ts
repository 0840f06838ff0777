/** What plugins that require the dialog engine may use on the server. */
export { conversationSessions, conversationTurns } from './conversation-read-model';
export { DraftAnswers, type DraftAnswer } from './draft-answers';
export { LinkedApps } from './linked-apps';
export { QuestionFeatures, type QuestionVector } from './question-features';
export { TranscriptReview } from './transcript-review';
