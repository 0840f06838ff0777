import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/** One test case: a question and the intent that must answer it. */
export interface TrainingTestCase {
  question: string;
  intentId: string;
}

/**
 * The app's test cases (§1 "test-case evals"), for the training history's accuracy before and after a
 * training step. The plugin that keeps test cases registers at mount; with none registered, or an app
 * without test cases, the history measures a held-out slice of the app's reviewed questions instead.
 */
export interface TrainingTestCaseSource {
  list(db: DbExecutor, appId: string): Promise<TrainingTestCase[]>;
}

/** Provided by training: register the source of test cases (one may register). */
export interface TrainingTestCases {
  register(source: TrainingTestCaseSource): void;
}
export const TrainingTestCases = defineServiceRef<TrainingTestCases>('training.test-cases');
