import { cleanParameterName, paramNameOf, phraseText, type ActionParameter, type PhrasePart, type TrainingPhrase } from '../contract/common/knowledge/index';
import { KbMessages } from './messages';

type PhraseInput = { reference_id?: string; type: TrainingPhrase['type']; parts: PhrasePart[] };
type ParameterInput = Partial<ActionParameter> & { display_name: string };

function newId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Training phrases as stored: empty parts dropped, neighbouring plain parts joined, tagged parts carry
 * `param_name` = entity name without `@` (§3); phrases with no text are dropped.
 */
export function normalisePhrases(phrases: readonly PhraseInput[]): TrainingPhrase[] {
  const result: TrainingPhrase[] = [];
  for (const phrase of phrases) {
    const parts: PhrasePart[] = [];
    for (const part of phrase.parts) {
      if (part.text === '') continue;
      if (part.entity_type) {
        parts.push({ text: part.text, entity_type: part.entity_type, param_name: paramNameOf(part.entity_type), manual_tagged: part.manual_tagged ?? true });
      } else {
        const last = parts[parts.length - 1];
        if (last && !last.entity_type) last.text += part.text;
        else parts.push({ text: part.text });
      }
    }
    if (phraseText({ parts }).trim() === '') continue;
    result.push({ reference_id: phrase.reference_id || newId(), type: phrase.type, parts });
  }
  return result;
}

/** Parameters as stored, or the first problem (§5 names; at most 30 prompts, checked by the DTO). */
export function normaliseParameters(parameters: readonly ParameterInput[]): { value: ActionParameter[]; problem?: string } {
  const seen = new Set<string>();
  const value: ActionParameter[] = [];
  for (const parameter of parameters) {
    const name = cleanParameterName(parameter.display_name);
    if (name === '') return { value, problem: KbMessages.parameterNameRequired };
    if (seen.has(name.toLowerCase())) return { value, problem: KbMessages.duplicateParameterName };
    seen.add(name.toLowerCase());
    value.push({
      reference_id: parameter.reference_id || newId(),
      display_name: name,
      entity_type_display_name: parameter.entity_type_display_name ?? '',
      value: parameter.value?.trim() || `$${name}`,
      mandatory: parameter.mandatory ?? false,
      is_list: parameter.is_list ?? false,
      prompts: (parameter.prompts ?? []).map((p) => p.trim()).filter((p) => p !== ''),
    });
  }
  return { value };
}

/** The `@entities` tagged in a phrase, once each. */
export function taggedEntities(phrase: Pick<TrainingPhrase, 'parts'>): string[] {
  return [...new Set(phrase.parts.flatMap((part) => (part.entity_type ? [part.entity_type] : [])))];
}
