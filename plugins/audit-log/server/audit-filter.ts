import { and, auditLog, eq, gte, ilike, like, lt, lte, or, type SQL } from '@civic/sdk/server';
import { HttpError } from '@civic/sdk/server';
import type { AuditFilterDto } from '../common/audit-query.dto';
import { Messages } from '../common/messages';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `%` and `_` typed by the user are literal characters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The WHERE conditions of the filters (see AuditFilterDto); a reversed date range is a 422. */
export function auditConditions(filter: AuditFilterDto): SQL[] {
  const conditions: SQL[] = [];
  const actor = filter.actor?.trim();
  if (actor) conditions.push(ilike(auditLog.actorEmail, `%${escapeLike(actor)}%`));
  const appId = filter.appId?.trim();
  if (appId) conditions.push(eq(auditLog.appId, appId));
  const action = filter.action?.trim();
  if (action) conditions.push(or(eq(auditLog.action, action), like(auditLog.action, `${escapeLike(action)}.%`)) as SQL);
  const target = filter.target?.trim();
  if (target) conditions.push(ilike(auditLog.target, `%${escapeLike(target)}%`));
  const start = filter.startDate ? new Date(DATE_ONLY.test(filter.startDate) ? `${filter.startDate}T00:00:00.000Z` : filter.startDate) : undefined;
  // A bare end date includes the whole of that day.
  const end = filter.endDate ? new Date(DATE_ONLY.test(filter.endDate) ? `${filter.endDate}T23:59:59.999Z` : filter.endDate) : undefined;
  if (start && end && end.getTime() < start.getTime()) throw HttpError.invalid([Messages.endBeforeStart], { endDate: [Messages.endBeforeStart] });
  if (start) conditions.push(gte(auditLog.at, start));
  if (end) conditions.push(lte(auditLog.at, end));
  return conditions;
}

/** The filters and, when paging, "older than `before`". */
export function auditWhere(filter: AuditFilterDto, before?: number): SQL | undefined {
  const conditions = auditConditions(filter);
  if (before !== undefined) conditions.push(lt(auditLog.id, before));
  return conditions.length ? and(...conditions) : undefined;
}
