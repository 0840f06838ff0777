import { agencies, apps, asc, eq, HttpError, type DbExecutor, type RouteAdder, type UserAdmin } from '@civic/sdk/server';
import { AdminApi, type AgencyItem } from '../common/api';
import { AgencyDto } from '../common/agency.dto';
import { AdminMessages } from '../common/messages';
import { canAdministerPlatform } from '../common/permissions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function assertNameFree(db: DbExecutor, name: string, exceptId?: string): Promise<void> {
  const [row] = await db.select({ id: agencies.id, name: agencies.name }).from(agencies).where(eq(agencies.name, name)).limit(1);
  if (row && row.id !== exceptId) throw HttpError.conflict(AdminMessages.agencyExists);
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

/** /api/v1/admin/agencies: list with apps and users, create, rename. */
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
      await assertNameFree(ctx.db, ctx.body.name);
      const [created] = await ctx.db.insert(agencies).values({ name: ctx.body.name, createdAt: ctx.now }).returning({ id: agencies.id, name: agencies.name });
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
      target: (ctx) => ctx.body.name,
      summary: (ctx, result: { previous: string }) => `renamed agency ${result.previous} to ${ctx.body.name}`,
    },
    description: '{ name }: renames an agency; 409 when the name is taken',
    handler: async (ctx): Promise<{ id: string; name: string; previous: string }> => {
      const { agencyId } = ctx.params;
      if (!UUID.test(agencyId)) throw HttpError.notFound();
      const [current] = await ctx.db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
      if (!current) throw HttpError.notFound();
      await assertNameFree(ctx.db, ctx.body.name, agencyId);
      await ctx.db.update(agencies).set({ name: ctx.body.name }).where(eq(agencies.id, agencyId));
      return { id: agencyId, name: ctx.body.name, previous: current.name };
    },
  });
}
