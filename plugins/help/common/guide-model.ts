/** A block of the user guide; the page and the PDF render the same blocks. */
export type GuideBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'steps'; items: readonly string[] }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'tip'; text: string }
  | { kind: 'terms'; items: ReadonlyArray<{ term: string; meaning: string }> };

export interface GuideTopic {
  id: string;
  title: string;
  /** The plugin whose screens the topic documents: shown only where that plugin is enabled. */
  plugin?: string;
  blocks: readonly GuideBlock[];
}

export interface GuideSection {
  id: string;
  title: string;
  intro: string;
  topics: readonly GuideTopic[];
}

export interface Guide {
  title: string;
  subtitle: string;
  sections: readonly GuideSection[];
}
