import { ENTITY_KINDS, type EntityKind } from '../contract/common/index';
import { EntityMessages } from './messages';

/** §5: A-Z a-z 0-9 _ -, starts with a letter, at most 30 characters (shown with its `@`). */
export const ENTITY_NAME_MAX = 30;
export const ENTITY_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,29}$/;

/** The problem with an entity name (without its `@`), or null when it follows §5. */
export function entityNameProblem(name: string): string | null {
  if (name.trim() === '') return EntityMessages.nameRequired;
  return ENTITY_NAME_PATTERN.test(name) ? null : EntityMessages.nameRule;
}

/** A name as typed, `@` and surrounding spaces removed: what is stored. */
export function normaliseEntityName(typed: string): string {
  const trimmed = typed.trim();
  return trimmed.startsWith('@') ? trimmed.slice(1) : trimmed;
}

/** The three checkboxes of the entity editor (§4). */
export interface KindCheckboxes {
  synonyms: boolean;
  regexp: boolean;
  fuzzy: boolean;
}

/**
 * §4: synonyms and regexp give KIND_REGEXP; synonyms with fuzzy, or synonyms alone, give KIND_MAP;
 * anything else (no synonyms) gives KIND_LIST.
 */
export function deriveEntityKind(boxes: KindCheckboxes): EntityKind {
  if (boxes.synonyms && boxes.regexp) return 'KIND_REGEXP';
  if (boxes.synonyms) return 'KIND_MAP';
  return 'KIND_LIST';
}

/** The checkboxes a stored entity shows on load (the inverse of deriveEntityKind). */
export function checkboxesOf(kind: EntityKind, enableFuzzyExtraction: boolean): KindCheckboxes {
  return { synonyms: kind !== 'KIND_LIST', regexp: kind === 'KIND_REGEXP', fuzzy: enableFuzzyExtraction };
}

export function isEntityKind(value: unknown): value is EntityKind {
  return typeof value === 'string' && (ENTITY_KINDS as readonly string[]).includes(value);
}

export const KIND_LABELS: Record<EntityKind, string> = { KIND_MAP: 'Map', KIND_LIST: 'List', KIND_REGEXP: 'Regexp' };
