import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';

/**
 * Banking77 (Casanueva et al. 2020, CC BY 4.0; see tests/fixtures/banking77/README.md): real
 * online-banking questions in 77 intents, the engine's benchmark on real wording. Read from the
 * repository's test fixtures (bench and tests only; the server never loads it).
 */
export interface LabelledText {
  text: string;
  label: string;
}

export interface Banking77 {
  categories: string[];
  train: LabelledText[];
  test: LabelledText[];
}

export const BANKING77_DIR = join(import.meta.dirname, '../fixtures/banking77');

function readSplit(file: string): LabelledText[] {
  const parsed = Papa.parse<{ text: string; category: string }>(readFileSync(join(BANKING77_DIR, file), 'utf8'), { header: true, skipEmptyLines: true });
  return parsed.data.map((row) => ({ text: row.text, label: row.category }));
}

export function loadBanking77(): Banking77 {
  const categories = JSON.parse(readFileSync(join(BANKING77_DIR, 'categories.json'), 'utf8')) as string[];
  return { categories, train: readSplit('train.csv'), test: readSplit('test.csv') };
}

/**
 * Ten intents held out as out-of-scope questions: every seventh category, so they spread over the
 * list (cards, transfers, top-ups, identity…) rather than one topic.
 */
export function heldOutIntents(categories: readonly string[], count = 10): string[] {
  return categories.filter((_, i) => i % 7 === 3).slice(0, count);
}
