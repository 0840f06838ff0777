export { engineConfigured, modelTrained } from './events';
export { TRANSCRIPT_FILTER_FIELDS, TRANSCRIPT_FILTER_OPERATORS, TRANSCRIPT_SORT_FIELDS } from './transcripts';
export type { TranscriptFilterField, TranscriptFilterItem, TranscriptFilterOperator, TranscriptPageRequest, TranscriptQuery, TranscriptRecord, TranscriptSortField } from './transcripts';
