import type { ChannelResponses } from '../../knowledge-base/contract/common/responses/index';
import { and, eq, HttpError, JobError, jobs as jobTable, parseSlots, sql, type DbExecutor, type DomainEvents, type JobService, type RouteAdder } from '@civic/sdk/server';
import { categories, labels } from '../../classification/contract/server/tables';
import { knowledgeChanged } from '../../knowledge-base/contract/events';
import { intentCategories, intentLabels, intents, trainingPhrases } from '../../knowledge-base/contract/server/tables';
import { Papa, type Parser } from '@civic/sdk/server/csv';
import { readXlsxRows } from '@civic/sdk/server/untrusted-file';
import { JobKinds, PublishingApi, type BulkPreview, type JobView } from '../common/api';
import { BULK_LIMITS, BulkMessages, BulkRowChecker, type BulkRow } from '../common/bulk';
import { PublishingMessages } from '../common/messages';
import { canEditPublishing } from '../common/permissions';
import { ImportAgentDto } from '../common/publishing.dto';
import { isZip, ZIP_LIMITS } from './agent-zip';
import { fileRefusal } from './file-refusal';
import { assertIntentRoomInJob, intentLimitProblem } from './intent-limit';
import { toJobView } from './job-view';
import { chunks, idsByName, inList } from './set-based';

const MB = 1024 * 1024;
const PREVIEW_ROWS = 200;
const CHUNK = 500;

/**
 * CSV records (papaparse, RFC 4180: quoted fields with commas, doubled quotes and new lines) in
 * batches: the parser pauses after each batch and resumes when the next is asked for, so only one
 * batch of records exists at a time. Blank lines are skipped; an unclosed quote is a 422.
 */
export function* csvRecords(text: string, batchSize: number): Generator<string[][]> {
  let batch: string[][] = [];
  let parser: Parser | null = null;
  let finished = false;
  let records = 0;
  let unclosedAt = 0;
  Papa.parse<string[]>(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, {
    delimiter: ',',
    skipEmptyLines: 'greedy',
    step: (result, handle) => {
      records += 1;
      if (result.errors.some((error) => error.code === 'MissingQuotes')) {
        unclosedAt = records;
        handle.abort();
        return;
      }
      batch.push(result.data);
      if (batch.length >= batchSize) {
        parser = handle;
        handle.pause();
      }
    },
    complete: () => {
      finished = true;
    },
  });
  for (;;) {
    if (unclosedAt) throw HttpError.invalid([BulkMessages.unclosedQuote(unclosedAt)]);
    if (batch.length) {
      const out = batch;
      batch = [];
      yield out;
    }
    if (finished || !parser) return;
    (parser as Parser).resume();
  }
}

/**
 * CSV or XLSX, told apart by content; anything else (binary, bad UTF-8) is a 415 at once. An XLSX is
 * read off the request thread within the zip limits (a damaged or hostile one is a 4xx here); the
 * rows come checked, in batches, as the generator is iterated: an unusable header or a malformed row
 * is a 422 then.
 */
export async function openSpreadsheet(data: Uint8Array, batchSize = CHUNK): Promise<Generator<BulkRow[]>> {
  return checkedRows(await openRecords(data, batchSize));
}

/** Columns a bulk file may use (five are named); cells further right are not read. */
const MAX_COLUMNS = 64;

async function openRecords(data: Uint8Array, batchSize: number): Promise<Iterable<string[][]>> {
  if (data.byteLength > BULK_LIMITS.maxBytes) throw new HttpError(413, PublishingMessages.fileTooLarge(BULK_LIMITS.maxBytes / MB));
  let records: Iterable<string[][]>;
  if (isZip(data)) {
    let rows: string[][];
    try {
      // The header plus one row past the limit, so that "too many rows" is still told (below).
      rows = await readXlsxRows(data, { ...ZIP_LIMITS, maxRows: BULK_LIMITS.maxRows + 1, maxColumns: MAX_COLUMNS });
    } catch (error) {
      throw fileRefusal(error, ZIP_LIMITS);
    }
    records = inBatches(rows, batchSize);
  } else {
    if (data.includes(0)) throw new HttpError(415, BulkMessages.notText);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      throw new HttpError(415, BulkMessages.notText);
    }
    records = csvRecords(text, batchSize);
  }
  return records;
}

function* inBatches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

function* checkedRows(records: Iterable<string[][]>): Generator<BulkRow[]> {
  let checker: BulkRowChecker | null = null;
  for (const batch of records) {
    const rows: BulkRow[] = [];
    for (const cells of batch) {
      try {
        if (!checker) checker = new BulkRowChecker(cells);
        else rows.push(checker.check(cells));
      } catch (error) {
        throw HttpError.invalid([(error as Error).message]);
      }
    }
    if (rows.length) yield rows;
  }
  if (!checker) throw HttpError.invalid([BulkMessages.emptyFile]);
}

/**
 * Reads the whole file once for the upload's 4xx (type, header, malformed CSV, too many rows) without
 * checking or keeping its rows; answers the row count. The job reads it again, row by row.
 */
export async function scanSpreadsheet(data: Uint8Array): Promise<number> {
  let header = true;
  let rows = 0;
  for (const batch of await openRecords(data, CHUNK)) {
    for (const cells of batch) {
      if (header) {
        try {
          new BulkRowChecker(cells);
        } catch (error) {
          throw HttpError.invalid([(error as Error).message]);
        }
        header = false;
      } else rows += 1;
    }
    if (rows > BULK_LIMITS.maxRows) throw HttpError.invalid([BulkMessages.tooManyRows(BULK_LIMITS.maxRows)]);
  }
  if (header) throw HttpError.invalid([BulkMessages.emptyFile]);
  return rows;
}

const answerResponses = (answer: string): ChannelResponses[] => [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [answer] }] }];

interface Existing {
  id: string;
  kind: 'intent' | 'qna';
  signature: string;
}

const signatureOf = (answer: string, phrases: string[], category: string | null, labelNames: string[]) =>
  JSON.stringify([answer, phrases, category?.toLowerCase() ?? null, labelNames.map((l) => l.toLowerCase()).sort()]);

const lowerName = sql`lower(${intents.displayName})`;

/** The intents of the app named like these questions (case-insensitive), with what a re-import compares: one batch at a time. */
async function existingFor(db: DbExecutor, appId: string, questions: string[]): Promise<Map<string, Existing>> {
  const map = new Map<string, Existing>();
  if (questions.length === 0) return map;
  const keys = [...new Set(questions.map((q) => q.toLowerCase()))];
  const rows = await db
    .select({ id: intents.id, name: intents.displayName, kind: intents.kind, responses: intents.responses })
    .from(intents)
    .where(and(eq(intents.appId, appId), inList(lowerName, keys, 'text')));
  const qnaIds = rows.filter((r) => r.kind === 'qna').map((r) => r.id);
  const phrases = new Map<string, string[]>();
  const cats = new Map<string, string>();
  const labs = new Map<string, string[]>();
  if (qnaIds.length) {
    for (const p of await db.select({ intentId: trainingPhrases.intentId, text: trainingPhrases.text }).from(trainingPhrases).where(inList(sql`${trainingPhrases.intentId}`, qnaIds, 'uuid')).orderBy(trainingPhrases.intentId, trainingPhrases.position)) {
      phrases.set(p.intentId, [...(phrases.get(p.intentId) ?? []), p.text]);
    }
    for (const c of await db.select({ intentId: intentCategories.intentId, name: categories.name }).from(intentCategories).innerJoin(categories, eq(categories.id, intentCategories.categoryId)).where(inList(sql`${intentCategories.intentId}`, qnaIds, 'uuid'))) cats.set(c.intentId, c.name);
    for (const l of await db.select({ intentId: intentLabels.intentId, name: labels.name }).from(intentLabels).innerJoin(labels, eq(labels.id, intentLabels.labelId)).where(inList(sql`${intentLabels.intentId}`, qnaIds, 'uuid'))) labs.set(l.intentId, [...(labs.get(l.intentId) ?? []), l.name]);
  }
  for (const row of rows) {
    const first = row.responses[0]?.messages[0];
    const answer = first?.type === 'text' ? first.text.join('\n') : '';
    map.set(row.name.toLowerCase(), { id: row.id, kind: row.kind, signature: signatureOf(answer, phrases.get(row.id) ?? [], cats.get(row.id) ?? null, labs.get(row.id) ?? []) });
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

/**
 * Writes a staged import in the caller's transaction with a few multi-row statements per 5,000 rows
 * (intents, their phrases, categories and labels from one JSON parameter each), so the transaction
 * lasts as long as the writes and no longer. Content changed since staging (a new Q&A's name taken,
 * a changed one deleted) fails it with nothing written: the user runs it again.
 */
export async function applyImport(db: DbExecutor, appId: string, staged: StagedImport, userId: string | null, now: Date, source: string | null = null): Promise<BulkOutcome> {
  const creates = [...staged.creates.values()];
  const updates = [...staged.updates.values()];
  const counts = { ...staged.counts, created: staged.counts.created + creates.length, updated: staged.counts.updated + updates.length };
  await assertIntentRoomInJob(db, appId, creates.length);
  for (const part of chunks([...staged.creates.keys()])) {
    const [taken] = await db.select({ id: intents.id }).from(intents).where(and(eq(intents.appId, appId), inList(lowerName, part, 'text'))).limit(1);
    if (taken) throw new JobError(BulkMessages.changedMeanwhile);
  }
  const changing = [...creates, ...updates.map((u) => u.row)];
  const known = {
    categories: await idsByName(db, appId, categories, changing.flatMap((r) => (r.category ? [r.category] : []))),
    labels: await idsByName(db, appId, labels, changing.flatMap((r) => r.labels)),
  };
  for (const part of chunks(creates)) {
    const values = JSON.stringify(part.map((row) => ({ name: row.question, responses: answerResponses(row.answer) })));
    const made = (await db.execute(sql`insert into ${intents} (app_id, kind, display_name, responses, source_url, updated_at, updated_by)
      select ${appId}, 'qna', x.name, x.responses, ${source}, ${now.toISOString()}::timestamptz, ${userId}::uuid
      from jsonb_to_recordset(${values}::jsonb) as x(name text, responses jsonb)
      returning id, display_name as name`)) as unknown as { rows: Array<{ id: string; name: string }> };
    const byName = new Map(made.rows.map((m) => [m.name.toLowerCase(), m.id]));
    await insertLinks(db, appId, known, part.map((row) => ({ id: byName.get(row.question.toLowerCase()) ?? '', row })));
  }
  for (const part of chunks(updates)) {
    const values = JSON.stringify(part.map(({ id, row }) => ({ id, responses: answerResponses(row.answer) })));
    const changed = (await db.execute(sql`update ${intents} set responses = x.responses, source_url = coalesce(${source}, ${intents.sourceUrl}),
        updated_at = ${now.toISOString()}::timestamptz, updated_by = ${userId}::uuid, version = ${intents.version} + 1
      from jsonb_to_recordset(${values}::jsonb) as x(id uuid, responses jsonb)
      where ${intents.id} = x.id and ${intents.appId} = ${appId}
      returning ${intents.id}`)) as unknown as { rows: unknown[] };
    if (changed.rows.length !== part.length) throw new JobError(BulkMessages.changedMeanwhile);
    const ids = part.map((u) => u.id);
    await db.delete(trainingPhrases).where(inList(sql`${trainingPhrases.intentId}`, ids, 'uuid'));
    await db.delete(intentCategories).where(inList(sql`${intentCategories.intentId}`, ids, 'uuid'));
    await db.delete(intentLabels).where(inList(sql`${intentLabels.intentId}`, ids, 'uuid'));
    await insertLinks(db, appId, known, part);
  }
  return { counts, errors: staged.errors };
}

/** Phrases, category and labels of these intents: one statement each, the rows as one JSON parameter (binding thousands of parameters is what is slow). */
async function insertLinks(db: DbExecutor, appId: string, known: { categories: Map<string, string>; labels: Map<string, string> }, entries: Array<{ id: string; row: BulkRow }>): Promise<void> {
  const phrases = JSON.stringify(entries.flatMap(({ id, row }) => [row.question, ...row.variants].map((text, position) => ({ intent_id: id, position, reference_id: `bulk-${position}`, text }))));
  await db.execute(sql`insert into ${trainingPhrases} (intent_id, app_id, position, reference_id, type, parts, text)
    select x.intent_id, ${appId}, x.position, x.reference_id, 'example', jsonb_build_array(jsonb_build_object('text', x.text)), x.text
    from jsonb_to_recordset(${phrases}::jsonb) as x(intent_id uuid, position int, reference_id text, text text)`);
  const cats = entries.flatMap(({ id, row }) => (row.category ? [{ i: id, c: known.categories.get(row.category.toLowerCase()) }] : []));
  if (cats.length) await db.execute(sql`insert into ${intentCategories} (intent_id, category_id) select x.i, x.c from jsonb_to_recordset(${JSON.stringify(cats)}::jsonb) as x(i uuid, c uuid)`);
  const labs = entries.flatMap(({ id, row }) => row.labels.map((l) => ({ i: id, l: known.labels.get(l.toLowerCase()) })));
  if (labs.length) await db.execute(sql`insert into ${intentLabels} (intent_id, label_id) select x.i, x.l from jsonb_to_recordset(${JSON.stringify(labs)}::jsonb) as x(i uuid, l uuid)`);
}

/** What the preview answers for a file, read batch by batch: counts, the first rows, every further invalid row. */
export async function previewSpreadsheet(db: DbExecutor, appId: string, batches: Iterable<BulkRow[]>): Promise<BulkPreview> {
  const preview: BulkPreview = { total: 0, create: 0, update: 0, unchanged: 0, invalid: 0, rows: [], tierLimit: null };
  let laterInvalid = 0;
  for (const batch of batches) {
    const existing = await existingFor(db, appId, batch.filter((row) => row.errors.length === 0).map((row) => row.question));
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
  preview.tierLimit = await intentLimitProblem(db, appId, preview.create);
  return preview;
}

interface BulkJobPayload {
  fileName: string;
  /** The uploaded file, base64 (read again, batch by batch, by the job); emptied when the job is done. */
  content: string;
  rows: number;
}

export function registerBulkImport(routes: RouteAdder, jobs: JobService, events: DomainEvents): void {
  jobs.register<BulkJobPayload>(
    JobKinds.bulkImport,
    async (ctx) => {
      const data = Buffer.from(ctx.payload.content, 'base64');
      const total = Math.max(1, ctx.payload.rows);
      const batches = await openSpreadsheet(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      // Read and plan with no transaction open, then write in one short one (all or nothing).
      const staged = await stageImport(ctx.db, ctx.appId ?? '', batches, (done, c) => {
        ctx.throwIfCancelled();
        ctx.progress(5 + (80 * done) / total, c);
      });
      ctx.progress(85);
      await ctx.commit(async (tx) => {
        const { counts, errors } = await applyImport(tx, ctx.appId ?? '', staged, ctx.createdBy, ctx.now());
        // The file has served its purpose: the job row keeps its name, not its bytes.
        await tx.update(jobTable).set({ payload: { fileName: ctx.payload.fileName, rows: ctx.payload.rows } }).where(eq(jobTable.id, ctx.id));
        await events.publish(tx, knowledgeChanged, { appId: ctx.appId ?? '' });
        return { counts, errors, result: { fileName: ctx.payload.fileName } };
      });
    },
    { transaction: false, retryLimit: 1 },
  );

  const decode = (content: string) => {
    const data = Buffer.from(content, 'base64');
    if (data.byteLength === 0) throw HttpError.invalid([PublishingMessages.fileRequired]);
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  };

  routes.add({
    method: 'POST',
    url: PublishingApi.bulkPreviewRoute,
    app: 'appId',
    access: canEditPublishing,
    body: ImportAgentDto,
    bodyLimit: BULK_LIMITS.maxBytes * 1.5,
    audit: { action: 'publishing.bulk-preview', summary: (ctx) => `Previewed bulk import ${ctx.body.fileName}` },
    description: 'Reads a CSV or XLSX of Q&A and answers each row with its problems and what importing it would do (nothing is saved)',
    // The file is read before the transaction opens, in one of the user's upload slots.
    prepare: (ctx) => parseSlots.run(ctx.user.id, () => openSpreadsheet(decode(ctx.body.content))),
    handler: (ctx): Promise<BulkPreview> => previewSpreadsheet(ctx.db, ctx.app.appId, ctx.prepared),
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.bulkImportRoute,
    app: 'appId',
    access: canEditPublishing,
    body: ImportAgentDto,
    status: 202,
    bodyLimit: BULK_LIMITS.maxBytes * 1.5,
    audit: { action: 'publishing.bulk-import', summary: (ctx) => `Bulk import of ${ctx.body.fileName}` },
    description: 'Starts a bulk import job for the valid rows of a CSV or XLSX of Q&A (invalid rows are reported, not imported)',
    // The file is read once, before the transaction opens, for its 4xx (type, header, malformed rows) without keeping rows; the job reads it again.
    prepare: (ctx) => parseSlots.run(ctx.user.id, () => scanSpreadsheet(decode(ctx.body.content))),
    handler: async (ctx): Promise<{ job: JobView }> => {
      const rows = ctx.prepared;
      const job = await jobs.enqueue(ctx.db, {
        kind: JobKinds.bulkImport,
        appId: ctx.app.appId,
        payload: { fileName: ctx.body.fileName, content: ctx.body.content, rows } satisfies BulkJobPayload,
        createdBy: { id: ctx.user.id, email: ctx.user.email },
      });
      return { job: toJobView(job) };
    },
  });
}
