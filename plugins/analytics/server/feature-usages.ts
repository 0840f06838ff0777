import { HttpError, sql, type DbExecutor } from '@civic/sdk/server';
import type { FeatureAnalyticsReport } from '../common/api';
import { eachDay, type ResolvedRange } from '../common/date-range';
import type { FeatureUsageDto } from '../common/feature-usage.dto';
import { AnalyticsMessages } from '../common/messages';
import { analyticsFeatureUsages } from './db/schema';
import { num, rangeInfo, rowsOf } from './report-scope';

const MAX_DATA_BYTES = 4096;

/** Stores one §7 feature-usage event of a user (about an app they may see, or none). */
export async function recordFeatureUsage(db: DbExecutor, user: { id: string; isPlatformAdmin: boolean; permissions: Record<string, string> }, body: FeatureUsageDto, now: Date): Promise<{ id: string }> {
  const appId = body.appId?.trim() || null;
  if (appId !== null && !user.isPlatformAdmin && user.permissions[appId] === undefined) throw HttpError.notFound();
  if (body.data !== undefined && JSON.stringify(body.data).length > MAX_DATA_BYTES) throw HttpError.invalid([AnalyticsMessages.dataTooLarge], { data: [AnalyticsMessages.dataTooLarge] });
  if (appId !== null) {
    const known = rowsOf(await db.execute(sql`select 1 from apps where app_id = ${appId}`));
    if (known.length === 0) throw HttpError.notFound();
  }
  const [row] = await db
    .insert(analyticsFeatureUsages)
    .values({
      appId, userId: user.id, event: body.event.trim(), feature: body.feature.trim(), module: body.module?.trim() ?? '',
      intentId: body.intentId ?? null, intentName: body.intentName ?? null, data: body.data ?? null, createdAt: now,
    })
    .returning({ id: analyticsFeatureUsages.id });
  return { id: row.id };
}

/** Feature use across apps over a range: per feature, per day, per app. */
export async function featureAnalytics(db: DbExecutor, range: ResolvedRange): Promise<FeatureAnalyticsReport> {
  const where = sql`created_at >= ${range.start.toISOString()}::timestamptz and created_at < ${range.end.toISOString()}::timestamptz`;
  const features = rowsOf(
    await db.execute(sql`select feature, module, count(*) as events, count(distinct user_id) as users, count(distinct app_id) as apps
      from ${analyticsFeatureUsages} where ${where} group by 1, 2 order by 3 desc, 1, 2 limit 100`),
  ).map((r) => ({ feature: String(r.feature), module: String(r.module), events: num(r.events), users: num(r.users), apps: num(r.apps) }));
  const perDay = new Map(
    rowsOf(await db.execute(sql`select to_char(created_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day, count(*) as n from ${analyticsFeatureUsages} where ${where} group by 1`)).map((r) => [
      String(r.day),
      num(r.n),
    ]),
  );
  const apps = rowsOf(
    await db.execute(sql`select app_id, count(*) as n from ${analyticsFeatureUsages} where ${where} and app_id is not null group by 1 order by 2 desc, 1 limit 50`),
  ).map((r) => ({ appId: String(r.app_id), events: num(r.n) }));
  const daily = eachDay(range.from, range.to).map((day) => ({ day, events: perDay.get(day) ?? 0 }));
  return { range: rangeInfo(range), total: daily.reduce((s, d) => s + d.events, 0), features, daily, apps };
}
