/** What plugins that require the dialog engine may use on the server. */
export { TranscriptReview } from './transcript-review';
