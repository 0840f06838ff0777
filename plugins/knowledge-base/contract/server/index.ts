/** What plugins that require the knowledge base may use on the server. */
export { KnowledgeSnapshots } from './knowledge-snapshots';
export { IntentCounts } from './intent-counts';
export { ReviewDates, type OverdueIntent } from './review-dates';
export { BulkQna, type BulkStamp, type NamedIntent, type QnaContent } from './bulk-qna';
export { IntentsByName, type GlossaryByTerm, type IntentByName, type ParentByName } from './intents-by-name';
