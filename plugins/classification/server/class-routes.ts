import { and, asc, eq, HttpError, ne, sql, type DbExecutor, type RouteAdder } from '@civic/sdk/server';
import { categories, labels } from './db/schema';
import type { ClassifiedIntents } from '../contract/server/classified-intents';
import type { AccessPredicate } from '@civic/sdk/common/access';
import { ClassificationApi, type ClassItem } from '../common/api';
import { CategoryDto, LabelDto } from '../common/classification.dto';
import { ClassificationMessages } from '../common/messages';
import { canEditCategories, canEditLabels, canViewCategories, canViewLabels } from '../common/permissions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ClassTable = typeof categories | typeof labels;

/** The two classifications share everything but their table, names, rules and access flags. */
interface ClassKind {
  kind: 'category' | 'label';
  plural: 'categories' | 'labels';
  table: ClassTable;
  dto: new () => { name: string };
  listRoute: string;
  itemRoute: string;
  idParam: string;
  view: AccessPredicate;
  edit: AccessPredicate;
  taken(name: string): string;
  normalise(name: string): string;
}

const KINDS: ClassKind[] = [
  {
    kind: 'category',
    plural: 'categories',
    table: categories,
    dto: CategoryDto,
    listRoute: ClassificationApi.categoriesRoute,
    itemRoute: ClassificationApi.categoryRoute,
    idParam: 'categoryId',
    view: canViewCategories,
    edit: canEditCategories,
    taken: ClassificationMessages.categoryTaken,
    normalise: (name) => name.trim().replace(/\s+/g, ' '),
  },
  {
    kind: 'label',
    plural: 'labels',
    table: labels,
    dto: LabelDto,
    listRoute: ClassificationApi.labelsRoute,
    itemRoute: ClassificationApi.labelRoute,
    idParam: 'labelId',
    view: canViewLabels,
    edit: canEditLabels,
    taken: ClassificationMessages.labelTaken,
    normalise: (name) => name,
  },
];

async function listItems(db: DbExecutor, classified: ClassifiedIntents, k: ClassKind, appId: string, onlyId?: string): Promise<ClassItem[]> {
  const t = k.table;
  const rows = await db
    .select({ id: t.id, name: t.name, createdAt: t.createdAt, updatedAt: t.updatedAt })
    .from(t)
    .where(and(eq(t.appId, appId), onlyId ? eq(t.id, onlyId) : undefined))
    .orderBy(asc(sql`lower(${t.name})`));
  const counts = rows.length > 0 ? await classified.usageCounts(db, appId, k.kind) : new Map<string, number>();
  return rows.map((r) => ({ id: r.id, name: r.name, intentCount: counts.get(r.id) ?? 0, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

async function findItem(db: DbExecutor, classified: ClassifiedIntents, k: ClassKind, appId: string, id: string): Promise<ClassItem> {
  if (!UUID.test(id)) throw HttpError.notFound();
  const [item] = await listItems(db, classified, k, appId, id);
  if (!item) throw HttpError.notFound();
  return item;
}

async function assertFree(db: DbExecutor, k: ClassKind, appId: string, name: string, exceptId?: string): Promise<void> {
  const t = k.table;
  const [taken] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.appId, appId), sql`lower(${t.name}) = ${name.toLowerCase()}`, exceptId ? ne(t.id, exceptId) : undefined));
  if (taken) throw new HttpError(409, k.taken(name), { fields: { name: [k.taken(name)] } });
}

function registerKind(routes: RouteAdder, classified: ClassifiedIntents, k: ClassKind): void {
  routes.add({
    method: 'GET',
    url: k.listRoute,
    app: 'appId',
    access: k.view,
    description: `The app's ${k.plural}, each with the number of intents and Q&A pairs that carry it`,
    handler: async (ctx) => ({ [k.plural]: await listItems(ctx.db, classified, k, ctx.app.appId) }),
  });

  routes.add({
    method: 'POST',
    url: k.listRoute,
    app: 'appId',
    access: k.edit,
    body: k.dto,
    status: 201,
    audit: { action: `classification.${k.kind}.create`, target: (_ctx, r: Record<string, ClassItem>) => r[k.kind].id, summary: (_ctx, r: Record<string, ClassItem>) => `created ${k.kind} ${r[k.kind].name}` },
    description: `Creates a ${k.kind} { name }; a taken name (any case) → 409`,
    handler: async (ctx) => {
      const name = k.normalise(ctx.body.name);
      await assertFree(ctx.db, k, ctx.app.appId, name);
      const [row] = await ctx.db.insert(k.table).values({ appId: ctx.app.appId, name, createdAt: ctx.now, updatedAt: ctx.now }).returning({ id: k.table.id });
      return { [k.kind]: await findItem(ctx.db, classified, k, ctx.app.appId, row.id) };
    },
  });

  routes.add({
    method: 'PATCH',
    url: k.itemRoute,
    app: 'appId',
    access: k.edit,
    body: k.dto,
    audit: {
      action: `classification.${k.kind}.rename`,
      target: (ctx) => ctx.params[k.idParam],
      summary: (ctx, r: Record<string, ClassItem>) => `renamed ${k.kind} to ${r[k.kind].name}`,
    },
    description: `Renames a ${k.kind} { name }`,
    handler: async (ctx) => {
      const item = await findItem(ctx.db, classified, k, ctx.app.appId, ctx.params[k.idParam]);
      const name = k.normalise(ctx.body.name);
      await assertFree(ctx.db, k, ctx.app.appId, name, item.id);
      await ctx.db.update(k.table).set({ name, updatedAt: ctx.now }).where(eq(k.table.id, item.id));
      return { [k.kind]: await findItem(ctx.db, classified, k, ctx.app.appId, item.id) };
    },
  });

  routes.add({
    method: 'DELETE',
    url: k.itemRoute,
    app: 'appId',
    access: k.edit,
    audit: {
      action: `classification.${k.kind}.delete`,
      target: (ctx) => ctx.params[k.idParam],
      summary: (_ctx, r: { deleted: ClassItem }) => `deleted ${k.kind} ${r.deleted.name} (from ${r.deleted.intentCount} intents)`,
    },
    description: `Deletes a ${k.kind} and takes it off every intent that carries it`,
    handler: async (ctx): Promise<{ deleted: ClassItem }> => {
      const item = await findItem(ctx.db, classified, k, ctx.app.appId, ctx.params[k.idParam]);
      await ctx.db.delete(k.table).where(eq(k.table.id, item.id));
      return { deleted: item };
    },
  });
}

/** /api/v1/apps/{appId}/categories and /labels: create, rename, delete, with counts. */
export function registerClassRoutes(routes: RouteAdder, classified: ClassifiedIntents): void {
  for (const k of KINDS) registerKind(routes, classified, k);
}
