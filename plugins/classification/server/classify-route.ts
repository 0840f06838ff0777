import { and, eq, HttpError, inArray, type RouteAdder } from '@civic/sdk/server';
import { categories, labels } from './db/schema';
import type { ClassifiedIntents } from '../contract/server/classified-intents';
import { isAllowed, STARTER_TIER_REASON } from '@civic/sdk/common/access';
import { ClassificationApi, type ClassifyResult } from '../common/api';
import { ClassifyIntentsDto } from '../common/classification.dto';
import { ClassificationMessages } from '../common/messages';
import { canClassifyIntents, categoriesAllowed, labelsAllowed } from '../common/permissions';

const unique = (ids: string[] | undefined): string[] => [...new Set(ids ?? [])];

/** POST /api/v1/apps/{appId}/intents/classification: bulk assign and unassign (the intents table's bulk action). */
export function registerClassifyRoute(routes: RouteAdder, classified: ClassifiedIntents): void {
  routes.add({
    method: 'POST',
    url: ClassificationApi.classifyRoute,
    app: 'appId',
    access: canClassifyIntents,
    body: ClassifyIntentsDto,
    audit: {
      action: 'classification.assign',
      target: (ctx) => ctx.app.appId,
      summary: (ctx) => {
        const b = ctx.body;
        const parts = [
          [b.addCategoryIds, '+categories'],
          [b.removeCategoryIds, '-categories'],
          [b.addLabelIds, '+labels'],
          [b.removeLabelIds, '-labels'],
        ]
          .filter(([ids]) => Array.isArray(ids) && ids.length > 0)
          .map(([ids, what]) => `${what as string} ${(ids as string[]).length}`);
        return `${unique(b.intentIds).length} intents: ${parts.join(', ')}`;
      },
    },
    description: '{ intentIds, addCategoryIds?, removeCategoryIds?, addLabelIds?, removeLabelIds? }: bulk assign / unassign; bumps each intent\'s version',
    handler: async (ctx): Promise<ClassifyResult> => {
      const b = ctx.body;
      const intentIds = unique(b.intentIds);
      const addC = unique(b.addCategoryIds);
      const removeC = unique(b.removeCategoryIds);
      const addL = unique(b.addLabelIds);
      const removeL = unique(b.removeLabelIds);
      // §6: each half needs its own Starter-tier flag.
      if ((addC.length || removeC.length) && !isAllowed(categoriesAllowed(ctx.access))) throw new HttpError(403, STARTER_TIER_REASON);
      if ((addL.length || removeL.length) && !isAllowed(labelsAllowed(ctx.access))) throw new HttpError(403, STARTER_TIER_REASON);

      const appId = ctx.app.appId;
      const found = await classified.existing(ctx.db, appId, intentIds);
      if (found.length !== intentIds.length) throw HttpError.invalid([ClassificationMessages.unknownIntents(intentIds.length - found.length)], { intentIds: [ClassificationMessages.unknownIntents(intentIds.length - found.length)] });
      const catIds = unique([...addC, ...removeC]);
      if (catIds.length) {
        const rows = await ctx.db.select({ id: categories.id }).from(categories).where(and(eq(categories.appId, appId), inArray(categories.id, catIds)));
        if (rows.length !== catIds.length) throw HttpError.invalid([ClassificationMessages.unknownCategories]);
      }
      const labIds = unique([...addL, ...removeL]);
      if (labIds.length) {
        const rows = await ctx.db.select({ id: labels.id }).from(labels).where(and(eq(labels.appId, appId), inArray(labels.id, labIds)));
        if (rows.length !== labIds.length) throw HttpError.invalid([ClassificationMessages.unknownLabels]);
      }

      return { intents: await classified.apply(ctx.db, appId, { intentIds, addCategoryIds: addC, removeCategoryIds: removeC, addLabelIds: addL, removeLabelIds: removeL }, { userId: ctx.user.id, now: ctx.now }) };
    },
  });
}
