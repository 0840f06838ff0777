import { JobError, type DbExecutor } from '@civic/sdk/server';
import type { ChannelResponses } from '../../knowledge-base/contract/common/responses/index';
import type { QnaContent } from '../../knowledge-base/contract/server/index';
import { BulkMessages, type BulkRow } from '../common/bulk';
import type { BulkOutcome, BulkServices, StagedImport } from './bulk-plan';
import { assertIntentRoomInJob } from './intent-limit';

const answerResponses = (answer: string): ChannelResponses[] => [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [answer] }] }];

/**
 * Writes a staged import in the caller's transaction: the knowledge base writes the Q&A pairs set-based
 * (a few multi-row statements per 5,000 rows: intents, their phrases, categories and labels from one
 * JSON parameter each), so the transaction lasts as long as the writes and no longer. Content changed
 * since staging (a new Q&A's name taken, a changed one deleted) fails it with nothing written (the
 * transaction rolls back): the user runs it again.
 */
export async function applyImport(kb: BulkServices, db: DbExecutor, appId: string, staged: StagedImport, userId: string | null, now: Date, source: string | null = null): Promise<BulkOutcome> {
  const creates = [...staged.creates.values()];
  const updates = [...staged.updates.values()];
  const counts = { ...staged.counts, created: staged.counts.created + creates.length, updated: staged.counts.updated + updates.length };
  await assertIntentRoomInJob(kb.counts, db, appId, creates.length);
  if (await kb.qna.anyNamed(db, appId, [...staged.creates.keys()])) throw new JobError(BulkMessages.changedMeanwhile);
  const changing = [...creates, ...updates.map((u) => u.row)];
  const categoryIds = await kb.classNames.ensure(db, appId, 'category', changing.flatMap((r) => (r.category ? [r.category] : [])));
  const labelIds = await kb.classNames.ensure(db, appId, 'label', changing.flatMap((r) => r.labels));
  const content = (row: BulkRow): QnaContent => ({
    responses: answerResponses(row.answer),
    phrases: [row.question, ...row.variants],
    categoryIds: row.category ? [categoryIds.get(row.category.toLowerCase()) ?? ''] : [],
    labelIds: row.labels.map((label) => labelIds.get(label.toLowerCase()) ?? ''),
  });
  const stamp = { userId, now, sourceUrl: source };
  await kb.qna.create(db, appId, creates.map((row) => ({ name: row.question, ...content(row) })), stamp);
  const { missing } = await kb.qna.update(db, appId, updates.map(({ id, row }) => ({ id, ...content(row) })), stamp);
  if (missing > 0) throw new JobError(BulkMessages.changedMeanwhile);
  return { counts, errors: staged.errors };
}
