/**
 * Phrase similarity for conflict detection: text is normalised (case, accents, punctuation, spacing)
 * and compared by cosine similarity over character trigram counts — robust to word order, small
 * typos and inflections, and cheap enough to run over every phrase of an app.
 */
export const DEFAULT_THRESHOLD = 0.8;

export function normalisePhrase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Trigram counts of the normalised text, padded so word starts and ends count. */
export function trigrams(normalised: string): Map<string, number> {
  const padded = `  ${normalised}  `;
  const grams = new Map<string, number>();
  for (let i = 0; i + 3 <= padded.length; i += 1) {
    const gram = padded.slice(i, i + 3);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [gram, count] of a) {
    na += count * count;
    const other = b.get(gram);
    if (other) dot += count * other;
  }
  for (const count of b.values()) nb += count * count;
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export function similarity(a: string, b: string): number {
  const na = normalisePhrase(a);
  const nb = normalisePhrase(b);
  if (na === nb) return na === '' ? 0 : 1;
  return cosine(trigrams(na), trigrams(nb));
}

export interface PhraseInput {
  id: string;
  groupId: string;
  text: string;
}

export interface SimilarPair {
  a: string;
  b: string;
  score: number;
  identical: boolean;
}

/**
 * Pairs of phrases in different groups (intents) whose similarity reaches `threshold`, best first.
 * An inverted index over trigrams means only phrases sharing a trigram are ever compared.
 */
export function similarPairs(phrases: readonly PhraseInput[], threshold = DEFAULT_THRESHOLD, onProgress?: (done: number, total: number) => void): SimilarPair[] {
  const items = phrases.map((phrase) => {
    const normalised = normalisePhrase(phrase.text);
    const grams = trigrams(normalised);
    let norm = 0;
    for (const count of grams.values()) norm += count * count;
    return { ...phrase, normalised, grams, norm: Math.sqrt(norm) };
  });
  const postings = new Map<string, Array<{ index: number; count: number }>>();
  const pairs: SimilarPair[] = [];
  items.forEach((item, index) => {
    if (item.normalised === '') return;
    const dots = new Map<number, number>();
    for (const [gram, count] of item.grams) {
      const list = postings.get(gram);
      if (list) for (const other of list) dots.set(other.index, (dots.get(other.index) ?? 0) + count * other.count);
    }
    for (const [otherIndex, dot] of dots) {
      const other = items[otherIndex];
      if (other.groupId === item.groupId) continue;
      const identical = other.normalised === item.normalised;
      const score = identical ? 1 : dot / (item.norm * other.norm);
      if (score >= threshold) pairs.push({ a: other.id, b: item.id, score: Math.round(score * 1000) / 1000, identical });
    }
    for (const [gram, count] of item.grams) {
      const list = postings.get(gram);
      if (list) list.push({ index, count });
      else postings.set(gram, [{ index, count }]);
    }
    if (onProgress && index % 200 === 0) onProgress(index, items.length);
  });
  return pairs.sort((x, y) => y.score - x.score);
}
