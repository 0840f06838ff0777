import type { KnowledgeSnapshot } from '@civic/sdk/common/knowledge';

/** At most this many auto-complete suggestions per prefix. */
export const MAX_SUGGESTIONS = 8;
/** At most this many related questions after an answer. */
export const MAX_RECOMMENDATIONS = 3;

/** One question a citizen may ask: a training phrase of an answerable intent or Q&A. */
export interface IndexedQuestion {
  text: string;
  intentId: string;
  intentName: string;
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
        this.questions.push({ text, intentId: intent.id, intentName: intent.displayName, tokens });
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
    const words = [...new Set(typed.split(' '))];
    let candidates: Set<number> | null = null;
    // Rarest word first keeps the intersection small.
    const sets = words.map((word) => this.withPrefix(word)).sort((a, b) => a.size - b.size);
    for (const set of sets) {
      if (candidates === null) candidates = new Set(set);
      else for (const id of candidates) if (!set.has(id)) candidates.delete(id);
      if (candidates.size === 0) return [];
    }
    const ranked = [...(candidates ?? [])].map((id) => {
      const question = this.questions[id];
      const starts = question.tokens.join(' ').startsWith(typed) ? 0 : 1;
      return { id, question, starts };
    });
    ranked.sort((a, b) => a.starts - b.starts || a.question.text.length - b.question.text.length || a.id - b.id);
    return pickDiverse(ranked.map((r) => r.question), limit).map((q) => q.text);
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

  private withPrefix(prefix: string): Set<number> {
    const out = new Set<number>();
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.vocabulary[mid] < prefix) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < this.vocabulary.length && this.vocabulary[i].startsWith(prefix); i++) {
      for (const id of this.postings.get(this.vocabulary[i]) ?? []) out.add(id);
    }
    return out;
  }
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
