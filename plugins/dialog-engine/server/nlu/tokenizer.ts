/**
 * Text → tokens for the classifier: Unicode-normalised (NFKC), lower-cased, apostrophes dropped so
 * "don't" and "dont" are one word, and split on anything that is not a letter or a digit.
 */
const WORD = /[\p{L}\p{N}]+/gu;
const APOSTROPHES = /['’‘`]/g;

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(APOSTROPHES, '');
}

export function tokenise(text: string): string[] {
  return normalise(text).match(WORD) ?? [];
}
