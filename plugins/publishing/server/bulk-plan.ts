import { type DbExecutor } from '@civic/sdk/server';
import type { ClassCatalog, ClassesByName } from '../../classification/contract/server/index';
import type { BulkQna, IntentCounts } from '../../knowledge-base/contract/server/index';
import type { BulkPreview } from '../common/api';
import type { BulkRow } from '../common/bulk';
import { intentLimitProblem } from './intent-limit';

/**
 * What a bulk import of Q&A (a file, or the generator's approved pairs) reads and writes the draft
 * through: the knowledge base's Q&A pairs and intent counts, classification's categories and labels.
 */
export interface BulkServices {
  qna: BulkQna;
  counts: IntentCounts;
  classes: ClassCatalog;
  classNames: ClassesByName;
}

const PREVIEW_ROWS = 200;

interface Existing {
  id: string;
  kind: 'intent' | 'qna';
  signature: string;
}

const signatureOf = (answer: string, phrases: string[], category: string | null, labelNames: string[]) =>
  JSON.stringify([answer, phrases, category?.toLowerCase() ?? null, labelNames.map((l) => l.toLowerCase()).sort()]);

/** The intents of the app named like these questions (case-insensitive), with what a re-import compares: one batch at a time. */
async function existingFor(kb: BulkServices, db: DbExecutor, appId: string, questions: string[]): Promise<Map<string, Existing>> {
  const map = new Map<string, Existing>();
  if (questions.length === 0) return map;
  const found = await kb.qna.named(db, appId, questions);
  const classified = [...found.values()].some((intent) => intent.categoryIds.length > 0 || intent.labelIds.length > 0);
  const classes = classified ? await kb.classes.list(db, appId) : { categories: [], labels: [] };
  const categoryNames = new Map(classes.categories.map((c) => [c.id, c.name]));
  const labelNames = new Map(classes.labels.map((l) => [l.id, l.name]));
  for (const [key, intent] of found) {
    const first = intent.responses[0]?.messages[0];
    const answer = first?.type === 'text' ? first.text.join('\n') : '';
    const categoryId = intent.categoryIds.at(-1);
    const category = categoryId === undefined ? null : (categoryNames.get(categoryId) ?? null);
    const labels = intent.labelIds.flatMap((id) => labelNames.get(id) ?? []);
    map.set(key, { id: intent.id, kind: intent.kind, signature: signatureOf(answer, intent.phrases, category, labels) });
  }
  return map;
}

type Plan = 'create' | 'update' | 'unchanged' | 'conflict';

function planOf(row: BulkRow, existing: Map<string, Existing>): Plan {
  const found = existing.get(row.question.toLowerCase());
  if (!found) return 'create';
  if (found.kind !== 'qna') return 'conflict';
  return found.signature === signatureOf(row.answer, [row.question, ...row.variants], row.category, row.labels) ? 'unchanged' : 'update';
}

const intentClash = 'An intent (not a Q&A) already has this name';
const MAX_ERRORS = 1000;

export interface BulkOutcome {
  counts: { created: number; updated: number; unchanged: number; skipped: number; invalid: number };
  errors: string[];
}

/** A file's rows read, checked and planned against the draft — nothing written yet. */
export interface StagedImport {
  /** New Q&A by lower-case question. */
  creates: Map<string, BulkRow>;
  /** Changed Q&A by lower-case question, with the intent they change. */
  updates: Map<string, { id: string; row: BulkRow }>;
  counts: BulkOutcome['counts'];
  errors: string[];
}

const rowSignature = (row: BulkRow) => signatureOf(row.answer, [row.question, ...row.variants], row.category, row.labels);

/**
 * Reads the rows batch by batch and plans each against the draft (new, changed, unchanged, clashing
 * with an intent, invalid), outside any transaction: each look-up is one short statement, so other
 * requests run in between (on PGlite they share its one connection). A question met again later in
 * the file counts as a change of the first (the last one wins). Writes nothing.
 */
export async function stageImport(
  kb: BulkServices,
  db: DbExecutor,
  appId: string,
  batches: Iterable<BulkRow[]>,
  progress: (rowsDone: number, counts: Record<string, number>) => void,
): Promise<StagedImport> {
  const staged: StagedImport = { creates: new Map(), updates: new Map(), counts: { created: 0, updated: 0, unchanged: 0, skipped: 0, invalid: 0 }, errors: [] };
  const { counts } = staged;
  const report = (message: string) => {
    if (staged.errors.length < MAX_ERRORS) staged.errors.push(message);
  };
  let rowsDone = 0;
  for (const batch of batches) {
    const valid: BulkRow[] = [];
    for (const row of batch) {
      if (row.errors.length === 0) valid.push(row);
      else {
        counts.invalid += 1;
        report(`Row ${row.row}: ${row.errors.join('; ')}`);
      }
    }
    const existing = await existingFor(
      kb,
      db,
      appId,
      valid.map((row) => row.question).filter((q) => !staged.creates.has(q.toLowerCase()) && !staged.updates.has(q.toLowerCase())),
    );
    for (const row of valid) {
      const key = row.question.toLowerCase();
      const created = staged.creates.get(key);
      const updated = staged.updates.get(key);
      const earlier = created ?? updated?.row;
      if (earlier) {
        if (rowSignature(earlier) === rowSignature(row)) counts.unchanged += 1;
        else {
          if (created) staged.creates.set(key, row);
          else if (updated) staged.updates.set(key, { id: updated.id, row });
          counts.updated += 1;
        }
        continue;
      }
      const plan = planOf(row, existing);
      if (plan === 'create') staged.creates.set(key, row);
      else if (plan === 'update') staged.updates.set(key, { id: existing.get(key)?.id ?? '', row });
      else if (plan === 'unchanged') counts.unchanged += 1;
      else {
        counts.skipped += 1;
        report(`Row ${row.row}: ${intentClash}`);
      }
    }
    rowsDone += batch.length;
    progress(rowsDone, { ...counts, created: counts.created + staged.creates.size, updated: counts.updated + staged.updates.size });
  }
  return staged;
}

/** What the preview answers for a file, read batch by batch: counts, the first rows, every further invalid row. */
export async function previewSpreadsheet(kb: BulkServices, db: DbExecutor, appId: string, batches: Iterable<BulkRow[]>): Promise<BulkPreview> {
  const preview: BulkPreview = { total: 0, create: 0, update: 0, unchanged: 0, invalid: 0, rows: [], tierLimit: null };
  let laterInvalid = 0;
  for (const batch of batches) {
    const existing = await existingFor(kb, db, appId, batch.filter((row) => row.errors.length === 0).map((row) => row.question));
    for (const row of batch) {
      const plan = row.errors.length ? 'invalid' : planOf(row, existing);
      const shown = { ...row, errors: plan === 'conflict' ? [intentClash] : row.errors, plan: plan === 'conflict' ? ('invalid' as const) : plan };
      preview.total += 1;
      preview[shown.plan] += 1;
      if (preview.total <= PREVIEW_ROWS) preview.rows.push(shown);
      else if (shown.plan === 'invalid' && laterInvalid < MAX_ERRORS) {
        laterInvalid += 1;
        preview.rows.push(shown);
      }
    }
  }
  preview.tierLimit = await intentLimitProblem(kb.counts, db, appId, preview.create);
  return preview;
}

