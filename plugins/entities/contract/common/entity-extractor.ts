import type { EntityType } from './entity-type';
import { entityRef } from './entity-type';
import { compileRe2 } from '@civic/sdk/common/re2';

/** One entity value found in a text. Offsets are UTF-16 indices into the text (`text.slice(start, end)`). */
export interface EntityMatch {
  /** The entity as phrases and parameters reference it: `@name` (PhrasePart.entity_type). */
  entity: string;
  /** The resolved value: a map entry's reference value, a list entry's value, or the matched text for a regexp. */
  value: string;
  /** The text as it appears in the input. */
  text: string;
  start: number;
  end: number;
}

/** What the extractor reads of an entity; a full `EntityType` fits. */
export type ExtractableEntity = Pick<EntityType, 'display_name' | 'kind' | 'enable_fuzzy_extraction' | 'entities'>;

interface Candidate extends EntityMatch {
  fuzzy: boolean;
  order: number;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const WORD = /[\p{L}\p{N}_]+(?:['’-][\p{L}\p{N}_]+)*/gu;

/**
 * Finds entity values in `text`:
 * - KIND_MAP: an entry's value or any of its synonyms → the entry's value;
 * - KIND_LIST: an entry's value (its synonyms too, if any) → that value;
 * - KIND_REGEXP: every entry is an RE2 pattern → the matched text (invalid patterns are skipped);
 * - with `enable_fuzzy_extraction` (map and list), words within a small edit distance of a synonym match too.
 * Map and list matching ignores case and needs whole words. Of overlapping matches the longest wins
 * (then exact over fuzzy, then the earlier start, then the earlier entity); the result is in text order.
 */
export function extractEntities(text: string, entityTypes: readonly ExtractableEntity[]): EntityMatch[] {
  if (text === '') return [];
  const candidates: Candidate[] = [];
  const words = tokenize(text);
  entityTypes.forEach((entityType, order) => {
    const entity = entityRef(entityType.display_name);
    if (entityType.kind === 'KIND_REGEXP') {
      for (const entry of entityType.entities) candidates.push(...regexpMatches(text, entry.value, entity, order));
      return;
    }
    for (const entry of entityType.entities) {
      const phrases = uniqueNonEmpty([entry.value, ...entry.synonyms]);
      for (const phrase of phrases) {
        candidates.push(...literalMatches(text, phrase, entity, entry.value, order));
        if (entityType.enable_fuzzy_extraction) candidates.push(...fuzzyMatches(text, words, phrase, entity, entry.value, order));
      }
    }
  });
  return pickLongestNonOverlapping(candidates);
}

function uniqueNonEmpty(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const t = v.trim();
    const key = t.toLowerCase();
    if (t === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const literalCache = new Map<string, RegExp>();
function literalRegExp(phrase: string): RegExp {
  let re = literalCache.get(phrase);
  if (!re) {
    // Any run of spaces in the synonym matches any run of white space in the text.
    const body = phrase.split(/\s+/).map(escapeRegExp).join('\\s+');
    re = new RegExp(body, 'giu');
    if (literalCache.size > 5000) literalCache.clear();
    literalCache.set(phrase, re);
  }
  re.lastIndex = 0;
  return re;
}

function isBoundary(text: string, start: number, end: number): boolean {
  const before = start > 0 ? text[start - 1] : '';
  const after = end < text.length ? text[end] : '';
  return (before === '' || !WORD_CHAR.test(before)) && (after === '' || !WORD_CHAR.test(after));
}

function literalMatches(text: string, phrase: string, entity: string, value: string, order: number): Candidate[] {
  const re = literalRegExp(phrase);
  const out: Candidate[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (isBoundary(text, start, end)) out.push({ entity, value, text: m[0], start, end, fuzzy: false, order });
    else re.lastIndex = start + 1;
  }
  return out;
}

function regexpMatches(text: string, pattern: string, entity: string, order: number): Candidate[] {
  if (pattern === '') return [];
  const re = compileRe2(pattern);
  if (!re) return [];
  const out: Candidate[] = [];
  const m = re.matcher(text);
  while (m.find()) {
    const start = m.start();
    const end = m.end();
    if (end > start) out.push({ entity, value: text.slice(start, end), text: text.slice(start, end), start, end, fuzzy: false, order });
  }
  return out;
}

interface Word {
  text: string;
  start: number;
  end: number;
}

function tokenize(text: string): Word[] {
  const words: Word[] = [];
  for (const m of text.matchAll(WORD)) words.push({ text: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
  return words;
}

/** Edits allowed between a synonym and the text: none below 4 characters, one up to 7, two beyond. */
export function fuzzyTolerance(length: number): number {
  if (length < 4) return 0;
  if (length <= 7) return 1;
  return 2;
}

/** Levenshtein distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (cur[j] < rowMin) rowMin = cur[j];
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

function fuzzyMatches(text: string, words: Word[], phrase: string, entity: string, value: string, order: number): Candidate[] {
  const target = phrase.toLowerCase().split(/\s+/).join(' ');
  const tolerance = fuzzyTolerance(target.length);
  if (tolerance === 0) return [];
  const n = target.split(' ').length;
  const out: Candidate[] = [];
  for (let i = 0; i + n <= words.length; i++) {
    const window = words.slice(i, i + n);
    const joined = window.map((w) => w.text).join(' ');
    const distance = editDistance(joined, target, tolerance);
    if (distance === 0 || distance > tolerance) continue;
    const start = window[0].start;
    const end = window[n - 1].end;
    out.push({ entity, value, text: text.slice(start, end), start, end, fuzzy: true, order });
  }
  return out;
}

function pickLongestNonOverlapping(candidates: Candidate[]): EntityMatch[] {
  const ranked = [...candidates].sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      Number(a.fuzzy) - Number(b.fuzzy) ||
      a.start - b.start ||
      a.order - b.order,
  );
  const taken: Candidate[] = [];
  for (const c of ranked) {
    if (taken.some((t) => c.start < t.end && t.start < c.end)) continue;
    taken.push(c);
  }
  return taken
    .sort((a, b) => a.start - b.start)
    .map(({ entity, value, text, start, end }) => ({ entity, value, text, start, end }));
}
