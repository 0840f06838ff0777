import { apps, auditDiff, eq, findAppRecord, HttpError, toAppSettings, type RouteAdder } from '@civic/sdk/server';
import type { AppSettings } from '@civic/sdk/common/model';
import { AppSettingsApi } from '../common/api';
import { AppSettingsPatchDto } from '../common/app-settings-patch.dto';
import { canEditAppSettings, canViewAppSettings } from '../common/permissions';
import { describeSettingsChange } from './describe-settings-change';

/** GET and PATCH /api/v1/apps/{appId}/settings (§7): viewers read, editors and admins change. */
export function registerSettingsRoutes(routes: RouteAdder): void {
  routes.add({
    method: 'GET',
    url: AppSettingsApi.settingsRoute,
    app: 'appId',
    access: canViewAppSettings,
    description: "The app's settings (§3 App settings)",
    handler: (ctx): { appSettings: AppSettings } => ({ appSettings: toAppSettings(ctx.app) }),
  });

  routes.add({
    method: 'PATCH',
    url: AppSettingsApi.settingsRoute,
    app: 'appId',
    access: canEditAppSettings,
    body: AppSettingsPatchDto,
    audit: {
      action: 'app-settings.update',
      target: (ctx) => ctx.app.appId,
      summary: (ctx) => describeSettingsChange(ctx.app, ctx.body),
      details: (ctx, result: { appSettings: AppSettings }) =>
        auditDiff(
          { mlConfidenceThreshold: ctx.app.mlConfidenceThreshold, qnaConfidenceThreshold: ctx.app.qnaConfidenceThreshold },
          { mlConfidenceThreshold: result.appSettings.mlConfidenceThreshold, qnaConfidenceThreshold: result.appSettings.qnaConfidenceThreshold },
        ),
    },
    description: 'Changes mlConfidenceThreshold and, optionally, qnaConfidenceThreshold',
    handler: async (ctx): Promise<{ appSettings: AppSettings }> => {
      const { mlConfidenceThreshold, qnaConfidenceThreshold } = ctx.body;
      await ctx.db
        .update(apps)
        .set({ mlConfidenceThreshold, ...(qnaConfidenceThreshold !== undefined ? { qnaConfidenceThreshold } : {}), updatedAt: ctx.now })
        .where(eq(apps.appId, ctx.app.appId));
      const updated = await findAppRecord(ctx.db, ctx.app.appId);
      if (!updated) throw HttpError.notFound();
      return { appSettings: toAppSettings(updated) };
    },
  });
}
