import { count, eq, inArray } from 'drizzle-orm';
import type { DeploymentProfileDto } from '@civic/config/deployment-profile';
import { appendAudit } from '../audit/append-audit';
import { SYSTEM_ACTOR } from '../audit/audit-entry';
import { hashPassword } from '../auth/password-hasher';
import type { DbExecutor } from '../db/database';
import type { ServerPlugin } from '../plugins/server-module';
import { ServiceRegistry } from '../plugins/service-registry';
import { agencies, appMembers, apps, featureFlags, tierLimits, users } from '../db/schema';
import { DEMO_AGENCY, DEMO_APPS, DEMO_TIER_LIMITS, DEMO_USERS } from './demo-data';

export interface SeedOptions {
  /** Password of demo accounts created by this run. */
  password: string;
  profile: Pick<DeploymentProfileDto, 'flags' | 'allowedEmailDomains'> & Partial<Pick<DeploymentProfileDto, 'subscriberAppIds'>>;
  now: Date;
  /**
   * Enabled plugins, in `requires` order: those with a `seedDemo` add their demo data to the demo
   * apps, given the static services (`ServerModule.services`) of the plugins they require.
   */
  plugins?: ReadonlyArray<Pick<ServerPlugin, 'manifest' | 'module'>>;
  /** CIVIC_DEMO_PUBLISHED: demo apps without a version are published as version 1. */
  published: boolean;
  /** CIVIC_AUDIT_KEY: the seed's audit row is chained with the key the server verifies with. */
  auditKey: Buffer;
}

export interface SeedReport {
  /** Demo accounts created by this run (existing ones keep their password). */
  createdUsers: string[];
  createdApps: string[];
}

/** True when no account exists yet: the embedded first start seeds then. */
export async function isDatabaseEmpty(db: DbExecutor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo data (foundation issue, item 4). Idempotent: what exists is left alone, what is missing is
 * added, so `npm run seed` can run against any database any number of times.
 */
/** What the flags the spec names do (§2, §6), for the flags page. */
const FLAG_DESCRIPTIONS: Record<string, string> = {
  helpdesk: 'The Helpdesk link in the App menu (an external site: the profile’s helpdeskUrl)',
  'next-gen-console': 'The next-generation console entry, for apps whose mode is ALL or PLAYGROUND (closed beta)',
};

export async function seedDemo(db: DbExecutor, options: SeedOptions): Promise<SeedReport> {
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, DEMO_USERS.map((u) => u.email)));
  const existingEmails = new Set(existing.map((row) => row.email));
  // Hash outside the transaction: argon2 is deliberately slow and must not hold the database. The new
  // demo accounts share their password, so they share one hash (one argon2 run, not one per account).
  const hash = DEMO_USERS.some((user) => !existingEmails.has(user.email)) ? await hashPassword(options.password) : undefined;

  return db.transaction(async (tx) => {
    await tx.insert(agencies).values({ name: DEMO_AGENCY }).onConflictDoNothing();
    const [agency] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, DEMO_AGENCY));

    await tx.insert(tierLimits).values([...DEMO_TIER_LIMITS]).onConflictDoNothing();
    const flagRows = Object.entries(options.profile.flags).map(([name, enabled]) => ({ name, enabled, description: FLAG_DESCRIPTIONS[name] ?? 'A flag of the deployment profile' }));
    if (flagRows.length > 0) await tx.insert(featureFlags).values(flagRows).onConflictDoNothing();

    const createdApps = await tx
      .insert(apps)
      .values(
        DEMO_APPS.map((app) => ({
          ...app,
          qnaHandler: app.qnaHandler ?? null,
          dialogHandler: app.dialogHandler ?? null,
          agencyId: agency.id,
          projectId: `civic-${app.appId}`,
          allowedDomains: [...options.profile.allowedEmailDomains],
          createdAt: options.now,
          updatedAt: options.now,
        })),
      )
      .onConflictDoNothing()
      .returning({ appId: apps.appId });

    const createdUsers: string[] = [];
    for (const demo of DEMO_USERS) {
      if (!hash || existingEmails.has(demo.email)) continue;
      const inserted = await tx
        .insert(users)
        .values({ email: demo.email, name: demo.name, passwordHash: hash, isPlatformAdmin: demo.isPlatformAdmin, isActive: true, hasResetPassword: true, agencyId: agency.id, createdAt: options.now, updatedAt: options.now, passwordChangedAt: options.now })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length > 0) createdUsers.push(demo.email);
    }

    // Roles of every demo account, new or old, so a re-run also covers apps added since.
    const accounts = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, DEMO_USERS.map((u) => u.email)));
    const idByEmail = new Map(accounts.map((a) => [a.email, a.id]));
    const memberships = DEMO_USERS.flatMap((demo) => {
      const userId = idByEmail.get(demo.email);
      return userId ? Object.entries(demo.roles).map(([appId, role]) => ({ appId, userId, role })) : [];
    });
    if (memberships.length > 0) await tx.insert(appMembers).values(memberships).onConflictDoNothing();
    const plugins = options.plugins ?? [];
    const services = ServiceRegistry.withStatic(plugins);
    const appIds = DEMO_APPS.map((app) => app.appId);
    for (const { manifest, module } of plugins) {
      await module?.seedDemo?.(tx, { appIds, subscriberAppIds: options.profile.subscriberAppIds ?? [], now: options.now, services: services.for(manifest), published: options.published });
    }

    if (createdUsers.length > 0 || createdApps.length > 0) {
      await appendAudit(tx, {
        at: options.now,
        actorId: null,
        actorEmail: SYSTEM_ACTOR,
        appId: null,
        action: 'seed.demo',
        target: DEMO_AGENCY,
        summary: `demo data: ${createdApps.length} apps, ${createdUsers.length} accounts`,
        ip: 'local',
      }, options.auditKey);
    }
    return { createdUsers, createdApps: createdApps.map((a) => a.appId) };
  });
}
