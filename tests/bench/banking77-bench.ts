import type { KnowledgeSnapshot, SnapshotIntent } from '../../plugins/knowledge-base/contract/common/knowledge/index';
import { answerTurn, EMPTY_STATE } from '../../plugins/dialog-engine/server/engine/builtin-engine';
import { knowledgeEntityExtractor } from '../../plugins/dialog-engine/server/engine/entity-extractor';
import { trainKnowledge, type TrainedKnowledge } from '../../plugins/dialog-engine/server/engine/trained-knowledge';
import { heldOutIntents, loadBanking77, type LabelledText } from './banking77';

export interface Banking77BenchResult {
  /** Top-1 accuracy on the 3,080 test questions, every intent trained (published: BERT 93.7%, USE+ConveRT 93.4%). */
  top1: number;
  trainSeconds: number;
  /** With 10 intents held out as unseen questions, at the threshold the app's data suggests: */
  threshold: number;
  /** …test questions of the 67 trained intents answered by the right intent (not falling back), */
  inScope: number;
  /** …and test questions of the 10 unseen intents that fall back. */
  outOfScopeRecall: number;
  /** The same at the old fixed default 0.7, for comparison. */
  inScopeAt07: number;
  outOfScopeRecallAt07: number;
  /** The trade-off the editor is shown: held-out good questions falling back at the suggested threshold. */
  heldOutFallbackRate: number;
}

function intent(id: string, phrases: readonly string[], defaultKind: SnapshotIntent['defaultKind'] = null): SnapshotIntent {
  return {
    id, kind: 'intent', displayName: id, parentId: null, defaultKind, webhook_state: 'WEBHOOK_STATE_UNSPECIFIED', action: '', events: [], inputContexts: [], outputContexts: [],
    trainingPhrases: phrases.map((text) => ({ type: 'example', parts: [{ text }], text })),
    parameters: [], responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [id] }] }],
    categoryIds: [], labelIds: [], answerOwner: null, sourceUrl: null, reviewBy: null,
  };
}

/** An app as an agency would build it from the data: one intent per category, plus the default fallback. */
export function snapshotOf(train: readonly LabelledText[]): KnowledgeSnapshot {
  const byLabel = new Map<string, string[]>();
  for (const { text, label } of train) (byLabel.get(label) ?? byLabel.set(label, []).get(label))?.push(text);
  return {
    schemaVersion: 1,
    intents: [intent('Default Fallback Intent', [], 'fallback'), ...[...byLabel].map(([label, phrases]) => intent(label, phrases))],
    entityTypes: [], glossary: [], categories: [], labels: [],
  };
}

function ask(knowledge: TrainedKnowledge, text: string, threshold: number) {
  return answerTurn(knowledge, { text, state: EMPTY_STATE }, { thresholds: { ml: threshold, qna: threshold }, extract: knowledgeEntityExtractor, choose: () => 0 });
}

/** Banking77 through the built-in engine: training, then every test question asked as a citizen would. */
export function benchBanking77(): Banking77BenchResult {
  const data = loadBanking77();
  const started = performance.now();
  const full = trainKnowledge(snapshotOf(data.train));
  const trainSeconds = (performance.now() - started) / 1000;
  let right = 0;
  for (const { text, label } of data.test) if (ask(full, text, 0).topMatches[0]?.intentName === label) right += 1;

  const held = new Set(heldOutIntents(data.categories));
  const partial = trainKnowledge(snapshotOf(data.train.filter((example) => !held.has(example.label))));
  const calibration = partial.model?.stats.calibration;
  const threshold = calibration?.suggestedThreshold ?? 0.7;
  const inScope = data.test.filter((example) => !held.has(example.label));
  const unseen = data.test.filter((example) => held.has(example.label));
  const measure = (at: number) => ({
    inScope: inScope.filter(({ text, label }) => {
      const answer = ask(partial, text, at);
      return !answer.fallback && answer.intentName === label;
    }).length / inScope.length,
    recall: unseen.filter(({ text }) => ask(partial, text, at).fallback).length / unseen.length,
  });
  const suggested = measure(threshold);
  const fixed = measure(0.7);
  return {
    top1: right / data.test.length,
    trainSeconds,
    threshold,
    inScope: suggested.inScope,
    outOfScopeRecall: suggested.recall,
    inScopeAt07: fixed.inScope,
    outOfScopeRecallAt07: fixed.recall,
    heldOutFallbackRate: calibration ? calibration.fallbackRates[Math.round(threshold * 20)] : 0,
  };
}

/** Run as a script (npm run bench does, in its own process): prints JSON. */
if (process.argv[1]?.endsWith('banking77-bench.ts')) process.stdout.write(`${JSON.stringify(benchBanking77())}\n`);
