import type { DbExecutor } from '@civic/sdk/server';
import type { ChannelResponses } from '../../knowledge-base/contract/common/responses/index';
import type { BulkStamp, QnaContent } from '../../knowledge-base/contract/server/index';
import type { BulkServices } from './bulk-plan';
import type { StagedRow } from './db/import-stages';

const answerResponses = (answer: string): ChannelResponses[] => [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [answer] }] }];

/** Rows the draft no longer let through: a new pair's name taken, a changed pair deleted. */
export interface PassedOver {
  taken: StagedRow[];
  missing: StagedRow[];
}

/**
 * Writes planned rows into the draft on the caller's transaction: classification names their
 * categories and labels (creating the missing ones), the knowledge base writes the Q&A pairs
 * set-based (`BulkQna`). A new pair whose name was taken, or a changed one deleted, since the plan
 * was checked is passed over and answered.
 */
export async function writeRows(kb: BulkServices, db: DbExecutor, appId: string, rows: readonly StagedRow[], stamp: BulkStamp): Promise<PassedOver> {
  const categoryIds = await kb.classNames.ensure(db, appId, 'category', rows.flatMap((r) => (r.category ? [r.category] : [])));
  const labelIds = await kb.classNames.ensure(db, appId, 'label', rows.flatMap((r) => r.labels));
  const content = (row: StagedRow): QnaContent => ({
    responses: answerResponses(row.answer),
    phrases: [row.question, ...row.variants],
    categoryIds: row.category ? [categoryIds.get(row.category.toLowerCase()) ?? ''] : [],
    labelIds: row.labels.map((label) => labelIds.get(label.toLowerCase()) ?? ''),
  });
  const creates = rows.filter((row) => row.id === undefined);
  const updates = rows.flatMap((row) => (row.id === undefined ? [] : [{ ...row, id: row.id }]));
  const { taken } = await kb.qna.create(db, appId, creates.map((row) => ({ name: row.question, ...content(row) })), stamp);
  const { missing } = await kb.qna.update(db, appId, updates.map((row) => ({ ...content(row), id: row.id })), stamp);
  const takenNames = new Set(taken.map((name) => name.toLowerCase()));
  const missingIds = new Set(missing);
  return { taken: creates.filter((row) => takenNames.has(row.question.toLowerCase())), missing: updates.filter((row) => missingIds.has(row.id)) };
}
