import { and, eq, HttpError, inArray, notInArray, or, sql, type DbExecutor, type RouteAdder } from '@civic/sdk/server';
import { isAllowed, STARTER_TIER_REASON } from '@civic/sdk/common/access';
import type { ClassCatalog } from '../../classification/contract/server/index';
import { categoriesAllowed, labelsAllowed } from '../../classification/contract/common/index';
import type { TranscriptReview } from '../../dialog-engine/contract/server/index';
import { BULK_FILTER_MAX, TrainingApi, type ClassifyQuestionsResult, type QuestionClass } from '../common/api';
import { TrainingMessages } from '../common/messages';
import { canClassifyQuestions } from '../common/permissions';
import { ClassifyQuestionsDto } from '../common/question-classes.dto';
import { trainingQuestionClasses as qc } from './db/schema';
import { toQuery } from './transcript-routes';

export interface QuestionClasses {
  categories: QuestionClass[];
  labels: QuestionClass[];
}

/** An array literal as one parameter ('{a,b}'), the same on node-postgres and PGlite; the values are ids and kinds (no quoting needed). */
const pgArray = (values: readonly string[]) => `{${values.join(',')}}`;
const unique = (ids: readonly string[] | undefined): string[] => [...new Set(ids ?? [])];
const byName = (a: QuestionClass, b: QuestionClass) => a.name.localeCompare(b.name);

/** The categories and labels of the given questions, by name; classes deleted since are left out. */
export async function classesOf(db: DbExecutor, catalog: ClassCatalog, appId: string, transcriptIds: readonly string[]): Promise<Map<string, QuestionClasses>> {
  const result = new Map<string, QuestionClasses>(transcriptIds.map((id) => [id, { categories: [], labels: [] }]));
  if (transcriptIds.length === 0) return result;
  const rows = await db
    .select({ transcriptId: qc.transcriptId, kind: qc.kind, classId: qc.classId })
    .from(qc)
    .where(and(eq(qc.appId, appId), inArray(qc.transcriptId, [...transcriptIds])));
  if (rows.length === 0) return result;
  const known = await catalog.list(db, appId);
  const names = { category: new Map(known.categories.map((c) => [c.id, c.name])), label: new Map(known.labels.map((l) => [l.id, l.name])) };
  for (const row of rows) {
    const name = names[row.kind].get(row.classId);
    const entry = result.get(row.transcriptId);
    if (name === undefined || !entry) continue;
    (row.kind === 'category' ? entry.categories : entry.labels).push({ id: row.classId, name });
  }
  for (const entry of result.values()) {
    entry.categories.sort(byName);
    entry.labels.sort(byName);
  }
  return result;
}

/** Assignments of classes the app no longer has (deleted in Classification). */
async function pruneDeleted(db: DbExecutor, catalog: ClassCatalog, appId: string): Promise<void> {
  const known = await catalog.list(db, appId);
  const stale = (kind: 'category' | 'label', ids: string[]) => and(eq(qc.kind, kind), ids.length > 0 ? notInArray(qc.classId, ids) : undefined);
  await db.delete(qc).where(
    and(
      eq(qc.appId, appId),
      or(
        stale('category', known.categories.map((c) => c.id)),
        stale('label', known.labels.map((l) => l.id)),
      ),
    ),
  );
}

async function assertClasses(db: DbExecutor, catalog: ClassCatalog, appId: string, kind: 'category' | 'label', ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await catalog.existing(db, appId, kind, ids);
  if (found.length === ids.length) return;
  const message = kind === 'category' ? TrainingMessages.unknownCategories : TrainingMessages.unknownLabels;
  throw HttpError.invalid([message], { [kind === 'category' ? 'addCategoryIds' : 'addLabelIds']: [message] });
}

/** POST …/transcripts/classification: categories and labels on questions, one or many, audited. */
export function registerQuestionClassRoute(routes: RouteAdder, review: TranscriptReview, catalog: ClassCatalog): void {
  routes.add({
    method: 'POST',
    url: TrainingApi.classifyRoute,
    app: 'appId',
    access: canClassifyQuestions,
    body: ClassifyQuestionsDto,
    audit: {
      action: 'training.classify',
      target: (ctx) => ctx.app.appId,
      summary: (ctx, result: ClassifyQuestionsResult) => {
        const b = ctx.body;
        const parts = (
          [
            [b.addCategoryIds, '+categories'],
            [b.removeCategoryIds, '-categories'],
            [b.addLabelIds, '+labels'],
            [b.removeLabelIds, '-labels'],
          ] as const
        )
          .filter(([list]) => Array.isArray(list) && list.length > 0)
          .map(([list, what]) => `${what} ${unique(list).length}`);
        return `${result.updated} questions${b.filter ? ' (a whole search result)' : ''}: ${parts.join(', ')}`;
      },
    },
    description: `Gives questions categories and labels or takes them off ({ transcriptIds | filter, addCategoryIds?, removeCategoryIds?, addLabelIds?, removeLabelIds? }); a filter takes every question its search finds (at most ${BULK_FILTER_MAX}); each half needs its §6 Starter-tier flag`,
    handler: async (ctx): Promise<ClassifyQuestionsResult> => {
      const b = ctx.body;
      const appId = ctx.app.appId;
      const addC = unique(b.addCategoryIds);
      const removeC = unique(b.removeCategoryIds);
      const addL = unique(b.addLabelIds);
      const removeL = unique(b.removeLabelIds);
      if ((addC.length || removeC.length) && !isAllowed(categoriesAllowed(ctx.access))) throw new HttpError(403, STARTER_TIER_REASON);
      if ((addL.length || removeL.length) && !isAllowed(labelsAllowed(ctx.access))) throw new HttpError(403, STARTER_TIER_REASON);
      await assertClasses(ctx.db, catalog, appId, 'category', unique([...addC, ...removeC]));
      await assertClasses(ctx.db, catalog, appId, 'label', unique([...addL, ...removeL]));

      const ids = b.filter
        ? await review.ids(ctx.db, toQuery(appId, b.filter, ctx.now), BULK_FILTER_MAX)
        : (await review.get(ctx.db, appId, unique(b.transcriptIds))).map((r) => r.transcriptId);
      if (ids.length === 0 && !b.filter) throw HttpError.invalid([TrainingMessages.unknownQuestions], { transcriptIds: [TrainingMessages.unknownQuestions] });

      await pruneDeleted(ctx.db, catalog, appId);
      const removals = [
        ...removeC.map((id) => ({ kind: 'category' as const, id })),
        ...removeL.map((id) => ({ kind: 'label' as const, id })),
      ];
      if (ids.length > 0 && removals.length > 0) {
        await ctx.db
          .delete(qc)
          .where(and(eq(qc.appId, appId), inArray(qc.transcriptId, ids), or(...removals.map((r) => and(eq(qc.kind, r.kind), eq(qc.classId, r.id))))));
      }
      const additions = [...addC.map((id) => ({ kind: 'category' as const, id })), ...addL.map((id) => ({ kind: 'label' as const, id }))];
      if (ids.length > 0 && additions.length > 0) {
        // Set-based: every question × every class added, in one statement whatever the selection's size.
        await ctx.db.execute(sql`
          insert into ${qc} (app_id, transcript_id, kind, class_id, assigned_by, assigned_at)
          select ${appId}, t.id, c.kind, c.id, ${ctx.user.email}, ${ctx.now.toISOString()}::timestamptz
          from unnest(${pgArray(ids)}::uuid[]) as t(id)
          cross join unnest(${pgArray(additions.map((a) => a.kind))}::text[], ${pgArray(additions.map((a) => a.id))}::uuid[]) as c(kind, id)
          on conflict do nothing`);
      }
      const classes = await classesOf(ctx.db, catalog, appId, ids.slice(0, 1000));
      return { updated: ids.length, questions: [...classes].map(([transcriptId, c]) => ({ transcriptId, ...c })) };
    },
  });
}
