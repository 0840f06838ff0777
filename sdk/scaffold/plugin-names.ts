/** The names one plugin id gives its files, symbols, table and texts (one id everywhere, STYLE.md). */
export interface PluginNames {
  /** kebab-case: folder, profile key, permission prefix, URL segment (`case-notes`). */
  id: string;
  /** What people read: nav label, page title (`Case notes`). */
  title: string;
  /** PascalCase, for types, components and constants (`CaseNotes`). */
  pascal: string;
  /** camelCase, for values (`caseNotes`). */
  camel: string;
  /** snake_case, for SQL names (`case_notes`). */
  snake: string;
}

const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** The names of a plugin id; throws on an id that is not kebab-case. */
export function pluginNames(id: string, title?: string): PluginNames {
  if (!ID.test(id)) throw new Error(`A plugin id is kebab-case (letters, digits, single dashes), not "${id}"`);
  const words = id.split('-');
  const cap = (word: string) => word[0].toUpperCase() + word.slice(1);
  const pascal = words.map(cap).join('');
  return {
    id,
    title: title?.trim() || cap(words.join(' ')),
    pascal,
    camel: pascal[0].toLowerCase() + pascal.slice(1),
    snake: words.join('_'),
  };
}
