import { inArray, sql, type DbExecutor } from '@civic/sdk/server';
import { appMembers } from '@civic/sdk/server';
import { analyticsFeatureUsages } from './db/schema';

const FEATURES: Array<{ feature: string; module: string; weight: number }> = [
  { feature: 'intent-save', module: 'knowledge-base', weight: 8 },
  { feature: 'intent-create', module: 'knowledge-base', weight: 3 },
  { feature: 'publish', module: 'publishing', weight: 1 },
  { feature: 'team-invite', module: 'team', weight: 1 },
  { feature: 'analytics-view', module: 'analytics', weight: 4 },
];
const DAYS = 60;

/** Deterministic pseudo-random numbers, so the demo looks the same on every start. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** 60 days of §7 feature-usage events by the demo apps' members, for /feature-analytics on first start. Idempotent. */
export async function seedDemoFeatureUsages(tx: DbExecutor, appIds: readonly string[], now: Date): Promise<void> {
  const existing = (await tx.execute(sql`select count(*)::int as n from ${analyticsFeatureUsages}`)) as unknown as { rows: Array<{ n: number }> };
  if (Number(existing.rows[0]?.n) > 0 || appIds.length === 0) return;
  const members = await tx.select({ appId: appMembers.appId, userId: appMembers.userId }).from(appMembers).where(inArray(appMembers.appId, [...appIds]));
  if (members.length === 0) return;
  const random = generator(19);
  const total = FEATURES.reduce((s, f) => s + f.weight, 0);
  const rows: Array<typeof analyticsFeatureUsages.$inferInsert> = [];
  for (let day = DAYS; day >= 1; day--) {
    const events = 3 + Math.floor(random() * 10);
    for (let i = 0; i < events; i++) {
      const member = members[Math.floor(random() * members.length)];
      let pick = random() * total;
      const feature = FEATURES.find((f) => (pick -= f.weight) < 0) ?? FEATURES[0];
      rows.push({ appId: member.appId, userId: member.userId, event: 'click', feature: feature.feature, module: feature.module, // At least a day old: today's counts are the real ones.
        createdAt: new Date(now.getTime() - day * 86_400_000 - Math.floor(random() * 86_000_000)) });
    }
  }
  await tx.insert(analyticsFeatureUsages).values(rows);
}
