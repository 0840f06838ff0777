export { cleanParameterName, type ActionParameter } from './action-parameter';
export type { Category, Label } from './classification';
export { ENTITY_KINDS, entityRef, type EntityEntry, type EntityKind, type EntityType } from './entity-type';
export type { GlossaryTerm } from './glossary-term';
export {
  DefaultIntentNames,
  WEBHOOK_STATES,
  WELCOME_EVENT,
  type DefaultIntentKind,
  type Intent,
  type IntentKind,
  type OutputContext,
  type WebhookState,
} from './intent';
export { paramNameOf, phraseText, type PhrasePart, type TrainingPhrase, type TrainingPhraseType } from './training-phrase';
export {
  EMPTY_SNAPSHOT,
  type KnowledgeSnapshot,
  type SnapshotEntityType,
  type SnapshotGlossaryTerm,
  type SnapshotIntent,
  type SnapshotName,
  type SnapshotPhrase,
} from './knowledge-snapshot';
export { editDistance, extractEntities, fuzzyTolerance, type EntityMatch, type ExtractableEntity } from './entity-extractor';
export { checkRe2, compileRe2, type Re2Check } from './re2';
