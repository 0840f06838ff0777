/**
 * The knowledge base model (intents, Q&A pairs, training phrases, parameters, glossary, the knowledge
 * snapshot) shared by the plugins that edit, classify, answer from or publish it. Entity types are the
 * entities plugin's (`plugins/entities/contract/common`), categories and labels classification's.
 */
export { cleanParameterName, type ActionParameter } from './action-parameter';
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
