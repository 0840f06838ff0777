/** A glossary term: the engine expands its synonyms to the term before matching. */
export interface GlossaryTerm {
  id: string;
  appId: string;
  term: string;
  synonyms: string[];
  definition: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}
