import type { SnapshotEntityType } from '@civic/sdk/common/knowledge';
import { tokenise } from '../nlu/tokenizer';

/** One value found in a text: which entity type (`@name`), its reference value, and the text said. */
export interface ExtractedEntity {
  entityType: string;
  value: string;
  text: string;
}

/**
 * The entity extractor slot filling calls. The `entities` plugin provides the real one
 * (`extractEntities` in @civic/sdk/common/knowledge: map synonyms, lists, RE2 regexps, fuzzy);
 * until it lands this minimal one handles map and list entities by whole-word match and the
 * `@sys.number` system entity.
 */
export type EntityExtractor = (text: string, entityTypes: readonly SnapshotEntityType[]) => ExtractedEntity[];

export const basicEntityExtractor: EntityExtractor = (text, entityTypes) => {
  const words = ` ${tokenise(text).join(' ')} `;
  const found: ExtractedEntity[] = [];
  for (const type of entityTypes) {
    if (type.kind === 'KIND_REGEXP') continue;
    for (const entry of type.entities) {
      for (const synonym of [entry.value, ...entry.synonyms]) {
        const said = tokenise(synonym).join(' ');
        if (said && words.includes(` ${said} `)) {
          found.push({ entityType: `@${type.display_name}`, value: entry.value, text: synonym });
          break;
        }
      }
    }
  }
  const number = /(?:^|\s)(-?\d+(?:\.\d+)?)(?=\s|$|[?.!,])/.exec(text);
  if (number) found.push({ entityType: '@sys.number', value: number[1], text: number[1] });
  return found;
};
