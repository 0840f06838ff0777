import type { KnowledgeSnapshot, PhrasePart, SnapshotEntityType } from '../../../knowledge-base/contract/common/knowledge/index';
import type { TrainingExample } from '../nlu/nlu-model';

/*
 * Training data from a snapshot. Kept free of server-wide imports: the training worker thread
 * loads this file and the nlu folder only.
 */

const VALUES_PER_SLOT = 3;

/**
 * A phrase's training texts. Tagged parts are entity slots: the phrase as written, plus variants
 * with the slot filled by other values of its entity type, so the classifier learns the pattern
 * rather than one value. Template phrases whose slot text is a placeholder (`@city`) only count
 * with values filled in (or the parameter name when the entity has none).
 */
export function phraseTexts(parts: readonly PhrasePart[], type: 'example' | 'template', entityTypes: ReadonlyMap<string, SnapshotEntityType>): string[] {
  const slots = parts.filter((part) => part.entity_type);
  if (slots.length === 0) return [parts.map((part) => part.text).join('')];
  const texts: string[] = [];
  const literal = parts.map((part) => part.text).join('');
  if (type === 'example' && !literal.includes('@')) texts.push(literal);
  for (let variant = 0; variant < VALUES_PER_SLOT; variant++) {
    texts.push(
      parts
        .map((part) => {
          if (!part.entity_type) return part.text;
          const entity = entityTypes.get(part.entity_type.replace(/^@/, ''));
          const values = entity?.entities.flatMap((entry) => [entry.value, ...entry.synonyms]).filter((value) => value.trim()) ?? [];
          if (values.length === 0) return type === 'template' || part.text.startsWith('@') ? (part.param_name ?? part.entity_type.replace(/^@/, '')) : part.text;
          return values[variant % values.length];
        })
        .join(''),
    );
  }
  return [...new Set(texts)];
}

/** The Default Fallback Intent's id: its phrases are negatives, answered with the fallback. */
export function fallbackLabelOf(snapshot: KnowledgeSnapshot): string | undefined {
  return snapshot.intents.find((intent) => intent.defaultKind === 'fallback')?.id;
}

/** Training examples from a snapshot: every intent and Q&A pair with phrases is a class. */
export function trainingExamples(snapshot: KnowledgeSnapshot): TrainingExample[] {
  const entityTypes = new Map(snapshot.entityTypes.map((type) => [type.display_name, type]));
  const examples: TrainingExample[] = [];
  for (const intent of snapshot.intents) {
    for (const phrase of intent.trainingPhrases) {
      for (const text of phraseTexts(phrase.parts, phrase.type, entityTypes)) if (text.trim()) examples.push({ text, label: intent.id });
    }
  }
  return examples;
}
