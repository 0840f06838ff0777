import {
  auditLog,
  count,
  desc,
  eq,
  HttpError,
  type DbExecutor,
  type FileDownload,
  type RouteAdder,
  type ServerModuleApi,
} from '@civic/sdk/server';
import { Paging } from '@civic/sdk/common/messages';
import { AuditLogApi, type AuditDetail, type AuditPage, type AuditRow, type AuditVerifyResult } from '../common/api';
import { AuditFilterDto, AuditListQueryDto, AuditVerifyQueryDto } from '../common/audit-query.dto';
import { csvLine } from '../common/csv';
import { canReadAuditLog } from '../common/permissions';
import { auditWhere } from './audit-filter';

type AuditLogRow = typeof auditLog.$inferSelect;

const listColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorEmail: auditLog.actorEmail,
  appId: auditLog.appId,
  action: auditLog.action,
  target: auditLog.target,
  summary: auditLog.summary,
  ip: auditLog.ip,
  details: auditLog.details,
};

function toRow(row: Pick<AuditLogRow, keyof typeof listColumns>): AuditRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    appId: row.appId,
    action: row.action,
    target: row.target,
    summary: row.summary,
    ip: row.ip,
    hasDetails: row.details !== null,
  };
}

const EXPORT_PAGE = 500;
const CSV_HEADER = ['id', 'time (UTC)', 'actor', 'app', 'action', 'target', 'summary', 'ip', 'before', 'after'];

/** The filtered trail as CSV lines, newest first, read page by page so big exports stream. */
async function* exportLines(db: DbExecutor, filter: AuditFilterDto): AsyncGenerator<string> {
  yield `\ufeff${csvLine(CSV_HEADER)}`;
  let before: number | undefined;
  for (;;) {
    const page = await db.select(listColumns).from(auditLog).where(auditWhere(filter, before)).orderBy(desc(auditLog.id)).limit(EXPORT_PAGE);
    let chunk = '';
    for (const row of page) {
      const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));
      chunk += csvLine([row.id, row.at.toISOString(), row.actorEmail, row.appId, row.action, row.target, row.summary, row.ip, json(row.details?.before), json(row.details?.after)]);
    }
    if (chunk) yield chunk;
    if (page.length < EXPORT_PAGE) return;
    before = page[page.length - 1].id;
  }
}

/** /api/v1/admin/audit-log: the trail (filters, keyset paging), one entry, integrity, CSV export. */
export function registerAuditRoutes(routes: RouteAdder, audit: ServerModuleApi['audit']): void {
  routes.add({
    method: 'GET',
    url: AuditLogApi.list,
    access: canReadAuditLog,
    query: AuditListQueryDto,
    description: 'The trail, newest first: actor, appId, action (or family), target, startDate, endDate; keyset paging with before (an id) and pageSize ≤ 500',
    handler: async (ctx): Promise<AuditPage> => {
      const pageSize = ctx.query.pageSize ?? Paging.defaultPageSize;
      const rows = await ctx.db
        .select(listColumns)
        .from(auditLog)
        .where(auditWhere(ctx.query, ctx.query.before))
        .orderBy(desc(auditLog.id))
        .limit(pageSize + 1);
      const items = rows.slice(0, pageSize).map(toRow);
      return { items, nextBefore: rows.length > pageSize ? items[items.length - 1].id : null };
    },
  });

  routes.add({
    method: 'GET',
    url: AuditLogApi.actions,
    access: canReadAuditLog,
    description: 'The actions the trail holds, for the action filter',
    handler: async (ctx): Promise<{ actions: string[] }> => {
      const rows = await ctx.db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
      return { actions: rows.map((row) => row.action) };
    },
  });

  routes.add({
    method: 'GET',
    url: AuditLogApi.verify,
    access: canReadAuditLog,
    query: AuditVerifyQueryDto,
    description: 'Walks the keyed hash chain (from afterId, at most maxRows) and checks the signed checkpoint of its head: ok with the rows checked, or the first broken row (id, at, reason: prev-hash-mismatch, hash-mismatch, truncated, checkpoint-mismatch)',
    handler: async (ctx): Promise<AuditVerifyResult> => {
      const [{ total }] = await ctx.db.select({ total: count() }).from(auditLog);
      const part = await audit.verifyPart(ctx.db, { afterId: ctx.query.afterId, maxRows: ctx.query.maxRows });
      const result: AuditVerifyResult = { ok: part.ok, rows: part.rows, lastId: part.lastId, done: part.done, total };
      if (!part.ok) result.brokenAt = { id: part.brokenAt.id, at: part.brokenAt.at.toISOString(), reason: part.brokenAt.reason };
      return result;
    },
  });

  routes.add({
    method: 'GET',
    url: AuditLogApi.export,
    access: canReadAuditLog,
    query: AuditFilterDto,
    download: true,
    description: 'The filtered trail as CSV (streamed; cells safe against formula injection)',
    handler: (ctx): FileDownload => ({
      fileName: `audit-log-${ctx.now.toISOString().slice(0, 10)}.csv`,
      contentType: 'text/csv; charset=utf-8',
      data: exportLines(ctx.db, ctx.query),
    }),
  });

  routes.add({
    method: 'GET',
    url: AuditLogApi.entryRoute,
    access: canReadAuditLog,
    description: 'One entry with its before/after and its hashes',
    handler: async (ctx): Promise<AuditDetail> => {
      const id = /^\d{1,15}$/.test(ctx.params.id) ? Number(ctx.params.id) : NaN;
      const [row] = Number.isSafeInteger(id) ? await ctx.db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1) : [];
      if (!row) throw HttpError.notFound();
      return { ...toRow(row), actorId: row.actorId, before: row.details?.before ?? null, after: row.details?.after ?? null, prevHash: row.prevHash, hash: row.hash };
    },
  });
}
