import { and, asc, count, eq, HttpError, sql, type DbExecutor, type RouteAdder, type SQL } from '@civic/sdk/server';
import { glossaryTerms } from './db/schema';
import type { GlossaryTerm } from '../contract/common/knowledge/index';
import { KbApi, type GlossaryImportResponse, type GlossaryListResponse } from '../common/api';
import { GlossaryImportDto, GlossaryListQueryDto, GlossaryTermDto, GlossaryTermUpdateDto } from '../common/glossary.dto';
import { KbMessages } from '../common/messages';
import { canEditKnowledgeBase, canViewKnowledgeBase } from '../common/permissions';
import { isUniqueViolation } from './intent-store';
import { uuidParam } from './intent-routes';

type TermRow = typeof glossaryTerms.$inferSelect;

function toTerm(row: TermRow): GlossaryTerm {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

function uniqueSynonyms(term: string, synonyms: string[] | undefined): string[] {
  const seen = new Set([term.toLowerCase()]);
  return (synonyms ?? []).filter((s) => {
    const key = s.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function termIdByName(db: DbExecutor, appId: string, term: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: glossaryTerms.id })
    .from(glossaryTerms)
    .where(and(eq(glossaryTerms.appId, appId), sql`lower(${glossaryTerms.term}) = lower(${term})`));
  return row?.id;
}

/** Glossary terms of an app: term, synonyms, definition; unique per app regardless of case. */
export function registerGlossaryRoutes(routes: RouteAdder): void {
  routes.add({
    method: 'GET',
    url: KbApi.glossaryRoute,
    app: 'appId',
    access: canViewKnowledgeBase,
    query: GlossaryListQueryDto,
    description: 'Glossary terms of the app, searched in term, synonyms and definition, sorted by term',
    handler: async (ctx): Promise<GlossaryListResponse> => {
      const conditions: SQL[] = [eq(glossaryTerms.appId, ctx.app.appId)];
      const search = ctx.query.search?.trim().toLowerCase();
      if (search) {
        const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          sql`(lower(${glossaryTerms.term}) like ${pattern} or lower(${glossaryTerms.definition}) like ${pattern} or exists (select 1 from unnest(${glossaryTerms.synonyms}) s where lower(s) like ${pattern}))`,
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(glossaryTerms)
          .where(where)
          .orderBy(asc(sql`lower(${glossaryTerms.term})`))
          .offset(ctx.query.offset ?? 0)
          .limit(ctx.query.limit ?? 1000),
        ctx.db.select({ n: count() }).from(glossaryTerms).where(where),
      ]);
      return { terms: rows.map(toTerm), total: total?.n ?? 0 };
    },
  });

  routes.add({
    method: 'POST',
    url: KbApi.glossaryRoute,
    app: 'appId',
    access: canEditKnowledgeBase,
    body: GlossaryTermDto,
    status: 201,
    audit: { action: 'knowledge-base.glossary.create', target: (_ctx, result: { term: GlossaryTerm }) => result.term.id, summary: (ctx) => `"${ctx.body.term}"` },
    description: 'Adds a glossary term (409 when the app already has it)',
    handler: async (ctx): Promise<{ term: GlossaryTerm }> => {
      if (await termIdByName(ctx.db, ctx.app.appId, ctx.body.term)) throw HttpError.conflict(KbMessages.duplicateTerm);
      try {
        const [row] = await ctx.db
          .insert(glossaryTerms)
          .values({ appId: ctx.app.appId, term: ctx.body.term, synonyms: uniqueSynonyms(ctx.body.term, ctx.body.synonyms), definition: ctx.body.definition?.trim() ?? '', createdAt: ctx.now, updatedAt: ctx.now })
          .returning();
        return { term: toTerm(row) };
      } catch (error) {
        if (isUniqueViolation(error)) throw HttpError.conflict(KbMessages.duplicateTerm);
        throw error;
      }
    },
  });

  routes.add({
    method: 'PUT',
    url: KbApi.termRoute,
    app: 'appId',
    access: canEditKnowledgeBase,
    body: GlossaryTermUpdateDto,
    audit: { action: 'knowledge-base.glossary.update', target: (ctx) => ctx.params.termId, summary: (ctx) => `"${ctx.body.term}"` },
    description: 'Saves a glossary term; `version` must be the one edited, else 409',
    handler: async (ctx): Promise<{ term: GlossaryTerm }> => {
      const termId = uuidParam(ctx.params.termId);
      const [current] = await ctx.db.select().from(glossaryTerms).where(and(eq(glossaryTerms.id, termId), eq(glossaryTerms.appId, ctx.app.appId)));
      if (!current) throw HttpError.notFound();
      if (current.version !== ctx.body.version) throw new HttpError(409, KbMessages.termConflict, { detail: { currentVersion: current.version } });
      const clash = await termIdByName(ctx.db, ctx.app.appId, ctx.body.term);
      if (clash && clash !== termId) throw HttpError.conflict(KbMessages.duplicateTerm);
      const [row] = await ctx.db
        .update(glossaryTerms)
        .set({ term: ctx.body.term, synonyms: uniqueSynonyms(ctx.body.term, ctx.body.synonyms), definition: ctx.body.definition?.trim() ?? '', version: current.version + 1, updatedAt: ctx.now })
        .where(and(eq(glossaryTerms.id, termId), eq(glossaryTerms.version, current.version)))
        .returning();
      if (!row) throw HttpError.conflict(KbMessages.termConflict);
      return { term: toTerm(row) };
    },
  });

  routes.add({
    method: 'DELETE',
    url: KbApi.termRoute,
    app: 'appId',
    access: canEditKnowledgeBase,
    audit: { action: 'knowledge-base.glossary.delete', target: (ctx) => ctx.params.termId },
    description: 'Deletes a glossary term',
    handler: async (ctx): Promise<{ deleted: true }> => {
      const termId = uuidParam(ctx.params.termId);
      const deleted = await ctx.db
        .delete(glossaryTerms)
        .where(and(eq(glossaryTerms.id, termId), eq(glossaryTerms.appId, ctx.app.appId)))
        .returning({ id: glossaryTerms.id });
      if (deleted.length === 0) throw HttpError.notFound();
      return { deleted: true };
    },
  });

  routes.add({
    method: 'POST',
    url: KbApi.glossaryImportRoute,
    app: 'appId',
    access: canEditKnowledgeBase,
    body: GlossaryImportDto,
    audit: { action: 'knowledge-base.glossary.import', summary: (_ctx, r: GlossaryImportResponse) => `${r.added} added, ${r.updated} updated` },
    description: 'Imports terms (from CSV): new terms are added, existing ones (same term) replaced',
    handler: async (ctx): Promise<GlossaryImportResponse> => {
      let added = 0;
      let updated = 0;
      const seen = new Set<string>();
      for (const entry of ctx.body.terms) {
        const key = entry.term.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        const synonyms = uniqueSynonyms(entry.term, entry.synonyms);
        const definition = entry.definition?.trim() ?? '';
        const existing = await termIdByName(ctx.db, ctx.app.appId, entry.term);
        if (existing) {
          await ctx.db
            .update(glossaryTerms)
            .set({ term: entry.term, synonyms, definition, version: sql`${glossaryTerms.version} + 1`, updatedAt: ctx.now })
            .where(eq(glossaryTerms.id, existing));
          updated += 1;
        } else {
          await ctx.db.insert(glossaryTerms).values({ appId: ctx.app.appId, term: entry.term, synonyms, definition, createdAt: ctx.now, updatedAt: ctx.now });
          added += 1;
        }
      }
      return { added, updated };
    },
  });
}
