import { asc, auditDiff, eq, featureFlags, HttpError, tierLimits, type RouteAdder } from '@civic/sdk/server';
import { TIER_ORDER, type SubscriptionTierName, type TierLimit } from '@civic/sdk/common/model';
import { AdminApi, type FeatureFlagItem } from '../common/api';
import { canAdministerPlatform } from '../common/permissions';
import { FeatureFlagPatchDto, TierLimitDto } from '../common/tier-flag.dto';

/** Tier limits (read by everyone at GET /api/v1/subscription-tier-limit, core) and feature flags. */
export function registerTierAndFlagRoutes(routes: RouteAdder): void {
  routes.add({
    method: 'PUT',
    url: AdminApi.tierLimitRoute,
    access: canAdministerPlatform,
    body: TierLimitDto,
    audit: {
      action: 'platform-admin.tier-limit-update',
      target: (ctx) => ctx.params.tier,
      summary: (ctx) => {
        const b = ctx.body;
        return `intents ${b.maxIntents}, members ${b.maxMembers}, sessions ${b.maxMonthlySessions}; analytics ${b.analytics}, categories ${b.categories}, labels ${b.labels}, training hub ${b.trainingHub}`;
      },
    },
    description: 'Sets the limits and restriction flags of one tier (Enterprise, Plus, Starter, Internal)',
    handler: async (ctx): Promise<TierLimit> => {
      const tier = ctx.params.tier as SubscriptionTierName;
      if (!TIER_ORDER.includes(tier)) throw HttpError.notFound();
      const { maxIntents, maxMembers, maxMonthlySessions, analytics, categories, labels, trainingHub } = ctx.body;
      const values = { maxIntents, maxMembers, maxMonthlySessions, analytics, categories, labels, trainingHub };
      const [previous] = await ctx.db.select().from(tierLimits).where(eq(tierLimits.tier, tier)).for('update');
      const { tier: _tier, ...before } = previous ?? { tier };
      ctx.audit({ details: auditDiff(before as Record<string, unknown>, values) });
      await ctx.db.insert(tierLimits).values({ tier, ...values }).onConflictDoUpdate({ target: tierLimits.tier, set: values });
      return { tier, maxIntents, maxMembers, maxMonthlySessions, restrictions: { analytics, categories, labels, trainingHub } };
    },
  });

  routes.add({
    method: 'GET',
    url: AdminApi.featureFlags,
    access: canAdministerPlatform,
    description: 'Every feature flag of the deployment, on or off',
    handler: async (ctx): Promise<{ flags: FeatureFlagItem[] }> => ({
      flags: await ctx.db.select().from(featureFlags).orderBy(asc(featureFlags.name)),
    }),
  });

  routes.add({
    method: 'PATCH',
    url: AdminApi.featureFlagRoute,
    access: canAdministerPlatform,
    body: FeatureFlagPatchDto,
    audit: { action: 'platform-admin.feature-flag', target: (ctx) => ctx.params.name, summary: (ctx) => `${ctx.params.name} ${ctx.body.enabled ? 'on' : 'off'}` },
    description: '{ enabled }: switches a flag for this deployment (served by GET /api/v1/feature-flags/frontend)',
    handler: async (ctx): Promise<FeatureFlagItem> => {
      const [previous] = await ctx.db.select({ enabled: featureFlags.enabled }).from(featureFlags).where(eq(featureFlags.name, ctx.params.name)).for('update');
      if (!previous) throw HttpError.notFound();
      const [row] = await ctx.db.update(featureFlags).set({ enabled: ctx.body.enabled }).where(eq(featureFlags.name, ctx.params.name)).returning();
      ctx.audit({ details: { before: { enabled: previous.enabled }, after: { enabled: row.enabled } } });
      return row;
    },
  });
}
