import { assertWithinTierLimit, HttpError, JobError, type DbExecutor } from '@civic/sdk/server';
import type { IntentCounts } from '../../knowledge-base/contract/server/index';
import { PublishingMessages } from '../common/messages';

/**
 * The tier's intent limit (Q&A pairs count as intents, as in a single create) for the bulk paths:
 * bulk import, agent zip import and the Q&A generator refuse a file that would take the app past it,
 * in the preview, at the upload and again in the job (the draft may have grown in between). The
 * knowledge base counts its intents (`IntentCounts`), in the caller's transaction.
 */
export async function intentLimitProblem(counts: IntentCounts, db: DbExecutor, appId: string, adding: number): Promise<string | null> {
  if (adding <= 0) return null;
  const current = await counts.total(db, appId);
  try {
    await assertWithinTierLimit(db, appId, 'maxIntents', current, adding);
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) return PublishingMessages.overIntentLimit(error.message, adding, current);
    throw error;
  }
}

/** 422 at the upload when the file's new intents would pass the tier limit. */
export async function assertIntentRoom(counts: IntentCounts, db: DbExecutor, appId: string, adding: number): Promise<void> {
  const problem = await intentLimitProblem(counts, db, appId, adding);
  if (problem) throw HttpError.invalid([problem]);
}

/** The job's refusal (its message is shown on the jobs page); nothing is written. */
export async function assertIntentRoomInJob(counts: IntentCounts, db: DbExecutor, appId: string, adding: number): Promise<void> {
  const problem = await intentLimitProblem(counts, db, appId, adding);
  if (problem) throw new JobError(problem);
}

/** How many of these names (case-insensitive, each once) are not yet intents of the app: what an upsert by name would add. */
export function newIntentNames(counts: IntentCounts, db: DbExecutor, appId: string, names: readonly string[]): Promise<number> {
  return counts.newNames(db, appId, names);
}
