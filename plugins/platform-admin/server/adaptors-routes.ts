import { apps, asc, eq, HttpError, inArray, type DbExecutor, type OutboundClient, type RouteAdder, auditDiff } from '@civic/sdk/server';
import { adaptorApps, adaptors } from './db/schema';
import { AdminApi, type AdaptorItem, type ConnectionTestResult } from '../common/api';
import { AdaptorCreateDto, AdaptorPatchDto, type AdaptorType } from '../common/adaptor.dto';
import { AdminMessages } from '../common/messages';
import { canAdministerPlatform } from '../common/permissions';
import { testConnection } from './connection-test';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readAdaptors(db: DbExecutor, id?: string): Promise<AdaptorItem[]> {
  const rows = id ? await db.select().from(adaptors).where(eq(adaptors.id, id)) : await db.select().from(adaptors).orderBy(asc(adaptors.name));
  const ids = rows.map((row) => row.id);
  const links = ids.length ? await db.select().from(adaptorApps).where(inArray(adaptorApps.adaptorId, ids)).orderBy(asc(adaptorApps.appId)) : [];
  return rows.map((row) => ({
    id: row.id,
    type: row.type as AdaptorType,
    name: row.name,
    webhookUrl: row.webhookUrl,
    enabled: row.enabled,
    appIds: links.filter((link) => link.adaptorId === row.id).map((link) => link.appId),
    lastTestAt: row.lastTestAt?.toISOString() ?? null,
    lastTestOk: row.lastTestOk,
  }));
}

async function readOne(db: DbExecutor, id: string): Promise<AdaptorItem> {
  if (!UUID.test(id)) throw HttpError.notFound();
  const [item] = await readAdaptors(db, id);
  if (!item) throw HttpError.notFound();
  return item;
}

async function assertNameFree(db: DbExecutor, name: string, exceptId?: string): Promise<void> {
  const [row] = await db.select({ id: adaptors.id }).from(adaptors).where(eq(adaptors.name, name)).limit(1);
  if (row && row.id !== exceptId) throw HttpError.conflict(AdminMessages.adaptorExists);
}

async function linkApps(db: DbExecutor, adaptorId: string, appIds: string[]): Promise<void> {
  const wanted = [...new Set(appIds)];
  const known = wanted.length ? await db.select({ appId: apps.appId }).from(apps).where(inArray(apps.appId, wanted)) : [];
  const unknown = wanted.filter((id) => !known.some((k) => k.appId === id));
  if (unknown.length > 0) throw HttpError.invalid([AdminMessages.unknownApp(unknown.join(', '))], { appIds: [AdminMessages.unknownApp(unknown.join(', '))] });
  await db.delete(adaptorApps).where(eq(adaptorApps.adaptorId, adaptorId));
  if (wanted.length) await db.insert(adaptorApps).values(wanted.map((appId) => ({ adaptorId, appId })));
}

/** /api/v1/admin/adaptors: channel connectors, their apps, and a connection test. */
export function registerAdaptorRoutes(routes: RouteAdder, outbound: OutboundClient): void {
  routes.add({
    method: 'GET',
    url: AdminApi.adaptors,
    access: canAdministerPlatform,
    description: 'Adaptors by name with their linked apps and last test outcome',
    handler: async (ctx): Promise<{ adaptors: AdaptorItem[] }> => ({ adaptors: await readAdaptors(ctx.db) }),
  });

  routes.add({
    method: 'POST',
    url: AdminApi.adaptors,
    access: canAdministerPlatform,
    body: AdaptorCreateDto,
    status: 201,
    audit: { action: 'platform-admin.adaptor-create', target: (_ctx, a: AdaptorItem) => a.name, summary: (_ctx, a: AdaptorItem) => `created ${a.type} adaptor ${a.name} → ${a.webhookUrl}` },
    description: '{ type, name, webhookUrl (https), appIds?, enabled? }',
    handler: async (ctx): Promise<AdaptorItem> => {
      const name = ctx.body.name.trim();
      await assertNameFree(ctx.db, name);
      const [row] = await ctx.db
        .insert(adaptors)
        .values({ type: ctx.body.type, name, webhookUrl: ctx.body.webhookUrl, enabled: ctx.body.enabled ?? true, createdAt: ctx.now, updatedAt: ctx.now })
        .returning({ id: adaptors.id });
      await linkApps(ctx.db, row.id, ctx.body.appIds ?? []);
      return readOne(ctx.db, row.id);
    },
  });

  routes.add({
    method: 'PATCH',
    url: AdminApi.adaptorRoute,
    access: canAdministerPlatform,
    body: AdaptorPatchDto,
    audit: { action: 'platform-admin.adaptor-update', target: (_ctx, a: AdaptorItem) => a.name, summary: (ctx) => `changed ${Object.keys(ctx.body).join(', ') || 'nothing'}` },
    description: 'Any of type, name, webhookUrl, appIds (replaces the links), enabled',
    handler: async (ctx): Promise<AdaptorItem> => {
      const current = await readOne(ctx.db, ctx.params.adaptorId);
      const { appIds, name, ...rest } = ctx.body;
      if (name !== undefined) await assertNameFree(ctx.db, name.trim(), current.id);
      await ctx.db
        .update(adaptors)
        .set({ ...rest, ...(name !== undefined ? { name: name.trim() } : {}), updatedAt: ctx.now })
        .where(eq(adaptors.id, current.id));
      if (appIds !== undefined) await linkApps(ctx.db, current.id, appIds);
      const updated = await readOne(ctx.db, current.id);
      const fields = ({ type, name, webhookUrl, enabled, appIds }: AdaptorItem) => ({ type, name, webhookUrl, enabled, appIds: [...appIds].sort() });
      ctx.audit({ details: auditDiff(fields(current), fields(updated)) });
      return updated;
    },
  });

  routes.add({
    method: 'DELETE',
    url: AdminApi.adaptorRoute,
    access: canAdministerPlatform,
    audit: { action: 'platform-admin.adaptor-delete', target: (_ctx, a: AdaptorItem) => a.name, summary: (_ctx, a: AdaptorItem) => `deleted adaptor ${a.name}` },
    description: 'Deletes an adaptor and its app links',
    handler: async (ctx): Promise<AdaptorItem> => {
      const current = await readOne(ctx.db, ctx.params.adaptorId);
      await ctx.db.delete(adaptors).where(eq(adaptors.id, current.id));
      const { type, name, webhookUrl, enabled, appIds } = current;
      ctx.audit({ details: { before: { type, name, webhookUrl, enabled, appIds } } });
      return current;
    },
  });

  routes.add({
    method: 'POST',
    url: AdminApi.adaptorTestRoute,
    access: canAdministerPlatform,
    audit: {
      action: 'platform-admin.adaptor-test',
      target: (ctx) => ctx.params.adaptorId,
      summary: (_ctx, r: ConnectionTestResult) => (r.ok ? `connection ok (${r.status}, ${r.latencyMs} ms)` : `connection failed: ${r.error}`),
    },
    description: 'Calls the webhook once (short timeout) and reports ok, status, latencyMs and error',
    handler: async (ctx): Promise<ConnectionTestResult> => {
      const current = await readOne(ctx.db, ctx.params.adaptorId);
      const result = await testConnection(outbound, current.webhookUrl, { event: 'civic.connection-test', adaptor: current.name, type: current.type });
      await ctx.db.update(adaptors).set({ lastTestAt: ctx.now, lastTestOk: result.ok }).where(eq(adaptors.id, current.id));
      return result;
    },
  });
}
