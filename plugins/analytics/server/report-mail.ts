import { and, eq, findAppRecord, HttpError, type DbExecutor, type Mailer, type UserAdmin } from '@civic/sdk/server';
import { appMembers } from '@civic/sdk/server';
import type { ReportScheduleView } from '../common/api';
import { localDay } from '../common/date-range';
import { dueFrequencies, reportPeriod } from '../common/report-period';
import { AnalyticsMessages } from '../common/messages';
import { botSummaryCsv, botSummaryLines } from './bot-summary-files';
import { analyticsReportSchedules } from './db/schema';
import { openScope } from './report-scope';
import { botSummaryReport } from './reports';

type Schedule = typeof analyticsReportSchedules.$inferSelect;

export interface ReportDeps {
  mail: Mailer;
  users: UserAdmin;
  timeZone: string;
  publicUrl: string;
}

/** Active members of the app who may receive its reports. */
export async function reportMembers(db: DbExecutor, users: UserAdmin, appId: string, now: Date): Promise<ReportScheduleView['members']> {
  const rows = await db.select({ userId: appMembers.userId }).from(appMembers).where(eq(appMembers.appId, appId));
  const members: ReportScheduleView['members'] = [];
  for (const row of rows) {
    const user = await users.get(db, row.userId, now);
    if (user.isActive) members.push({ email: user.email, name: user.name });
  }
  return members.sort((a, b) => a.email.localeCompare(b.email));
}

/** Builds the bot summary of the period and mails it to the schedule's recipients who are still members. */
export async function sendReport(db: DbExecutor, deps: ReportDeps, schedule: Schedule, now: Date): Promise<{ sent: string[] }> {
  const app = await findAppRecord(db, schedule.appId);
  if (!app) return { sent: [] };
  const members = new Set((await reportMembers(db, deps.users, schedule.appId, now)).map((m) => m.email));
  const recipients = schedule.recipients.filter((email) => members.has(email));
  const period = reportPeriod(schedule.frequency, now, deps.timeZone);
  const scope = await openScope(db, { appId: app.appId, isSuperbot: false }, period, now, deps.timeZone);
  const report = await botSummaryReport(db, scope);
  const lines = botSummaryLines(report, app.appName);
  const page = `${deps.publicUrl}/analytics/botSummary/${encodeURIComponent(app.appId)}`;
  const body = [
    lines.title,
    '',
    ...lines.figures.map(([label, value]) => `${label}: ${value}`),
    '',
    'Busiest hours:',
    ...(lines.busiest.length ? lines.busiest : ['No messages in this range.']).map((l) => `  ${l}`),
    '',
    'Versions and their effect:',
    ...(lines.versions.length ? lines.versions : ['No version answered in this range.']).map((l) => `  ${l}`),
    '',
    // Mail is plain text (no attachments): the CSV goes in the body; the PDF is a download in the console.
    schedule.format === 'csv'
      ? `The bot summary as CSV:\n\n${botSummaryCsv(report, app.appName)}`
      : `Download the PDF (sign-in required): ${page} ("Download PDF"), for ${period.from} to ${period.to}.`,
    '',
    `Sent by Civic Console. Change who receives this report in App settings, Reports.`,
  ].join('\n');
  for (const to of recipients) await deps.mail.send({ to, subject: `Bot summary of ${app.appName}: ${period.from} to ${period.to}`, text: body });
  await db.update(analyticsReportSchedules).set({ lastSentAt: now }).where(eq(analyticsReportSchedules.appId, schedule.appId));
  return { sent: recipients };
}

export async function scheduleOf(db: DbExecutor, appId: string): Promise<Schedule | undefined> {
  const [row] = await db.select().from(analyticsReportSchedules).where(eq(analyticsReportSchedules.appId, appId));
  return row;
}

export async function requireSchedule(db: DbExecutor, appId: string): Promise<Schedule> {
  const row = await scheduleOf(db, appId);
  if (!row) throw new HttpError(409, AnalyticsMessages.noSchedule);
  return row;
}

/** The daily run (08:00 local): weekly reports on Mondays, monthly on the 1st; never twice in a day. */
export async function sendDueReports(db: DbExecutor, deps: ReportDeps, now: Date): Promise<number> {
  const today = localDay(now, deps.timeZone);
  let sent = 0;
  for (const frequency of dueFrequencies(now, deps.timeZone)) {
    const rows = await db.select().from(analyticsReportSchedules).where(and(eq(analyticsReportSchedules.enabled, true), eq(analyticsReportSchedules.frequency, frequency)));
    for (const row of rows) {
      if (row.lastSentAt && localDay(row.lastSentAt, deps.timeZone) === today) continue;
      sent += (await sendReport(db, deps, row, now)).sent.length;
    }
  }
  return sent;
}
