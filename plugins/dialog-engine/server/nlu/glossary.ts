import { tokenise } from './tokenizer';

export interface GlossaryEntry {
  term: string;
  synonyms: readonly string[];
}

/**
 * Glossary expansion: when the text says a synonym of a glossary term ("pp"), the term itself
 * ("passport") is added, so a question worded with the synonym matches phrases worded with the term.
 * Training phrases are expanded the same way. Matching is on whole words, case-insensitive.
 */
export class GlossaryExpander {
  private readonly entries: Array<{ term: string; synonyms: string[] }>;

  constructor(glossary: readonly GlossaryEntry[]) {
    this.entries = glossary
      .map((entry) => ({
        term: entry.term.trim(),
        synonyms: entry.synonyms.map((synonym) => tokenise(synonym).join(' ')).filter((synonym) => synonym.length > 0),
      }))
      .filter((entry) => entry.term.length > 0 && entry.synonyms.length > 0);
  }

  expand(text: string): string {
    if (this.entries.length === 0) return text;
    const words = ` ${tokenise(text).join(' ')} `;
    const added: string[] = [];
    for (const { term, synonyms } of this.entries) {
      if (synonyms.some((synonym) => words.includes(` ${synonym} `))) added.push(term);
    }
    return added.length > 0 ? `${text} ${added.join(' ')}` : text;
  }
}
