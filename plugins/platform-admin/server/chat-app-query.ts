import { agencies, and, appMembers, apps, asc, count, desc, eq, gt, gte, ilike, isNull, lt, not, or, sql, type DbExecutor, type SQL } from '@civic/sdk/server';
import { NlpEngine, TIER_ORDER, type SubscriptionTierName } from '@civic/sdk/common/model';
import type { ChatAppPage, ChatAppRow } from '../common/api';
import { CHAT_APP_PAGE_SIZE, type ChatAppQueryDto } from '../common/chatapp-query.dto';
import { isDateField, type FilterField, type FilterItem } from '../common/table-filter';

const COLUMNS = {
  appId: apps.appId,
  appName: apps.appName,
  agencyName: agencies.name,
  subscriptionTier: apps.subscriptionTier,
  nlpEngineService: apps.nlpEngineService,
  projectId: apps.projectId,
  hosting: apps.hosting,
  systemClassification: apps.systemClassification,
  createdAt: apps.createdAt,
  goLiveAt: apps.goLiveAt,
  decommissionAt: apps.decommissionAt,
} as const;

const DAY_MS = 86_400_000;
const like = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const day = (value: string) => new Date(`${value}T00:00:00.000Z`);
const nextDay = (value: string) => new Date(day(value).getTime() + DAY_MS);

/** One §3 table-filter item as SQL (validated beforehand by the DTO). */
export function filterCondition(item: FilterItem): SQL {
  const column = COLUMNS[item.field as FilterField];
  const value = item.value?.trim() ?? '';
  if (isDateField(item.field)) {
    const col = column as typeof apps.createdAt;
    switch (item.operator) {
      case 'is':
        return and(gte(col, day(value)), lt(col, nextDay(value))) as SQL;
      case 'after':
        return gte(col, nextDay(value));
      case 'onOrAfter':
        return gte(col, day(value));
      case 'before':
        return lt(col, day(value));
      case 'onOrBefore':
        return lt(col, nextDay(value));
      case 'isEmpty':
        return isNull(col);
      default:
        return not(isNull(col));
    }
  }
  const col = column as typeof apps.appId;
  switch (item.operator) {
    case 'contains':
      return ilike(col, `%${like(value)}%`);
    case 'equals':
      return ilike(col, like(value));
    case 'notEquals':
      return not(ilike(col, like(value)));
    case 'startsWith':
      return ilike(col, `${like(value)}%`);
    case 'endsWith':
      return ilike(col, `%${like(value)}`);
    case 'isEmpty':
      return or(isNull(col), eq(col, '')) as SQL;
    default:
      return and(not(isNull(col)), not(eq(col, ''))) as SQL;
  }
}

const memberCount = sql<number>`(select count(*)::int from ${appMembers} where ${appMembers.appId} = ${apps.appId})`;

/** POST /api/v1/admin/chatapp-mgmt: filtered, sorted, paged. */
export async function queryChatApps(db: DbExecutor, query: ChatAppQueryDto, now: Date): Promise<ChatAppPage> {
  const pageNum = query.page_num ?? 0;
  const pageSize = query.page_size ?? CHAT_APP_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (!query.include_decommissioned) conditions.push(or(isNull(apps.decommissionAt), gt(apps.decommissionAt, now)) as SQL);
  const items = query.filters?.items ?? [];
  if (items.length > 0) {
    const parts = items.map(filterCondition);
    conditions.push((query.filters?.link === 'OR' ? or(...parts) : and(...parts)) as SQL);
  }
  if (query.dateRange) {
    const col = COLUMNS[query.dateRange.field];
    conditions.push(and(gte(col, day(query.dateRange.startDate)), lt(col, nextDay(query.dateRange.endDate))) as SQL);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const sortColumn = COLUMNS[query.sortBy ?? 'appId'];
  const direction = query.sortOrder === 'desc' ? desc : asc;

  const rows = await db
    .select({ app: apps, agencyName: agencies.name, memberCount })
    .from(apps)
    .innerJoin(agencies, eq(agencies.id, apps.agencyId))
    .where(where)
    .orderBy(direction(sortColumn), asc(apps.appId))
    .limit(pageSize)
    .offset(pageNum * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(apps).innerJoin(agencies, eq(agencies.id, apps.agencyId)).where(where);
  return { apps: rows.map((row) => toRow(row.app, row.agencyName, Number(row.memberCount), now)), total, page_num: pageNum, page_size: pageSize };
}

function toRow(app: typeof apps.$inferSelect, agencyName: string, members: number, now: Date): ChatAppRow {
  const tier = (TIER_ORDER as readonly string[]).includes(app.subscriptionTier) ? (app.subscriptionTier as SubscriptionTierName) : 'Starter';
  return {
    appId: app.appId,
    appName: app.appName,
    agency: { name: agencyName },
    nlpEngine: { service: app.nlpEngineService || NlpEngine.BUILT_IN },
    projectId: app.projectId,
    isPlaygroundEnabled: app.isPlaygroundEnabled,
    subscriptionTier: tier,
    civicChuMode: app.civicChuMode === 'ALL' || app.civicChuMode === 'PLAYGROUND' ? app.civicChuMode : null,
    isDecommissioned: app.decommissionAt !== null && app.decommissionAt.getTime() <= now.getTime(),
    hosting: app.hosting,
    systemClassification: app.systemClassification,
    isPrivate: app.isPrivate,
    createdAt: app.createdAt.toISOString(),
    goLiveAt: app.goLiveAt?.toISOString() ?? null,
    decommissionAt: app.decommissionAt?.toISOString() ?? null,
    memberCount: members,
  };
}
