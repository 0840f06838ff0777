import { extractEntities } from '../../../entities/contract/common/index';
import { type SnapshotEntityType } from '../../../knowledge-base/contract/common/knowledge/index';

/** One value found in a text: which entity type (`@name`), its reference value, and the text said. */
export interface ExtractedEntity {
  entityType: string;
  value: string;
  text: string;
}

/** The entity extractor slot filling calls (replaceable in tests). */
export type EntityExtractor = (text: string, entityTypes: readonly SnapshotEntityType[]) => ExtractedEntity[];

const NUMBER = /(?:^|[\s(])(-?\d+(?:\.\d+)?)(?=$|[\s?.!,)])/;

/**
 * The knowledge base's entities through the shared extractor (`extractEntities`: map synonyms,
 * lists, RE2 regexps, fuzzy when the entity enables it), plus the `@sys.number` system entity.
 */
export const knowledgeEntityExtractor: EntityExtractor = (text, entityTypes) => {
  const found: ExtractedEntity[] = extractEntities(text, entityTypes).map((match) => ({ entityType: match.entity, value: match.value, text: match.text }));
  const number = NUMBER.exec(text);
  if (number) found.push({ entityType: '@sys.number', value: number[1], text: number[1] });
  return found;
};
