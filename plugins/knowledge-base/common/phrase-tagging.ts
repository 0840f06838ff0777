import { paramNameOf, phraseText, type PhrasePart, type TrainingPhrase } from '../contract/common/knowledge/index';

interface Annotation {
  start: number;
  end: number;
  entity: string;
}

function annotationsOf(parts: readonly PhrasePart[]): Annotation[] {
  const result: Annotation[] = [];
  let at = 0;
  for (const part of parts) {
    if (part.entity_type) result.push({ start: at, end: at + part.text.length, entity: part.entity_type });
    at += part.text.length;
  }
  return result;
}

function partsOf(text: string, annotations: readonly Annotation[]): PhrasePart[] {
  const parts: PhrasePart[] = [];
  let at = 0;
  for (const a of [...annotations].sort((x, y) => x.start - y.start)) {
    if (a.start > at) parts.push({ text: text.slice(at, a.start) });
    parts.push({ text: text.slice(a.start, a.end), entity_type: a.entity, param_name: paramNameOf(a.entity), manual_tagged: true });
    at = a.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * Tags characters [start, end) of the phrase with an entity (`@name`); tags it overlaps are replaced.
 * Leading and trailing spaces of the selection stay untagged.
 */
export function tagPhrase<P extends Pick<TrainingPhrase, 'parts'>>(phrase: P, start: number, end: number, entity: string): P {
  const text = phraseText(phrase);
  let from = Math.max(0, Math.min(start, end));
  let to = Math.min(text.length, Math.max(start, end));
  while (from < to && text[from] === ' ') from += 1;
  while (to > from && text[to - 1] === ' ') to -= 1;
  if (from === to) return phrase;
  const kept = annotationsOf(phrase.parts).filter((a) => a.end <= from || a.start >= to);
  return { ...phrase, parts: partsOf(text, [...kept, { start: from, end: to, entity }]) };
}

/** Removes the tag of one part; its text stays. */
export function untagPart<P extends Pick<TrainingPhrase, 'parts'>>(phrase: P, partIndex: number): P {
  const text = phraseText(phrase);
  let at = 0;
  let target = -1;
  phrase.parts.forEach((part, i) => {
    if (i === partIndex) target = at;
    at += part.text.length;
  });
  const kept = annotationsOf(phrase.parts).filter((a) => a.start !== target);
  return { ...phrase, parts: partsOf(text, kept) };
}

/** Tags the first occurrence of `words` (case-insensitive); unchanged when absent. */
export function tagWords<P extends Pick<TrainingPhrase, 'parts'>>(phrase: P, words: string, entity: string): P {
  const at = phraseText(phrase).toLowerCase().indexOf(words.trim().toLowerCase());
  return at < 0 || words.trim() === '' ? phrase : tagPhrase(phrase, at, at + words.trim().length, entity);
}

/** A plain phrase from a line of text. */
export function plainPhrase(text: string): TrainingPhrase {
  return { reference_id: globalThis.crypto.randomUUID(), type: 'example', parts: [{ text }] };
}

/** Lines pasted into the quick-add box: one phrase per non-empty line, duplicates (of each other or of `existing`) skipped. */
export function linesToPhrases(lines: string, existing: readonly Pick<TrainingPhrase, 'parts'>[] = []): TrainingPhrase[] {
  const seen = new Set(existing.map((p) => phraseText(p).trim().toLowerCase()));
  const result: TrainingPhrase[] = [];
  for (const line of lines.split(/\r?\n/)) {
    const text = line.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    result.push(plainPhrase(text));
  }
  return result;
}
