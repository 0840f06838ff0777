import { HttpError, type FileDownload, type RouteAdder } from '@civic/sdk/server';
import { ReportsApi, type ReportSchedule, type ReportScheduleView } from '../common/api';
import { AnalyticsMessages } from '../common/messages';
import { canManageReports, canViewAnalytics } from '../common/permissions';
import { ReportExportQueryDto, ReportScheduleDto } from '../common/report-schedule.dto';
import { botSummaryCsv, botSummaryPdf } from './bot-summary-files';
import { analyticsReportSchedules } from './db/schema';
import { reportMembers, requireSchedule, scheduleOf, sendReport, type ReportDeps } from './report-mail';
import { openScope } from './report-scope';
import { botSummaryReport } from './reports';

const toView = (row: typeof analyticsReportSchedules.$inferSelect): ReportSchedule => ({
  frequency: row.frequency, format: row.format, recipients: row.recipients, enabled: row.enabled,
  lastSentAt: row.lastSentAt?.toISOString() ?? null, updatedBy: row.updatedBy, updatedAt: row.updatedAt.toISOString(),
});

/** App settings, Reports: the scheduled bot-summary e-mail, "send now", and the bot summary as a file. */
export function registerReportRoutes(routes: RouteAdder, deps: ReportDeps): void {
  routes.add({
    method: 'GET',
    url: ReportsApi.scheduleRoute,
    app: 'appId',
    access: canManageReports,
    description: 'The report schedule of the app (null before the first save) and the members who may receive it',
    handler: async (ctx): Promise<ReportScheduleView> => {
      const row = await scheduleOf(ctx.db, ctx.app.appId);
      return { schedule: row ? toView(row) : null, members: await reportMembers(ctx.db, deps.users, ctx.app.appId, ctx.now) };
    },
  });

  routes.add({
    method: 'PUT',
    url: ReportsApi.scheduleRoute,
    app: 'appId',
    access: canManageReports,
    body: ReportScheduleDto,
    audit: {
      action: 'analytics.report-schedule.update',
      summary: (ctx) => `${ctx.body.frequency} ${ctx.body.format.toUpperCase()} bot summary of ${ctx.app.appId} to ${ctx.body.recipients.length} member(s)${ctx.body.enabled === false ? ' (paused)' : ''}`,
    },
    description: '{ frequency: weekly|monthly, format: pdf|csv, recipients: member e-mails, enabled? }: saves the schedule; 422 for a recipient who is not a member',
    handler: async (ctx): Promise<ReportSchedule> => {
      const members = new Set((await reportMembers(ctx.db, deps.users, ctx.app.appId, ctx.now)).map((m) => m.email));
      const recipients = [...new Set(ctx.body.recipients.map((e) => e.trim().toLowerCase()))];
      if (recipients.some((e) => !members.has(e))) throw HttpError.invalid([AnalyticsMessages.recipientNotMember], { recipients: [AnalyticsMessages.recipientNotMember] });
      const values = { frequency: ctx.body.frequency, format: ctx.body.format, recipients, enabled: ctx.body.enabled ?? true, updatedBy: ctx.user.email, updatedAt: ctx.now };
      const [row] = await ctx.db
        .insert(analyticsReportSchedules)
        .values({ appId: ctx.app.appId, ...values })
        .onConflictDoUpdate({ target: analyticsReportSchedules.appId, set: values })
        .returning();
      return toView(row);
    },
  });

  routes.add({
    method: 'POST',
    url: ReportsApi.sendNowRoute,
    app: 'appId',
    access: canManageReports,
    // The mailer writes the outbox outside any transaction: holding PGlite's one connection here would wait on itself.
    transaction: false,
    audit: { action: 'analytics.report.send', summary: (ctx, result: { sent: string[] }) => `bot summary of ${ctx.app.appId} mailed to ${result.sent.length} member(s)` },
    description: 'Sends the scheduled report now (its period ending yesterday) to its recipients; 409 before a schedule is saved',
    handler: async (ctx) => sendReport(ctx.db, deps, await requireSchedule(ctx.db, ctx.app.appId), ctx.now),
  });

  routes.add({
    method: 'GET',
    url: ReportsApi.botSummaryExportRoute,
    app: 'appId',
    access: canViewAnalytics,
    query: ReportExportQueryDto,
    download: true,
    description: 'The bot summary of the range as a file: format pdf or csv; the range and filters as the reports',
    handler: async (ctx): Promise<FileDownload> => {
      const scope = await openScope(ctx.db, { appId: ctx.app.appId, isSuperbot: false }, ctx.query, ctx.now, deps.timeZone);
      const report = await botSummaryReport(ctx.db, scope);
      const base = `bot-summary-${ctx.app.appId}-${report.range.from}-${report.range.to}`;
      return ctx.query.format === 'pdf'
        ? { fileName: `${base}.pdf`, contentType: 'application/pdf', data: await botSummaryPdf(report, ctx.app.appName, ctx.now) }
        : { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', data: botSummaryCsv(report, ctx.app.appName) };
    },
  });
}
