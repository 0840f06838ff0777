import type { KnowledgeSnapshot, SnapshotIntent } from '../../../knowledge-base/contract/common/knowledge/index';
import { answerTurn, EMPTY_STATE } from '../engine/builtin-engine';
import { knowledgeEntityExtractor } from '../engine/entity-extractor';
import { trainKnowledge } from '../engine/trained-knowledge';
import { buildLargeApp } from './benchmark-fixtures';

export interface EngineBenchResult {
  intents: number;
  phrases: number;
  trainSeconds: number;
  /** CPU time of training (what the wall time would be on an idle core). */
  trainCpuSeconds: number;
  /** Resident set before the app was built and trained (Node itself, the code). */
  baselineRssMb: number;
  /** Memory the trained model keeps (heap + typed arrays, after GC). */
  retainedMb: number;
  /** The process's peak resident set during the run. */
  peakRssMb: number;
  answers: number;
  p50Ms: number;
  p95Ms: number;
  /** Per-answer CPU time, p95 (µs resolution): latency without other processes' interference. */
  p95CpuMs: number;
  weights: number;
}

/** Run with --expose-gc for exact retained figures; without it they include garbage. */
const used = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/** The cost bar: an app of `intents` intents × `phrasesPer` phrases — training time, memory, answer latency. */
export function benchDialogEngine(intents = 2000, phrasesPer = 10): EngineBenchResult {
  const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
  const app = buildLargeApp(intents, phrasesPer);
  const snapshot: KnowledgeSnapshot = {
    schemaVersion: 1,
    intents: [
      { ...intent('fallback', []), defaultKind: 'fallback' },
      ...app.map((i) => intent(i.name, i.train)),
    ],
    entityTypes: [],
    glossary: [],
    categories: [],
    labels: [],
  };
  const before = used();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const knowledge = trainKnowledge(snapshot);
  const trainSeconds = (performance.now() - started) / 1000;
  const trainCpu = process.cpuUsage(cpu);
  const retainedMb = (used() - before) / 2 ** 20;
  const questions = app.flatMap((i) => i.train.slice(0, 1).map((text) => `${text} please`));
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (const text of questions) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    answerTurn(knowledge, { text, state: EMPTY_STATE }, { thresholds: { ml: 0.7, qna: 0.7 }, extract: knowledgeEntityExtractor });
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpuTimes.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    intents,
    phrases: knowledge.phrases,
    trainSeconds,
    trainCpuSeconds: (trainCpu.user + trainCpu.system) / 1e6,
    baselineRssMb,
    retainedMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    answers: times.length,
    p50Ms: times[Math.floor(times.length * 0.5)],
    p95Ms: times[Math.floor(times.length * 0.95)],
    p95CpuMs: cpuTimes[Math.floor(cpuTimes.length * 0.95)],
    weights: knowledge.model?.stats.weights ?? 0,
  };
}

function intent(id: string, phrases: string[]): SnapshotIntent {
  return {
    id, kind: 'intent', displayName: id, parentId: null, defaultKind: null, webhook_state: 'WEBHOOK_STATE_UNSPECIFIED', action: '', events: [], inputContexts: [], outputContexts: [],
    trainingPhrases: phrases.map((text) => ({ type: 'example', parts: [{ text }], text })),
    parameters: [], responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [id] }] }],
    categoryIds: [], labelIds: [], answerOwner: null, sourceUrl: null, reviewBy: null,
  };
}

/** Run as a script (npm run bench does, in its own process so the memory figures are the engine's): prints JSON. */
if (process.argv[1]?.endsWith('cost-bench.ts')) process.stdout.write(`${JSON.stringify(benchDialogEngine())}\n`);
