/** §3 "Training phrase". Field names as the spec gives them. */
export type TrainingPhraseType = 'example' | 'template';

export interface PhrasePart {
  text: string;
  /** `@name` of the entity this text is tagged with; absent for plain text. */
  entity_type?: string;
  /** The parameter the tagged value fills: the entity name without its `@` (§3). */
  param_name?: string;
  /** True when a person tagged it (not the automatic extractor). */
  manual_tagged?: boolean;
}

export interface TrainingPhrase {
  reference_id: string;
  type: TrainingPhraseType;
  parts: PhrasePart[];
}

/** The phrase as one string, for search, display and the engine. */
export function phraseText(phrase: Pick<TrainingPhrase, 'parts'>): string {
  return phrase.parts.map((part) => part.text).join('');
}

/** §3: the param name of an entity is its name without the leading `@`. */
export function paramNameOf(entityType: string): string {
  return entityType.startsWith('@') ? entityType.slice(1) : entityType;
}
