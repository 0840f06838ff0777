import { eq } from 'drizzle-orm';
import { hashPassword } from '@civic/core/server/auth/password-hasher';
import type { DbExecutor } from '@civic/core/server/db/database';
import { agencies, appMembers, apps, users } from './core-tables';
import { DEMO_AGENCY } from '@civic/core/server/seed/demo-data';

/** The demo accounts' password in tests. */
export const TEST_PASSWORD = 'Test-Password-2026';

/** An app no demo account but the platform admin can see, and its only member. */
export const OTHER_APP_ID = 'test-other';
export const OUTSIDER_EMAIL = 'outsider@demo.gov.sg';
export const DECOMMISSIONED_APP_ID = 'test-retired';
export const INACTIVE_EMAIL = 'inactive@demo.gov.sg';

/** Extra rows beside the demo seed, for "member of another app only" and decommissioning cases. */
export async function addFixtures(db: DbExecutor, now: Date): Promise<void> {
  const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, DEMO_AGENCY));
  const [other] = await db.insert(agencies).values({ name: 'Other Agency' }).returning({ id: agencies.id });
  await db.insert(apps).values([
    { appId: OTHER_APP_ID, appName: 'Other Agency Bot', subscriptionTier: 'Plus', agencyId: other.id },
    { appId: DECOMMISSIONED_APP_ID, appName: 'Retired Bot', subscriptionTier: 'Starter', agencyId: agency.id, decommissionAt: new Date(now.getTime() - 86_400_000) },
  ]);
  const hash = await hashPassword(TEST_PASSWORD);
  const [outsider] = await db
    .insert(users)
    .values({ email: OUTSIDER_EMAIL, name: 'Other Agency Admin', passwordHash: hash, isActive: true, hasResetPassword: true, agencyId: other.id })
    .returning({ id: users.id });
  await db.insert(appMembers).values({ appId: OTHER_APP_ID, userId: outsider.id, role: '2' });
  // The app admin also holds the retired app: their app list must still leave it out.
  const [appAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'appadmin@demo.gov.sg'));
  await db.insert(appMembers).values({ appId: DECOMMISSIONED_APP_ID, userId: appAdmin.id, role: '2' });
  await db.insert(users).values({ email: INACTIVE_EMAIL, name: 'Inactive User', passwordHash: hash, isActive: false, hasResetPassword: true, agencyId: agency.id });
}
