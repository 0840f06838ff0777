import type { KnowledgeSnapshot } from '../../knowledge-base/contract/common/knowledge/index';

/** At most this many auto-complete suggestions per prefix. */
export const MAX_SUGGESTIONS = 8;
/** At most this many related questions after an answer. */
export const MAX_RECOMMENDATIONS = 3;

/** One question a citizen may ask: a training phrase of an answerable intent or Q&A. */
export interface IndexedQuestion {
  text: string;
  intentId: string;
  intentName: string;
  /** The normalised text, and its words. */
  key: string;
  tokens: string[];
}

/** Words too common to say two questions are related. */
const STOPWORDS = new Set(
  'a an and are as at be by can do does for from get how i in is it me my of on or the to what when where which who why will with you your'.split(' '),
);

/** Lower case, accents and punctuation removed, single spaces. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The questions of one app and environment's content, indexed for prefix search: a sorted
 * vocabulary with the questions each word occurs in. Built once per content version (the routes
 * cache it), so a keystroke costs a few binary searches and set intersections, not a scan.
 */
export class SuggestionIndex {
  readonly questions: IndexedQuestion[] = [];
  private readonly vocabulary: string[];
  private readonly postings = new Map<string, number[]>();
  private readonly documentFrequency = new Map<string, number>();
  private readonly firstQuestionOf = new Map<string, number>();

  constructor(snapshot: KnowledgeSnapshot) {
    const seen = new Set<string>();
    for (const intent of snapshot.intents) {
      // Default intents (welcome, fallback) and follow-ups ("yes", "no") are not questions to offer.
      if (intent.defaultKind || intent.parentId) continue;
      for (const phrase of intent.trainingPhrases) {
        const text = phrase.text.replace(/\s+/g, ' ').trim();
        // Templates with an @entity placeholder are patterns, not questions a citizen would type.
        if (!text || text.length > 200 || (phrase.type === 'template' && text.includes('@'))) continue;
        const key = normalise(text);
        if (!key || seen.has(key)) continue;
        seen.add(key);
        const id = this.questions.length;
        const tokens = key.split(' ');
        this.questions.push({ text, intentId: intent.id, intentName: intent.displayName, key, tokens });
        if (!this.firstQuestionOf.has(intent.id)) this.firstQuestionOf.set(intent.id, id);
        for (const token of new Set(tokens)) {
          let list = this.postings.get(token);
          if (!list) this.postings.set(token, (list = []));
          list.push(id);
          this.documentFrequency.set(token, (this.documentFrequency.get(token) ?? 0) + 1);
        }
      }
    }
    this.vocabulary = [...this.postings.keys()].sort();
  }

  /**
   * Questions matching what the citizen has typed so far: every word they typed starts a word of
   * the question (the last one may be half typed). Questions that start with the text come first,
   * then one per intent before a second of the same intent, shorter before longer.
   */
  suggest(query: string, limit = MAX_SUGGESTIONS): string[] {
    const typed = normalise(query);
    if (typed.length < 2) return [];
    const words = typed.split(' ');
    // The last word is still being typed unless the text ends with a space; finished words match whole words.
    const partial = /\s$/.test(query) ? null : (words.pop() ?? null);
    const whole = [...new Set(words)];
    let candidates: number[];
    if (whole.length > 0) {
      const lists = whole.map((word) => this.postings.get(word) ?? this.prefixList(word)).sort((a, b) => a.length - b.length);
      candidates = lists[0];
      for (const list of lists.slice(1)) {
        candidates = intersectSorted(candidates, list);
        if (candidates.length === 0) return [];
      }
      if (partial) candidates = candidates.filter((id) => this.questions[id].tokens.some((token) => token.startsWith(partial)));
    } else {
      candidates = partial ? this.prefixList(partial) : [];
    }
    // The best few by (starts with the text, shorter, earlier), kept in a small sorted array: no full sort.
    const keep = Math.max(limit * 8, 32);
    const best: Array<{ rank: number; id: number }> = [];
    for (const id of candidates) {
      const question = this.questions[id];
      const rank = (question.key.startsWith(typed) ? 0 : 1_000_000) + question.text.length * 100_000;
      if (best.length === keep && compare(rank, id, best[keep - 1]) >= 0) continue;
      let at = best.length;
      while (at > 0 && compare(rank, id, best[at - 1]) < 0) at--;
      best.splice(at, 0, { rank, id });
      if (best.length > keep) best.pop();
    }
    return pickDiverse(best.map((entry) => this.questions[entry.id]), limit).map((q) => q.text);
  }

  /**
   * Related questions by shared words (weighted by rarity), one per intent, none of `exclude`:
   * what the widget shows after an answer when no classifier ranking is at hand.
   */
  related(text: string, excludeIntent: string | null, limit = MAX_RECOMMENDATIONS): string[] {
    const words = new Set(normalise(text).split(' ').filter((w) => w.length > 1 && !STOPWORDS.has(w)));
    const scores = new Map<string, { score: number; id: number }>();
    const total = this.questions.length;
    for (const word of words) {
      const list = this.postings.get(word);
      if (!list) continue;
      const weight = Math.log(1 + total / (this.documentFrequency.get(word) ?? 1));
      for (const id of list) {
        const question = this.questions[id];
        if (question.intentName === excludeIntent || question.intentId === excludeIntent) continue;
        const current = scores.get(question.intentId);
        if (current) current.score += weight / question.tokens.length;
        else scores.set(question.intentId, { score: weight / question.tokens.length, id: this.firstQuestionOf.get(question.intentId) ?? id });
      }
    }
    return [...scores.values()]
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, limit)
      .map((entry) => this.questions[entry.id].text);
  }

  /** The question that stands for an intent (its first training phrase), if it has one. */
  questionOf(intentId: string): string | null {
    const id = this.firstQuestionOf.get(intentId);
    return id === undefined ? null : this.questions[id].text;
  }

  /** The questions with a word starting with `prefix`, each once, in id order. */
  private prefixList(prefix: string): number[] {
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.vocabulary[mid] < prefix) low = mid + 1;
      else high = mid;
    }
    const seen = new Uint8Array(this.questions.length);
    const out: number[] = [];
    for (let i = low; i < this.vocabulary.length && this.vocabulary[i].startsWith(prefix); i++) {
      for (const id of this.postings.get(this.vocabulary[i]) ?? []) {
        if (seen[id]) continue;
        seen[id] = 1;
        out.push(id);
      }
    }
    return out.sort((a, b) => a - b);
  }
}

/** Two ascending id lists' common ids (posting lists are built in id order). */
function intersectSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(a[i]);
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return out;
}

function compare(rank: number, id: number, other: { rank: number; id: number }): number {
  return rank - other.rank || id - other.id;
}

/** One question per intent first, then the rest in order, up to `limit`. */
function pickDiverse(questions: IndexedQuestion[], limit: number): IndexedQuestion[] {
  const first: IndexedQuestion[] = [];
  const rest: IndexedQuestion[] = [];
  const intents = new Set<string>();
  for (const question of questions) {
    if (intents.has(question.intentId)) rest.push(question);
    else {
      intents.add(question.intentId);
      first.push(question);
    }
    if (first.length >= limit) break;
  }
  return [...first, ...rest].slice(0, limit);
}
