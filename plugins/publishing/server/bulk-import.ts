import type { ChannelResponses } from '@civic/sdk/common/responses';
import {
  categories,
  eq,
  HttpError,
  inArray,
  intentCategories,
  intentLabels,
  intents,
  labels,
  sql,
  trainingPhrases,
  type DbExecutor,
  type JobService,
  type RouteAdder,
} from '@civic/sdk/server';
import { strFromU8 } from '@civic/sdk/server/zip';
import { JobKinds, PublishingApi, type BulkPreview, type JobView } from '../common/api';
import { BULK_LIMITS, BulkMessages, parseCsv, toBulkRows, type BulkRow } from '../common/bulk';
import { PublishingMessages } from '../common/messages';
import { canEditPublishing } from '../common/permissions';
import { ImportAgentDto } from '../common/publishing.dto';
import { isZip, openZip } from './agent-zip';
import { toJobView } from './job-view';

const MB = 1024 * 1024;
const PREVIEW_ROWS = 200;
const CHUNK = 500;

function decodeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const textOf = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => decodeXml(m[1])).join('');

function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, '')) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The first worksheet of an XLSX workbook as rows of cell text (shared and inline strings, numbers). */
export function readXlsx(files: Record<string, Uint8Array>): string[][] {
  if (!files['xl/workbook.xml']) throw new HttpError(415, BulkMessages.notText);
  const shared = files['xl/sharedStrings.xml'] ? [...strFromU8(files['xl/sharedStrings.xml']).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1])) : [];
  const sheetName = Object.keys(files)
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]))[0];
  if (!sheetName) throw HttpError.invalid([BulkMessages.emptyFile]);
  const sheet = strFromU8(files[sheetName]);
  const rows: string[][] = [];
  for (const rowMatch of sheet.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const row: string[] = [];
    for (const cell of rowMatch[1].matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1];
      const body = cell[2] ?? '';
      const ref = /\br="([A-Z]+\d+)"/.exec(attrs)?.[1];
      const type = /\bt="(\w+)"/.exec(attrs)?.[1];
      const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const text = type === 's' ? (shared[Number(value)] ?? '') : type === 'inlineStr' ? textOf(body) : decodeXml(value ?? '');
      const at = ref ? columnIndex(ref) : row.length;
      while (row.length < at) row.push('');
      row[at] = text;
    }
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** CSV or XLSX, told apart by content; anything else (binary, bad UTF-8) is a 415. */
export function readSpreadsheet(data: Uint8Array): BulkRow[] {
  if (data.byteLength > BULK_LIMITS.maxBytes) throw new HttpError(413, PublishingMessages.fileTooLarge(BULK_LIMITS.maxBytes / MB));
  let cells: string[][];
  if (isZip(data)) {
    cells = readXlsx(openZip(data));
  } else {
    if (data.includes(0)) throw new HttpError(415, BulkMessages.notText);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      throw new HttpError(415, BulkMessages.notText);
    }
    try {
      cells = parseCsv(text);
    } catch (error) {
      throw HttpError.invalid([(error as Error).message]);
    }
  }
  try {
    return toBulkRows(cells);
  } catch (error) {
    throw HttpError.invalid([(error as Error).message]);
  }
}

const answerResponses = (answer: string): ChannelResponses[] => [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [answer] }] }];

interface Existing {
  id: string;
  kind: 'intent' | 'qna';
  signature: string;
}

const signatureOf = (answer: string, phrases: string[], category: string | null, labelNames: string[]) =>
  JSON.stringify([answer, phrases, category?.toLowerCase() ?? null, labelNames.map((l) => l.toLowerCase()).sort()]);

async function existingOf(db: DbExecutor, appId: string): Promise<Map<string, Existing>> {
  const rows = await db.select({ id: intents.id, name: intents.displayName, kind: intents.kind, responses: intents.responses }).from(intents).where(eq(intents.appId, appId));
  const qnaIds = rows.filter((r) => r.kind === 'qna').map((r) => r.id);
  const phrases = new Map<string, string[]>();
  const cats = new Map<string, string>();
  const labs = new Map<string, string[]>();
  if (qnaIds.length) {
    for (const p of await db.select({ intentId: trainingPhrases.intentId, text: trainingPhrases.text }).from(trainingPhrases).where(eq(trainingPhrases.appId, appId)).orderBy(trainingPhrases.intentId, trainingPhrases.position)) {
      phrases.set(p.intentId, [...(phrases.get(p.intentId) ?? []), p.text]);
    }
    for (const c of await db.select({ intentId: intentCategories.intentId, name: categories.name }).from(intentCategories).innerJoin(categories, eq(categories.id, intentCategories.categoryId)).where(eq(categories.appId, appId))) cats.set(c.intentId, c.name);
    for (const l of await db.select({ intentId: intentLabels.intentId, name: labels.name }).from(intentLabels).innerJoin(labels, eq(labels.id, intentLabels.labelId)).where(eq(labels.appId, appId))) labs.set(l.intentId, [...(labs.get(l.intentId) ?? []), l.name]);
  }
  const map = new Map<string, Existing>();
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

/** Imports the rows in the job's transaction: new Q&A in batches, changed ones updated, unchanged ones skipped. */
export async function applyBulk(
  db: DbExecutor,
  appId: string,
  rows: BulkRow[],
  userId: string | null,
  now: Date,
  progress: (percent: number, counts: Record<string, number>) => void,
  source: string | null = null,
): Promise<{ counts: Record<string, number>; errors: string[] }> {
  const existing = await existingOf(db, appId);
  const errors: string[] = [];
  const ids = async (table: typeof categories | typeof labels, names: string[]) => {
    const wanted = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
    const found = new Map<string, string>();
    if (!wanted.length) return found;
    for (const row of await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.appId, appId))) found.set(row.name.toLowerCase(), row.id);
    const missing = wanted.filter((n) => !found.has(n.toLowerCase()));
    for (let i = 0; i < missing.length; i += CHUNK) {
      for (const row of await db.insert(table).values(missing.slice(i, i + CHUNK).map((name) => ({ appId, name }))).returning({ id: table.id, name: table.name })) found.set(row.name.toLowerCase(), row.id);
    }
    return found;
  };
  const categoryIds = await ids(categories, rows.flatMap((r) => (r.category ? [r.category] : [])));
  const labelIds = await ids(labels, rows.flatMap((r) => r.labels));
  const counts = { created: 0, updated: 0, unchanged: 0, skipped: 0 };

  const plans = rows.map((row) => ({ row, plan: planOf(row, existing) }));
  const phraseValues = (intentId: string, row: BulkRow) =>
    [row.question, ...row.variants].map((text, position) => ({ intentId, appId, position, referenceId: `bulk-${position}`, type: 'example' as const, parts: [{ text }], text }));
  const links = (intentId: string, row: BulkRow) => ({
    cats: row.category ? [{ intentId, categoryId: categoryIds.get(row.category.toLowerCase()) ?? '' }] : [],
    labs: row.labels.map((l) => ({ intentId, labelId: labelIds.get(l.toLowerCase()) ?? '' })),
  });
  const insertLinks = async (entries: Array<{ id: string; row: BulkRow }>) => {
    const phrases = entries.flatMap(({ id, row }) => phraseValues(id, row));
    // One JSON parameter per batch instead of seven per row: binding thousands of parameters is what is slow.
    for (let i = 0; i < phrases.length; i += CHUNK * 4) {
      const batch = JSON.stringify(phrases.slice(i, i + CHUNK * 4).map((p) => ({ intent_id: p.intentId, position: p.position, reference_id: p.referenceId, text: p.text })));
      await db.execute(sql`insert into ${trainingPhrases} (intent_id, app_id, position, reference_id, type, parts, text)
        select x.intent_id, ${appId}, x.position, x.reference_id, 'example', jsonb_build_array(jsonb_build_object('text', x.text)), x.text
        from jsonb_to_recordset(${batch}::jsonb) as x(intent_id uuid, position int, reference_id text, text text)`);
    }
    const cats = entries.flatMap(({ id, row }) => links(id, row).cats);
    for (let i = 0; i < cats.length; i += CHUNK) await db.insert(intentCategories).values(cats.slice(i, i + CHUNK));
    const labs = entries.flatMap(({ id, row }) => links(id, row).labs);
    for (let i = 0; i < labs.length; i += CHUNK) await db.insert(intentLabels).values(labs.slice(i, i + CHUNK));
  };

  const creates = plans.filter((p) => p.plan === 'create').map((p) => p.row);
  let done = 0;
  const report = () => progress(5 + (90 * done) / Math.max(1, rows.length), { ...counts });
  for (let i = 0; i < creates.length; i += CHUNK) {
    const chunk = creates.slice(i, i + CHUNK);
    const batch = JSON.stringify(chunk.map((row) => ({ name: row.question, responses: answerResponses(row.answer) })));
    const made = (await db.execute(sql`insert into ${intents} (app_id, kind, display_name, responses, source_url, updated_at, updated_by)
      select ${appId}, 'qna', x.name, x.responses, ${source}, ${now.toISOString()}::timestamptz, ${userId}::uuid
      from jsonb_to_recordset(${batch}::jsonb) as x(name text, responses jsonb)
      returning id, display_name as name`)) as unknown as { rows: Array<{ id: string; name: string }> };
    const byName = new Map(made.rows.map((m) => [m.name.toLowerCase(), m.id]));
    await insertLinks(chunk.map((row) => ({ id: byName.get(row.question.toLowerCase()) ?? '', row })));
    counts.created += chunk.length;
    done += chunk.length;
    report();
  }
  const updates = plans.filter((p) => p.plan === 'update').map((p) => p.row);
  for (let i = 0; i < updates.length; i += CHUNK) {
    const chunk = updates.slice(i, i + CHUNK).map((row) => ({ id: existing.get(row.question.toLowerCase())?.id ?? '', row }));
    const chunkIds = chunk.map((c) => c.id);
    for (const { id, row } of chunk) {
      await db
        .update(intents)
        .set({ responses: answerResponses(row.answer), ...(source ? { sourceUrl: source } : {}), updatedAt: now, updatedBy: userId, version: sql`${intents.version} + 1` })
        .where(eq(intents.id, id));
    }
    await db.delete(trainingPhrases).where(inArray(trainingPhrases.intentId, chunkIds));
    await db.delete(intentCategories).where(inArray(intentCategories.intentId, chunkIds));
    await db.delete(intentLabels).where(inArray(intentLabels.intentId, chunkIds));
    await insertLinks(chunk);
    counts.updated += chunk.length;
    done += chunk.length;
    report();
  }
  for (const { row, plan } of plans) {
    if (plan === 'unchanged') counts.unchanged += 1;
    if (plan === 'conflict') {
      counts.skipped += 1;
      errors.push(`Row ${row.row}: ${intentClash}`);
    }
  }
  return { counts, errors };
}

export function registerBulkImport(routes: RouteAdder, jobs: JobService): void {
  jobs.register<{ fileName: string; rows: BulkRow[]; invalid: string[] }>(JobKinds.bulkImport, async (ctx) => {
    const { counts, errors } = await applyBulk(ctx.db, ctx.appId ?? '', ctx.payload.rows, ctx.createdBy, ctx.now(), (percent, c) => {
      ctx.throwIfCancelled();
      ctx.progress(percent, c);
    });
    return { counts: { ...counts, invalid: ctx.payload.invalid.length }, errors: [...ctx.payload.invalid, ...errors].slice(0, 1000), result: { fileName: ctx.payload.fileName } };
  });

  const decode = (content: string) => {
    const data = Buffer.from(content, 'base64');
    if (data.byteLength === 0) throw HttpError.invalid([PublishingMessages.fileRequired]);
    return readSpreadsheet(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
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
    handler: async (ctx): Promise<BulkPreview> => {
      const rows = decode(ctx.body.content);
      const existing = await existingOf(ctx.db, ctx.app.appId);
      const shown = rows.map((row) => {
        const plan = row.errors.length ? 'invalid' : planOf(row, existing);
        return { ...row, errors: plan === 'conflict' ? [intentClash] : row.errors, plan: plan === 'conflict' ? ('invalid' as const) : plan };
      });
      const tally = (plan: string) => shown.filter((row) => row.plan === plan).length;
      const invalidRows = shown.filter((row) => row.plan === 'invalid');
      return {
        total: rows.length,
        create: tally('create'),
        update: tally('update'),
        unchanged: tally('unchanged'),
        invalid: invalidRows.length,
        rows: [...shown.slice(0, PREVIEW_ROWS), ...invalidRows.filter((row) => row.row > PREVIEW_ROWS + 1).slice(0, 1000)],
      };
    },
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
    handler: async (ctx): Promise<{ job: JobView }> => {
      const rows = decode(ctx.body.content);
      const valid = rows.filter((row) => row.errors.length === 0);
      const invalid = rows.filter((row) => row.errors.length > 0).map((row) => `Row ${row.row}: ${row.errors.join('; ')}`);
      const job = await jobs.enqueue(ctx.db, {
        kind: JobKinds.bulkImport,
        appId: ctx.app.appId,
        payload: { fileName: ctx.body.fileName, rows: valid, invalid },
        createdBy: { id: ctx.user.id, email: ctx.user.email },
      });
      return { job: toJobView(job) };
    },
  });
}
