import type { TranscriptRecord } from '../../dialog-engine/contract/index';
import type { HubIntent, HubSuggestion } from '../common/api';
import { maskPersonalData } from '../common/personal-data';

/** A question counts towards an intent the engine ranked this close to it (its top matches at answer time). */
const MIN_SCORE = 0.02;
const TOP_MATCHES = 3;

export function questionKey(text: string): string {
  return text.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * The assistant's suggested training phrases, per intent: the pending unmatched and low-confidence
 * questions the engine ranked close to that intent, the same question asked again counted once (and
 * ranked higher), questions with personal data left out (a phrase must not carry a citizen's email).
 * Ranked by closeness, then by how often they were asked.
 */
export function rankSuggestions(candidates: readonly TranscriptRecord[], perIntent: number): HubIntent[] {
  const byIntent = new Map<string, { intentName: string; questions: Map<string, HubSuggestion> }>();
  for (const turn of candidates) {
    if (maskPersonalData(turn.data).masked) continue;
    const key = questionKey(turn.data);
    if (key.length < 3) continue;
    const matches = turn.fallback ? turn.topMatches : [{ intentId: turn.intentId ?? '', intentName: turn.intentName ?? '', score: turn.confidenceScore }, ...turn.topMatches];
    const seen = new Set<string>();
    for (const match of matches.slice(0, TOP_MATCHES)) {
      if (!match.intentId || match.score < MIN_SCORE || seen.has(match.intentId)) continue;
      seen.add(match.intentId);
      let intent = byIntent.get(match.intentId);
      if (!intent) byIntent.set(match.intentId, (intent = { intentName: match.intentName, questions: new Map() }));
      const existing = intent.questions.get(key);
      if (existing) {
        existing.asked += 1;
        existing.transcriptIds.push(turn.transcriptId);
        existing.score = Math.max(existing.score, match.score);
      } else intent.questions.set(key, { text: turn.data.trim(), score: match.score, asked: 1, transcriptIds: [turn.transcriptId] });
    }
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
