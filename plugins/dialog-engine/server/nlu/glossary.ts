import { tokenise } from './tokenizer';

export interface GlossaryEntry {
  term: string;
  synonyms: readonly string[];
}

/**
 * Glossary expansion, both ways: a glossary entry's term and synonyms are one group of words that
 * mean the same; when a text says any of them ("pp", or "passport"), the others are added, so a
 * question worded with the term matches phrases worded with a synonym and the other way round.
 * Training phrases are expanded the same way. Matching is on whole words, case-insensitive.
 */
export class GlossaryExpander {
  private readonly groups: string[][];

  constructor(glossary: readonly GlossaryEntry[]) {
    this.groups = glossary
      .map((entry) => [...new Set([entry.term, ...entry.synonyms].map((word) => tokenise(word).join(' ')).filter((word) => word.length > 0))])
      .filter((group) => group.length > 1);
  }

  expand(text: string): string {
    if (this.groups.length === 0) return text;
    const words = ` ${tokenise(text).join(' ')} `;
    const added: string[] = [];
    for (const group of this.groups) {
      const present = group.filter((word) => words.includes(` ${word} `));
      if (present.length > 0) added.push(...group.filter((word) => !present.includes(word)));
    }
    return added.length > 0 ? `${text} ${added.join(' ')}` : text;
  }
}
