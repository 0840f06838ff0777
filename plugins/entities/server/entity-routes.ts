import { and, asc, eq, HttpError, ilike, ne, sql, type DbExecutor, type RouteAdder } from '@civic/sdk/server';
import { entityTypes } from './db/schema';
import { refKey, type EntityEntry } from '../contract/common/index';
import { EntitiesApi, type EntityDeleted, type EntityDetail, type EntityList, type EntityListItem, type EntityWithUsages } from '../common/api';
import { EntityCreateDto, EntityUpdateDto } from '../common/entity.dto';
import { EntityDeleteQueryDto, EntityListQueryDto } from '../common/entity-query.dto';
import { EntityMessages } from '../common/messages';
import { canEditEntities, canViewEntities } from '../common/permissions';
import type { EntityTypeUserList } from './entity-type-users';

type EntityRow = typeof entityTypes.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toEntityDetail(row: EntityRow): EntityDetail {
  return {
    id: row.id,
    appId: row.appId,
    display_name: row.displayName,
    kind: row.kind,
    enable_fuzzy_extraction: row.enableFuzzyExtraction,
    entities: row.entries,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Entries as stored: trimmed, blank synonyms dropped, a regexp entity keeps no synonyms. */
function cleanEntries(kind: EntityRow['kind'], entries: EntityEntry[]): EntityEntry[] {
  return entries.map((e) => ({
    value: kind === 'KIND_REGEXP' ? e.value : e.value.trim(),
    synonyms: kind === 'KIND_REGEXP' ? [] : [...new Set(e.synonyms.map((s) => s.trim()).filter((s) => s !== ''))],
  }));
}

async function findEntity(db: DbExecutor, appId: string, entityId: string): Promise<EntityRow> {
  if (!UUID.test(entityId)) throw HttpError.notFound();
  const [row] = await db.select().from(entityTypes).where(and(eq(entityTypes.appId, appId), eq(entityTypes.id, entityId)));
  if (!row) throw HttpError.notFound();
  return row;
}

async function assertNameFree(db: DbExecutor, appId: string, name: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: entityTypes.id })
    .from(entityTypes)
    .where(and(eq(entityTypes.appId, appId), sql`lower(${entityTypes.displayName}) = ${name.toLowerCase()}`, exceptId ? ne(entityTypes.id, exceptId) : undefined));
  if (taken) throw new HttpError(409, EntityMessages.nameTaken(name), { fields: { display_name: [EntityMessages.nameTaken(name)] } });
}

/** /api/v1/apps/{appId}/entities: the knowledge base's entities (§3), editors and admins only (§6). */
export function registerEntityRoutes(routes: RouteAdder, users: EntityTypeUserList): void {
  routes.add({
    method: 'GET',
    url: EntitiesApi.listRoute,
    app: 'appId',
    access: canViewEntities,
    query: EntityListQueryDto,
    description: 'Entities of the app with kind, number of entries and number of intents using each; ?search= (name) &kind= &withEntries=true (adds entries, for the extractor)',
    handler: async (ctx): Promise<EntityList> => {
      const { search, kind } = ctx.query;
      // Rows: { id, name (no @), kind, enableFuzzyExtraction, entryCount, usageCount, updatedAt, entries? }.
      const term = search?.trim().replace(/^@/, '');
      const rows = await ctx.db
        .select()
        .from(entityTypes)
        .where(
          and(
            eq(entityTypes.appId, ctx.app.appId),
            term ? ilike(entityTypes.displayName, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
            kind ? eq(entityTypes.kind, kind) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${entityTypes.displayName})`));
      const usages = rows.length > 0 ? await users.usages(ctx.db, ctx.app.appId) : new Map();
      const entities: EntityListItem[] = rows.map((row) => ({
        id: row.id,
        name: row.displayName,
        kind: row.kind,
        enableFuzzyExtraction: row.enableFuzzyExtraction,
        entryCount: row.entries.length,
        usageCount: usages.get(refKey(row.displayName))?.length ?? 0,
        updatedAt: row.updatedAt.toISOString(),
        ...(ctx.query.withEntries === 'true' ? { entries: row.entries } : {}),
      }));
      return { entities };
    },
  });

  routes.add({
    method: 'POST',
    url: EntitiesApi.listRoute,
    app: 'appId',
    access: canEditEntities,
    body: EntityCreateDto,
    status: 201,
    audit: { action: 'entities.create', target: (_ctx, r: EntityWithUsages) => r.entity.id, summary: (_ctx, r: EntityWithUsages) => `created @${r.entity.display_name}` },
    description: 'Creates an entity { display_name, kind, enable_fuzzy_extraction, entities }; a taken name → 409',
    handler: async (ctx): Promise<EntityWithUsages> => {
      const body = ctx.body;
      await assertNameFree(ctx.db, ctx.app.appId, body.display_name);
      const [row] = await ctx.db
        .insert(entityTypes)
        .values({
          appId: ctx.app.appId,
          displayName: body.display_name,
          kind: body.kind,
          enableFuzzyExtraction: body.enable_fuzzy_extraction,
          entries: cleanEntries(body.kind, body.entities),
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      return { entity: toEntityDetail(row), usages: [] };
    },
  });

  routes.add({
    method: 'GET',
    url: EntitiesApi.entityRoute,
    app: 'appId',
    access: canViewEntities,
    description: 'One entity with the intents whose phrases or parameters use it',
    handler: async (ctx): Promise<EntityWithUsages> => {
      const row = await findEntity(ctx.db, ctx.app.appId, ctx.params.entityId);
      const key = refKey(row.displayName);
      const usages = (await users.usages(ctx.db, ctx.app.appId, key)).get(key) ?? [];
      return { entity: toEntityDetail(row), usages };
    },
  });

  routes.add({
    method: 'PUT',
    url: EntitiesApi.entityRoute,
    app: 'appId',
    access: canEditEntities,
    body: EntityUpdateDto,
    audit: { action: 'entities.update', target: (ctx) => ctx.params.entityId, summary: (_ctx, r: EntityWithUsages) => `saved @${r.entity.display_name}` },
    description: 'Saves an entity, naming the version it edited (stale → 409); a rename follows into phrases and parameters',
    handler: async (ctx): Promise<EntityWithUsages> => {
      const body = ctx.body;
      const row = await findEntity(ctx.db, ctx.app.appId, ctx.params.entityId);
      if (row.version !== body.version) throw HttpError.conflict(EntityMessages.staleVersion);
      const oldKey = refKey(row.displayName);
      if (refKey(body.display_name) !== oldKey) await assertNameFree(ctx.db, ctx.app.appId, body.display_name, row.id);
      if (body.display_name !== row.displayName) await users.rename(ctx.db, ctx.app.appId, oldKey, body.display_name);
      const [updated] = await ctx.db
        .update(entityTypes)
        .set({
          displayName: body.display_name,
          kind: body.kind,
          enableFuzzyExtraction: body.enable_fuzzy_extraction,
          entries: cleanEntries(body.kind, body.entities),
          version: row.version + 1,
          updatedAt: ctx.now,
        })
        .where(and(eq(entityTypes.id, row.id), eq(entityTypes.version, body.version)))
        .returning();
      if (!updated) throw HttpError.conflict(EntityMessages.staleVersion);
      const key = refKey(updated.displayName);
      const usages = (await users.usages(ctx.db, ctx.app.appId, key)).get(key) ?? [];
      return { entity: toEntityDetail(updated), usages };
    },
  });

  routes.add({
    method: 'DELETE',
    url: EntitiesApi.entityRoute,
    app: 'appId',
    access: canEditEntities,
    query: EntityDeleteQueryDto,
    audit: {
      action: 'entities.delete',
      target: (ctx) => ctx.params.entityId,
      summary: (_ctx, r: EntityDeleted) =>
        `deleted @${r.deleted}` + (r.removedFromPhrases + r.removedParameters > 0 ? ` with its usages (${r.removedFromPhrases} phrases untagged, ${r.removedParameters} parameters removed)` : ''),
    },
    description: 'Deletes an entity; while phrases or parameters use it → 409 with detail.usages, unless ?removeUsages=true',
    handler: async (ctx): Promise<EntityDeleted> => {
      const row = await findEntity(ctx.db, ctx.app.appId, ctx.params.entityId);
      const key = refKey(row.displayName);
      const usages = (await users.usages(ctx.db, ctx.app.appId, key)).get(key) ?? [];
      let removed = { removedFromPhrases: 0, removedParameters: 0 };
      if (usages.length > 0) {
        if (ctx.query.removeUsages !== 'true') throw new HttpError(409, EntityMessages.inUse(row.displayName, usages.length), { detail: { usages } });
        removed = await users.remove(ctx.db, ctx.app.appId, key, { userId: ctx.user.id, now: ctx.now });
      }
      await ctx.db.delete(entityTypes).where(eq(entityTypes.id, row.id));
      return { deleted: row.displayName, ...removed };
    },
  });
}
