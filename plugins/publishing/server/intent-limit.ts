import { assertWithinTierLimit, count, eq, HttpError, JobError, sql, type DbExecutor } from '@civic/sdk/server';
import { intents } from '../../knowledge-base/contract/server/tables';
import { PublishingMessages } from '../common/messages';

/**
 * The tier's intent limit (Q&A pairs count as intents, as in a single create) for the bulk paths:
 * bulk import, agent zip import and the Q&A generator refuse a file that would take the app past it,
 * in the preview, at the upload and again in the job (the draft may have grown in between).
 */
export async function intentLimitProblem(db: DbExecutor, appId: string, adding: number): Promise<string | null> {
  if (adding <= 0) return null;
  const [row] = await db.select({ n: count() }).from(intents).where(eq(intents.appId, appId));
  const current = Number(row?.n ?? 0);
  try {
    await assertWithinTierLimit(db, appId, 'maxIntents', current, adding);
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) return PublishingMessages.overIntentLimit(error.message, adding, current);
    throw error;
  }
}

/** 422 at the upload when the file's new intents would pass the tier limit. */
export async function assertIntentRoom(db: DbExecutor, appId: string, adding: number): Promise<void> {
  const problem = await intentLimitProblem(db, appId, adding);
  if (problem) throw HttpError.invalid([problem]);
}

/** The job's refusal (its message is shown on the jobs page); nothing is written. */
export async function assertIntentRoomInJob(db: DbExecutor, appId: string, adding: number): Promise<void> {
  const problem = await intentLimitProblem(db, appId, adding);
  if (problem) throw new JobError(problem);
}

/** How many of these names (case-insensitive, each once) are not yet intents of the app: what an upsert by name would add. */
export async function newIntentNames(db: DbExecutor, appId: string, names: readonly string[]): Promise<number> {
  const unique = [...new Set(names.map((name) => name.toLowerCase()))];
  if (unique.length === 0) return 0;
  const result = (await db.execute(sql`select count(*)::int as n from jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb) as x(name)
    where not exists (select 1 from ${intents} t where t.app_id = ${appId} and lower(t.display_name) = x.name)`)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}
