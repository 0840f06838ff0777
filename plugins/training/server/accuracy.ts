import { and, desc, eq, gte, HttpError, inArray, lt, type AppRecord, type DbExecutor, type RouteAdder } from '@civic/sdk/server';
import type { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import type { DraftAnswers, TranscriptReview } from '../../dialog-engine/contract/server/index';
import type { TrainingTestCaseSource, TrainingTestCases } from '../contract/server/test-cases';
import { ACCURACY_MAX_QUESTIONS, ACCURACY_MEASUREMENT_TTL_MS, TrainingApi, type AccuracyBasis, type AccuracyItem, type AccuracyMeasurement, type TrainingAccuracy } from '../common/api';
import { canReviewQuestions } from '../common/permissions';
import { trainingAccuracyMeasurements, trainingActions } from './db/schema';

const DAY_MS = 86_400_000;
const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const share = (correct: number, questions: number) => (questions === 0 ? 0 : Math.round((correct / questions) * 1000) / 1000);

/** Where training reaches the app's test cases (one source may register; none: every app has none). */
export class TestCaseSlot implements TrainingTestCases, TrainingTestCaseSource {
  private source: TrainingTestCaseSource | null = null;

  register(source: TrainingTestCaseSource): void {
    if (this.source) throw new Error('Two plugins registered as the source of test cases');
    this.source = source;
  }

  list(db: DbExecutor, appId: string) {
    return this.source ? this.source.list(db, appId) : Promise.resolve([]);
  }
}

export interface AccuracyDeps {
  review: TranscriptReview;
  drafts: DraftAnswers;
  snapshots: KnowledgeSnapshots;
  testCases: TrainingTestCaseSource;
}

/**
 * The held-out slice: the app's reviewed questions whose right intent is known — trained into an intent
 * (the history), or answered by an intent and marked REVIEWED — that are not training phrases of the
 * draft (the model never learned them), newest first.
 */
async function heldOut(db: DbExecutor, deps: AccuracyDeps, appId: string, now: Date): Promise<AccuracyItem[]> {
  const labelled = new Map<string, string>();
  const steps = await db
    .select({ transcriptIds: trainingActions.transcriptIds, intentId: trainingActions.intentId })
    .from(trainingActions)
    .where(and(eq(trainingActions.appId, appId), inArray(trainingActions.action, ['added-phrase', 'created-intent'])))
    .orderBy(desc(trainingActions.createdAt))
    .limit(ACCURACY_MAX_QUESTIONS * 2);
  for (const step of steps) for (const id of step.transcriptIds) if (step.intentId && !labelled.has(id)) labelled.set(id, step.intentId);
  const confirmed = await deps.review.search(
    db,
    { appId, start: new Date(now.getTime() - 366 * DAY_MS), end: new Date(now.getTime() + DAY_MS), matched: true, reviewStatus: { operator: 'equals', value: 'REVIEWED' }, items: [], link: 'AND' },
    { sortBy: 'createdAt', sortOrder: 'desc', limit: ACCURACY_MAX_QUESTIONS * 4 },
  );
  for (const row of confirmed.rows) if (row.intentId && !labelled.has(row.transcriptId)) labelled.set(row.transcriptId, row.intentId);
  if (labelled.size === 0) return [];

  const draft = await deps.snapshots.readDraft(db, appId);
  const learned = new Set(draft.intents.flatMap((i) => i.trainingPhrases.map((p) => normalise(p.text))));
  const turns = await deps.review.get(db, appId, [...labelled.keys()]);
  return turns
    .filter((t) => !learned.has(normalise(t.data)))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, ACCURACY_MAX_QUESTIONS)
    .map((t) => ({ transcriptId: t.transcriptId, intentId: labelled.get(t.transcriptId)! }));
}

/** The evaluation set: the app's test cases when it has them, else the held-out slice. */
export async function evaluationSet(db: DbExecutor, deps: AccuracyDeps, appId: string, now: Date): Promise<{ basis: AccuracyBasis; items: AccuracyItem[] }> {
  const cases = await deps.testCases.list(db, appId);
  if (cases.length > 0) return { basis: 'test-cases', items: cases.map((c) => ({ question: c.question, intentId: c.intentId })) };
  return { basis: 'held-out', items: await heldOut(db, deps, appId, now) };
}

/** How many items the draft answers with their intent (reviewed questions gone since are left out). */
export async function measure(db: DbExecutor, deps: AccuracyDeps, app: AppRecord, items: readonly AccuracyItem[]): Promise<{ questions: number; correct: number }> {
  const ids = items.flatMap((i) => (i.transcriptId ? [i.transcriptId] : []));
  const texts = new Map((await deps.review.get(db, app.appId, ids)).map((t) => [t.transcriptId, t.data]));
  const asked = items.flatMap((i) => {
    const question = i.question ?? (i.transcriptId ? texts.get(i.transcriptId) : undefined);
    return question === undefined ? [] : [{ question, intentId: i.intentId }];
  });
  if (asked.length === 0) return { questions: 0, correct: 0 };
  const answers = await deps.drafts.answer(db, app, asked.map((a) => a.question));
  return { questions: asked.length, correct: answers.filter((a, i) => !a.fallback && a.intentId === asked[i].intentId).length };
}

/**
 * A training step's effect: the accuracy measured before it (by id, this app's, recent) and the
 * accuracy on the same set now. Null without a usable measurement or with an empty set.
 */
export async function accuracyAfterStep(db: DbExecutor, deps: AccuracyDeps, app: AppRecord, beforeId: string | undefined, now: Date): Promise<Pick<typeof trainingActions.$inferInsert, 'accuracyBasis' | 'accuracyQuestions' | 'accuracyBefore' | 'accuracyAfter'>> {
  if (!beforeId) return {};
  const [before] = await db
    .select()
    .from(trainingAccuracyMeasurements)
    .where(and(eq(trainingAccuracyMeasurements.id, beforeId), eq(trainingAccuracyMeasurements.appId, app.appId), gte(trainingAccuracyMeasurements.measuredAt, new Date(now.getTime() - ACCURACY_MEASUREMENT_TTL_MS))));
  if (!before || before.questions === 0) return {};
  const after = await measure(db, deps, app, before.items);
  return { accuracyBasis: before.basis, accuracyQuestions: before.questions, accuracyBefore: share(before.correct, before.questions), accuracyAfter: share(after.correct, after.questions) };
}

/** The history entry's accuracy, from a training step's row. */
export function accuracyOf(row: typeof trainingActions.$inferSelect): TrainingAccuracy | null {
  if (!row.accuracyBasis || row.accuracyBefore === null || row.accuracyAfter === null) return null;
  return { basis: row.accuracyBasis, questions: row.accuracyQuestions ?? 0, before: row.accuracyBefore, after: row.accuracyAfter, delta: Math.round((row.accuracyAfter - row.accuracyBefore) * 1000) / 1000 };
}

/** POST …/training-accuracy: the draft's accuracy now, kept for the training step that follows. */
export function registerAccuracyRoute(routes: RouteAdder, deps: AccuracyDeps): void {
  routes.add({
    method: 'POST',
    url: TrainingApi.accuracyRoute,
    app: 'appId',
    access: canReviewQuestions,
    unaudited: 'a measurement taken before a training step; the step itself is audited with it',
    description: `The draft's accuracy now on the app's test cases, or else on a held-out slice of its reviewed questions (at most ${ACCURACY_MAX_QUESTIONS}, none learned as a phrase); its id goes with the next training step (POST …/transcripts/trained, beforeMeasurementId) so the history shows before and after`,
    handler: async (ctx): Promise<AccuracyMeasurement> => {
      // Measurements no step took in time are of no further use.
      await ctx.db.delete(trainingAccuracyMeasurements).where(and(eq(trainingAccuracyMeasurements.appId, ctx.app.appId), lt(trainingAccuracyMeasurements.measuredAt, new Date(ctx.now.getTime() - ACCURACY_MEASUREMENT_TTL_MS))));
      const set = await evaluationSet(ctx.db, deps, ctx.app.appId, ctx.now);
      const result = await measure(ctx.db, deps, ctx.app, set.items);
      const [row] = await ctx.db
        .insert(trainingAccuracyMeasurements)
        .values({ appId: ctx.app.appId, basis: set.basis, items: set.items, questions: result.questions, correct: result.correct, measuredBy: ctx.user.email, measuredAt: ctx.now })
        .returning({ id: trainingAccuracyMeasurements.id });
      if (!row) throw HttpError.notFound();
      return { id: row.id, basis: set.basis, questions: result.questions, correct: result.correct, accuracy: share(result.correct, result.questions), measuredAt: ctx.now.toISOString() };
    },
  });
}
