import { tokenise } from './tokenizer';

/**
 * Hashed TF-IDF features: words, word bigrams and character 3–5-grams of each word (with word
 * boundary marks, so "card" gives " ca", "car", …, "rd "). Features are hashed (FNV-1a, a seed per
 * group) into 2^20 buckets, so no vocabulary is kept; each group is weighted by sublinear term
 * frequency × IDF and L2-normalised on its own, then the whole vector is normalised.
 */
export const HASH_BITS = 20;
export const HASH_SIZE = 1 << HASH_BITS;
const MASK = HASH_SIZE - 1;

const WORD_SEED = 0x811c9dc5;
const BIGRAM_SEED = 0x01000193;
const CHAR_SEED = 0x2f6b5a1d;

/** Group weights: characters carry typo tolerance, words and bigrams carry meaning and order. */
export const GROUP_WEIGHTS = { word: 1, bigram: 1, char: 1 } as const;

export interface SparseVector {
  /** Bucket ids, ascending. */
  indices: Int32Array;
  values: Float32Array;
}

/** Term counts per bucket, by group, before weighting. */
export interface RawFeatures {
  word: Map<number, number>;
  bigram: Map<number, number>;
  char: Map<number, number>;
}

function hashString(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) & MASK;
}

function add(map: Map<number, number>, key: number): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export function rawFeatures(text: string): RawFeatures {
  const tokens = tokenise(text);
  const word = new Map<number, number>();
  const bigram = new Map<number, number>();
  const char = new Map<number, number>();
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t];
    add(word, hashString(token, WORD_SEED));
    if (t > 0) add(bigram, hashString(`${tokens[t - 1]} ${token}`, BIGRAM_SEED));
    const padded = ` ${token} `;
    const n = padded.length;
    for (let i = 0; i < n; i++) {
      let h = CHAR_SEED >>> 0;
      for (let j = i; j < n && j < i + 5; j++) {
        h ^= padded.charCodeAt(j);
        h = Math.imul(h, 16777619);
        if (j - i + 1 >= 3) add(char, ((h ^ (j - i)) >>> 0) & MASK);
      }
    }
  }
  return { word, bigram, char };
}

export interface IdfTransfer {
  word: Uint32Array;
  bigram: Uint32Array;
  char: Uint32Array;
  documents: number;
}

/** Inverse document frequencies over the training documents, per bucket and group (dense counts: 12 MB). */
export class IdfTable {
  private constructor(
    private readonly df: Record<keyof RawFeatures, Uint32Array>,
    private readonly documents: number,
  ) {}

  static fit(docs: Iterable<RawFeatures>): IdfTable {
    const df = { word: new Uint32Array(HASH_SIZE), bigram: new Uint32Array(HASH_SIZE), char: new Uint32Array(HASH_SIZE) };
    let documents = 0;
    for (const doc of docs) {
      documents += 1;
      for (const group of ['word', 'bigram', 'char'] as const) for (const key of doc[group].keys()) df[group][key] += 1;
    }
    return new IdfTable(df, documents);
  }

  /** Same, computing each text's features on the fly so they are not all held at once. */
  static fitTexts(texts: readonly string[]): IdfTable {
    return IdfTable.fit((function* () {
      for (const text of texts) yield rawFeatures(text);
    })());
  }

  /** The counts as plain typed arrays (a worker thread hands them over without copying). */
  toTransfer(): IdfTransfer {
    return { word: this.df.word, bigram: this.df.bigram, char: this.df.char, documents: this.documents };
  }

  static fromTransfer(data: IdfTransfer): IdfTable {
    return new IdfTable({ word: data.word, bigram: data.bigram, char: data.char }, data.documents);
  }

  idf(group: keyof RawFeatures, key: number): number {
    return Math.log((this.documents + 1) / (this.df[group][key] + 1)) + 1;
  }

  /** The weighted, normalised vector. Groups hash with different seeds; a shared bucket adds up. */
  vector(raw: RawFeatures): SparseVector {
    const merged = new Map<number, number>();
    for (const group of ['word', 'bigram', 'char'] as const) {
      const entries = raw[group];
      if (entries.size === 0) continue;
      let norm = 0;
      const weighted: Array<[number, number]> = [];
      for (const [key, tf] of entries) {
        const value = (1 + Math.log(tf)) * this.idf(group, key);
        weighted.push([key, value]);
        norm += value * value;
      }
      const scale = GROUP_WEIGHTS[group] / Math.sqrt(norm);
      for (const [key, value] of weighted) merged.set(key, (merged.get(key) ?? 0) + value * scale);
    }
    return toSparse(merged);
  }
}

export function toSparse(map: Map<number, number>): SparseVector {
  const keys = [...map.keys()].sort((a, b) => a - b);
  const indices = new Int32Array(keys.length);
  const values = new Float32Array(keys.length);
  let norm = 0;
  for (const value of map.values()) norm += value * value;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  keys.forEach((key, i) => {
    indices[i] = key;
    values[i] = (map.get(key) ?? 0) * scale;
  });
  return { indices, values };
}

export function cosine(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let dot = 0;
  while (i < a.indices.length && j < b.indices.length) {
    const x = a.indices[i];
    const y = b.indices[j];
    if (x === y) dot += a.values[i++] * b.values[j++];
    else if (x < y) i++;
    else j++;
  }
  return dot;
}
