import type { ApiClient } from '@civic/sdk/web/services';
import { TrainingApi, type AccuracyMeasurement, type TrainingAccuracy } from '../common/api';

/**
 * The draft's accuracy just before a training step, whose id goes with the step so the history shows
 * before and after. A failed measurement does not stop the training: the step is then unmeasured.
 */
export async function measureBefore(api: ApiClient, appId: string): Promise<string | undefined> {
  try {
    return (await api.post<AccuracyMeasurement>(TrainingApi.accuracy(appId))).id;
  } catch {
    return undefined;
  }
}

const pct = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** "62.5% → 75% (+12.5 points) on 8 held-out reviewed questions". */
export function describeAccuracy(a: TrainingAccuracy): { before: string; after: string; delta: string; basis: string } {
  const points = Math.round(a.delta * 1000) / 10;
  return {
    before: pct(a.before),
    after: pct(a.after),
    delta: `${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(points)} points`,
    basis: a.basis === 'test-cases' ? `${a.questions} test ${a.questions === 1 ? 'case' : 'cases'}` : `${a.questions} held-out reviewed ${a.questions === 1 ? 'question' : 'questions'}`,
  };
}
