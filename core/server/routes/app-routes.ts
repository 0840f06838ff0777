import { and, asc, count, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { platformAdmin, signedIn } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import { AdminAppsQueryDto } from '@civic/core/common/dto/admin-apps-query.dto';
import type { AppSummary } from '@civic/core/common/model/app';
import { TIER_ORDER, type SubscriptionTierName, type TierLimit } from '@civic/core/common/model/tiers';
import { compareAppsByTier } from '@civic/core/common/model/tiers';
import { toAppSummary } from '../apps/app-mappers';
import { selectAppRecords, toAppRecord } from '../apps/app-record';
import { agencies, appMembers, apps, tierLimits } from '../db/schema';
import type { RouteAdder } from '../http/route-registry';

/** Sorts like compareAppsByTier (§6: tier order, then appId) in SQL, so paging stays stable. */
const tierRank = sql`case ${apps.subscriptionTier} ${sql.join(
  TIER_ORDER.map((tier, index) => sql`when ${tier} then ${index}`),
  sql` `,
)} else ${TIER_ORDER.length} end`;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The app switcher's lists (§2, §6, §7) and the tier limits. */
export function registerAppRoutes(routes: RouteAdder): void {
  routes.add({
    method: 'GET',
    url: CoreApi.myApps,
    access: signedIn,
    description: 'Apps the caller holds a role on (not decommissioned), by tier then appId',
    handler: async (ctx): Promise<{ apps: AppSummary[] }> => {
      const notDecommissioned = or(isNull(apps.decommissionAt), gt(apps.decommissionAt, ctx.now));
      const rows = await selectAppRecords(ctx.db)
        .innerJoin(appMembers, and(eq(appMembers.appId, apps.appId), eq(appMembers.userId, ctx.user.id)))
        .where(notDecommissioned);
      const summaries = rows.map((row) => toAppSummary(toAppRecord(row), ctx.now));
      return { apps: summaries.sort(compareAppsByTier) };
    },
  });

  routes.add({
    method: 'GET',
    url: CoreApi.adminApps,
    access: platformAdmin,
    query: AdminAppsQueryDto,
    description: 'Every app, for platform admins: search over appId, appName and agency; paged',
    handler: async (ctx): Promise<{ apps: AppSummary[]; total: number }> => {
      const { search, page_num: pageNum, page_size: pageSize, include_decommissioned: includeDecommissioned } = ctx.query;
      const conditions: SQL[] = [];
      const text = search?.trim();
      if (text) {
        const pattern = likePattern(text);
        conditions.push(or(ilike(apps.appId, pattern), ilike(apps.appName, pattern), ilike(agencies.name, pattern)) as SQL);
      }
      if (!includeDecommissioned) conditions.push(or(isNull(apps.decommissionAt), gt(apps.decommissionAt, ctx.now)) as SQL);
      const where = conditions.length > 0 ? and(...conditions) : undefined;

      const rows = await selectAppRecords(ctx.db)
        .where(where)
        .orderBy(tierRank, asc(apps.appId))
        .limit(pageSize)
        .offset(pageNum * pageSize);
      const [{ total }] = await ctx.db
        .select({ total: count() })
        .from(apps)
        .innerJoin(agencies, eq(agencies.id, apps.agencyId))
        .where(where);
      return { apps: rows.map((row) => toAppSummary(toAppRecord(row), ctx.now)), total };
    },
  });

  routes.add({
    method: 'GET',
    url: CoreApi.tierLimits,
    access: signedIn,
    description: 'Limits and restriction flags per subscription tier',
    handler: async (ctx): Promise<TierLimit[]> => {
      const rows = await ctx.db.select().from(tierLimits);
      return rows
        .map((row) => ({
          tier: row.tier as SubscriptionTierName,
          maxIntents: row.maxIntents,
          maxMembers: row.maxMembers,
          maxMonthlySessions: row.maxMonthlySessions,
          restrictions: { analytics: row.analytics, categories: row.categories, labels: row.labels, trainingHub: row.trainingHub },
        }))
        .sort((a, b) => TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier));
    },
  });
}
