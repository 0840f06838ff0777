import type { TranscriptRecord } from '../../dialog-engine/contract/index';
import type { HubIntent, HubSuggestion } from '../common/api';
import { maskPersonalData } from '../common/personal-data';

/**
 * A question is suggested for the intent the engine ranked first for it at answer time, when that
 * intent is at least this close. Below it no intent is near enough for the question to teach it
 * anything (on the demo apps: "is this a robot" 0.23 to a concession card, "asdfgh" 0.26 to passport
 * renewal, against 0.33–0.98 for questions that belong): those questions are for training by
 * clusters, which turns them into new intents.
 */
export const MIN_SUGGESTION_SCORE = 0.3;

export function questionKey(text: string): string {
  return text.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * The assistant's suggested training phrases, per intent: the pending unmatched and low-confidence
 * questions whose closest intent it is (each question under one intent only, its best: a second- or
 * third-ranked intent is where a question does *not* belong), the same question asked again counted
 * once (and ranked higher), questions with personal data left out (a phrase must not carry a
 * citizen's email). Ranked by closeness, then by how often they were asked.
 */
export function rankSuggestions(candidates: readonly TranscriptRecord[], perIntent: number): HubIntent[] {
  const byIntent = new Map<string, { intentName: string; questions: Map<string, HubSuggestion> }>();
  for (const turn of candidates) {
    if (maskPersonalData(turn.data).masked) continue;
    const key = questionKey(turn.data);
    if (key.length < 3) continue;
    const best = turn.fallback ? turn.topMatches[0] : { intentId: turn.intentId ?? '', intentName: turn.intentName ?? '', score: turn.confidenceScore };
    if (!best?.intentId || best.score < MIN_SUGGESTION_SCORE) continue;
    let intent = byIntent.get(best.intentId);
    if (!intent) byIntent.set(best.intentId, (intent = { intentName: best.intentName, questions: new Map() }));
    const existing = intent.questions.get(key);
    if (existing) {
      existing.asked += 1;
      existing.transcriptIds.push(turn.transcriptId);
      existing.score = Math.max(existing.score, best.score);
    } else intent.questions.set(key, { text: turn.data.trim(), score: best.score, asked: 1, transcriptIds: [turn.transcriptId] });
  }
  const rank = (s: HubSuggestion) => s.score * (1 + Math.log(s.asked));
  return [...byIntent.entries()]
    .map(([intentId, { intentName, questions }]) => ({
      intentId,
      intentName,
      suggestions: [...questions.values()].sort((a, b) => rank(b) - rank(a) || a.text.localeCompare(b.text)).slice(0, perIntent),
    }))
    .filter((intent) => intent.suggestions.length > 0)
    .sort((a, b) => a.intentName.localeCompare(b.intentName));
}
