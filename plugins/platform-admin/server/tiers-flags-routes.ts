import { and, asc, auditDiff, auditLog, desc, eq, featureFlags, HttpError, inArray, tierLimits, type DbExecutor, type RouteAdder } from '@civic/sdk/server';
import { TIER_ORDER, type SubscriptionTierName, type TierLimit } from '@civic/sdk/common/model';
import { AdminApi, type FeatureFlagItem } from '../common/api';
import { canAdministerPlatform } from '../common/permissions';
import { FeatureFlagPatchDto, TierLimitDto } from '../common/tier-flag.dto';

const FLAG_ACTION = 'platform-admin.feature-flag';

/** Each flag with where its value comes from: the last switch on the flags page, else the profile. */
async function flagsWithSource(db: DbExecutor, deployment: FlagDeployment): Promise<FeatureFlagItem[]> {
  const rows = await db.select().from(featureFlags).orderBy(asc(featureFlags.name));
  const names = rows.map((r) => r.name);
  const switches = names.length
    ? await db
        .selectDistinctOn([auditLog.target], { target: auditLog.target, byEmail: auditLog.actorEmail, at: auditLog.at })
        .from(auditLog)
        .where(and(eq(auditLog.action, FLAG_ACTION), inArray(auditLog.target, names)))
        .orderBy(auditLog.target, desc(auditLog.id))
    : [];
  const lastSwitch = new Map(switches.map((s) => [s.target, s]));
  return rows.map((row) => {
    const profileValue = deployment.profileFlags[row.name] ?? null;
    const switched = lastSwitch.get(row.name);
    const source: FeatureFlagItem['source'] = switched
      ? { kind: 'switched', byEmail: switched.byEmail, at: switched.at.toISOString(), profileValue }
      : profileValue === row.enabled
        ? { kind: 'profile', profileName: deployment.profileName }
        : { kind: 'unknown', profileValue };
    return { name: row.name, enabled: row.enabled, description: row.description, source };
  });
}

type FlagDeployment = { profileName: string; profileFlags: Readonly<Record<string, boolean>> };

/** Tier limits (read by everyone at GET /api/v1/subscription-tier-limit, core) and feature flags. */
export function registerTierAndFlagRoutes(routes: RouteAdder, deployment: FlagDeployment): void {
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
    description: 'Every feature flag of the deployment, on or off, with where its value comes from (profile, or who switched it when)',
    handler: async (ctx): Promise<{ flags: FeatureFlagItem[] }> => ({ flags: await flagsWithSource(ctx.db, deployment) }),
  });

  routes.add({
    method: 'PATCH',
    url: AdminApi.featureFlagRoute,
    access: canAdministerPlatform,
    body: FeatureFlagPatchDto,
    audit: { action: FLAG_ACTION, target: (ctx) => ctx.params.name, summary: (ctx) => `${ctx.params.name} ${ctx.body.enabled ? 'on' : 'off'}` },
    description: '{ enabled }: switches a flag for this deployment (served by GET /api/v1/feature-flags/frontend)',
    handler: async (ctx): Promise<FeatureFlagItem> => {
      const [previous] = await ctx.db.select({ enabled: featureFlags.enabled }).from(featureFlags).where(eq(featureFlags.name, ctx.params.name)).for('update');
      if (!previous) throw HttpError.notFound();
      const [row] = await ctx.db.update(featureFlags).set({ enabled: ctx.body.enabled }).where(eq(featureFlags.name, ctx.params.name)).returning();
      ctx.audit({ details: { before: { enabled: previous.enabled }, after: { enabled: row.enabled } } });
      const profileValue = deployment.profileFlags[row.name] ?? null;
      return { ...row, source: { kind: 'switched', byEmail: ctx.user.email, at: ctx.now.toISOString(), profileValue } };
    },
  });
}
