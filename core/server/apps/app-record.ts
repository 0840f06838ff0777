import { eq } from 'drizzle-orm';
import type { RestrictionFlags } from '@civic/core/common/model/tiers';
import type { DbExecutor } from '../db/database';
import { agencies, apps, tierLimits } from '../db/schema';

export type AppRow = typeof apps.$inferSelect;

/** An app with what every reader needs beside it: its agency's name and its tier's flags. */
export interface AppRecord extends AppRow {
  agencyName: string;
  /** The tier's restriction flags; null when the tier has no limits row. */
  tierRestrictions: RestrictionFlags | null;
}

/** The select list of an AppRecord; reused by the listing queries. */
export const appRecordColumns = {
  app: apps,
  agencyName: agencies.name,
  tierAnalytics: tierLimits.analytics,
  tierCategories: tierLimits.categories,
  tierLabels: tierLimits.labels,
  tierTrainingHub: tierLimits.trainingHub,
};

export interface AppRecordRow {
  app: AppRow;
  agencyName: string;
  tierAnalytics: boolean | null;
  tierCategories: boolean | null;
  tierLabels: boolean | null;
  tierTrainingHub: boolean | null;
}

export function toAppRecord(row: AppRecordRow): AppRecord {
  const tierRestrictions =
    row.tierAnalytics === null
      ? null
      : {
          analytics: row.tierAnalytics,
          categories: row.tierCategories ?? false,
          labels: row.tierLabels ?? false,
          trainingHub: row.tierTrainingHub ?? false,
        };
  return { ...row.app, agencyName: row.agencyName, tierRestrictions };
}

/** The FROM clause of every AppRecord query. */
export function selectAppRecords(db: DbExecutor) {
  return db
    .select(appRecordColumns)
    .from(apps)
    .innerJoin(agencies, eq(agencies.id, apps.agencyId))
    .leftJoin(tierLimits, eq(tierLimits.tier, apps.subscriptionTier));
}

export async function findAppRecord(db: DbExecutor, appId: string): Promise<AppRecord | undefined> {
  const [row] = await selectAppRecords(db).where(eq(apps.appId, appId)).limit(1);
  return row ? toAppRecord(row) : undefined;
}
