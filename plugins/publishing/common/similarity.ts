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
