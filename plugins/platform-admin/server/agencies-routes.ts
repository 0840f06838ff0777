import { agencies, apps, asc, count, eq, HttpError, sql, type DbExecutor, type RouteAdder, type UserAdmin } from '@civic/sdk/server';
import { AdminApi, type AgencyItem } from '../common/api';
import { AgencyDto, AgencyMergeDto, normaliseAgencyName } from '../common/agency.dto';
import { AdminMessages } from '../common/messages';
import { canAdministerPlatform } from '../common/permissions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Names compare without regard to case or spacing: "Ministry  of health " is "Ministry of Health". */
const comparable = (column: typeof agencies.name) => sql`lower(regexp_replace(btrim(${column}), '[[:space:]]+', ' ', 'g'))`;

async function assertNameFree(db: DbExecutor, name: string, exceptId?: string): Promise<void> {
  // Two admins creating "MOH" and "moh" at once: the second waits for the first and then sees it.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('civic.agency-names'))`);
  const rows = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(sql`${comparable(agencies.name)} = ${normaliseAgencyName(name).toLowerCase()}`);
  const taken = rows.find((row) => row.id !== exceptId);
  if (taken) throw HttpError.conflict(AdminMessages.agencyNameTaken(taken.name));
}

async function findAgency(db: DbExecutor, agencyId: string): Promise<{ id: string; name: string }> {
  if (!UUID.test(agencyId)) throw HttpError.notFound();
  const [row] = await db.select({ id: agencies.id, name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId)).for('update').limit(1);
  if (!row) throw HttpError.notFound();
  return row;
}

async function usageOf(db: DbExecutor, users: UserAdmin, agencyId: string): Promise<{ apps: number; users: number }> {
  const [appCount] = await db.select({ n: count() }).from(apps).where(eq(apps.agencyId, agencyId));
  return { apps: Number(appCount.n), users: await users.countInAgency(db, agencyId) };
}

/** Every user with their agency, read page by page through the users service. */
async function usersByAgency(db: DbExecutor, users: UserAdmin, now: Date): Promise<Map<string, AgencyItem['users']>> {
  const byAgency = new Map<string, AgencyItem['users']>();
  for (let pageNum = 0; ; pageNum++) {
    const page = await users.list(db, { pageNum, pageSize: 100 }, now);
    for (const user of page.items) {
      if (!user.agency) continue;
      const list = byAgency.get(user.agency) ?? [];
      list.push({ id: user.id, name: user.name, email: user.email });
      byAgency.set(user.agency, list);
    }
    if ((pageNum + 1) * 100 >= page.total || page.items.length === 0) break;
  }
  return byAgency;
}

/** /api/v1/admin/agencies: list with apps and users, create, rename, delete when unused, merge. */
export function registerAgencyRoutes(routes: RouteAdder, users: UserAdmin): void {
  routes.add({
    method: 'GET',
    url: AdminApi.agencies,
    access: canAdministerPlatform,
    description: 'Agencies by name, each with its apps and users',
    handler: async (ctx): Promise<{ agencies: AgencyItem[] }> => {
      const rows = await ctx.db.select({ id: agencies.id, name: agencies.name }).from(agencies).orderBy(asc(agencies.name));
      const appRows = await ctx.db.select({ agencyId: apps.agencyId, appId: apps.appId, appName: apps.appName }).from(apps).orderBy(asc(apps.appId));
      const people = await usersByAgency(ctx.db, users, ctx.now);
      return {
        agencies: rows.map((agency) => ({
          id: agency.id,
          name: agency.name,
          apps: appRows.filter((app) => app.agencyId === agency.id).map(({ appId, appName }) => ({ appId, appName })),
          users: people.get(agency.name) ?? [],
        })),
      };
    },
  });

  routes.add({
    method: 'POST',
    url: AdminApi.agencies,
    access: canAdministerPlatform,
    body: AgencyDto,
    status: 201,
    audit: { action: 'platform-admin.agency-create', target: (ctx) => ctx.body.name, summary: (ctx) => `created agency ${ctx.body.name}` },
    description: '{ name }: a new agency; 409 when the name is taken',
    handler: async (ctx): Promise<AgencyItem> => {
      const name = normaliseAgencyName(ctx.body.name);
      await assertNameFree(ctx.db, name);
      const [created] = await ctx.db.insert(agencies).values({ name, createdAt: ctx.now }).returning({ id: agencies.id, name: agencies.name });
      return { ...created, apps: [], users: [] };
    },
  });

  routes.add({
    method: 'PATCH',
    url: AdminApi.agencyRoute,
    access: canAdministerPlatform,
    body: AgencyDto,
    audit: {
      action: 'platform-admin.agency-rename',
      target: (ctx) => normaliseAgencyName(ctx.body.name),
      summary: (_ctx, result: { name: string; previous: string }) => `renamed agency ${result.previous} to ${result.name}`,
      details: (_ctx, result: { name: string; previous: string }) => ({ before: { name: result.previous }, after: { name: result.name } }),
    },
    description: '{ name }: renames an agency (a change of case or spacing only is allowed); 409 when another agency has the name',
    handler: async (ctx): Promise<{ id: string; name: string; previous: string }> => {
      const current = await findAgency(ctx.db, ctx.params.agencyId);
      const name = normaliseAgencyName(ctx.body.name);
      await assertNameFree(ctx.db, name, current.id);
      await ctx.db.update(agencies).set({ name }).where(eq(agencies.id, current.id));
      return { id: current.id, name, previous: current.name };
    },
  });

  routes.add({
    method: 'DELETE',
    url: AdminApi.agencyRoute,
    access: canAdministerPlatform,
    audit: { action: 'platform-admin.agency-delete', target: (_ctx, result: { name: string }) => result.name, summary: (_ctx, result: { name: string }) => `deleted agency ${result.name}` },
    description: 'Deletes an agency that has no apps and no users; 409 naming what still uses it (merge it instead)',
    handler: async (ctx): Promise<{ id: string; name: string }> => {
      const agency = await findAgency(ctx.db, ctx.params.agencyId);
      const usage = await usageOf(ctx.db, users, agency.id);
      if (usage.apps > 0 || usage.users > 0) throw HttpError.conflict(AdminMessages.agencyInUse(agency.name, usage.apps, usage.users));
      await ctx.db.delete(agencies).where(eq(agencies.id, agency.id));
      return agency;
    },
  });

  routes.add({
    method: 'POST',
    url: AdminApi.agencyMergeRoute,
    access: canAdministerPlatform,
    body: AgencyMergeDto,
    audit: {
      action: 'platform-admin.agency-merge',
      target: (_ctx, result: MergeResult) => result.into.name,
      summary: (_ctx, result: MergeResult) => `merged agency ${result.from.name} into ${result.into.name} (${result.apps} apps, ${result.users} users moved)`,
      details: (_ctx, result: MergeResult) => ({ before: { agency: result.from.name }, after: { agency: result.into.name, apps: result.apps, users: result.users } }),
    },
    description: '{ intoAgencyId }: moves every app and user of the agency to another one, then deletes it (one transaction)',
    handler: async (ctx): Promise<MergeResult> => {
      const from = await findAgency(ctx.db, ctx.params.agencyId);
      if (from.id === ctx.body.intoAgencyId) throw HttpError.invalid([AdminMessages.agencyMergeSelf], { intoAgencyId: [AdminMessages.agencyMergeSelf] });
      if (!UUID.test(ctx.body.intoAgencyId)) throw HttpError.invalid([AdminMessages.agencyMergeTarget], { intoAgencyId: [AdminMessages.agencyMergeTarget] });
      const [into] = await ctx.db.select({ id: agencies.id, name: agencies.name }).from(agencies).where(eq(agencies.id, ctx.body.intoAgencyId)).for('update');
      if (!into) throw HttpError.invalid([AdminMessages.agencyMergeTarget], { intoAgencyId: [AdminMessages.agencyMergeTarget] });
      const moved = await ctx.db.update(apps).set({ agencyId: into.id, updatedAt: ctx.now }).where(eq(apps.agencyId, from.id)).returning({ appId: apps.appId });
      const people = await users.moveAgency(ctx.db, from.id, into.id, ctx.now);
      await ctx.db.delete(agencies).where(eq(agencies.id, from.id));
      return { from, into, apps: moved.length, users: people };
    },
  });
}

interface MergeResult {
  from: { id: string; name: string };
  into: { id: string; name: string };
  apps: number;
  users: number;
}
