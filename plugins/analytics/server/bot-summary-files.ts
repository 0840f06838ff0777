import { loadPdfKit } from '@civic/sdk/server/pdf';
import type { BotSummaryReport } from '../common/api';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pct = (v: number | null) => (v === null ? '-' : `${(v * 100).toFixed(1)}%`);
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The bot summary as lines of text: the e-mail body and the PDF say the same. */
export function botSummaryLines(report: BotSummaryReport, appName: string): { title: string; figures: Array<[string, string]>; busiest: string[]; versions: string[] } {
  const r = report.range;
  return {
    title: `Bot summary of ${appName}, ${r.from} to ${r.to} (${r.timeZone})`,
    figures: [
      ['Sessions', report.sessions.toLocaleString('en')],
      ['Messages', report.messages.toLocaleString('en')],
      ['Containment', pct(report.containment)],
      ['Fallback rate', pct(report.fallbackRate)],
      ['CSAT (1-5)', report.csatAverage === null ? '-' : `${report.csatAverage.toFixed(2)} from ${report.csatCount} ratings`],
    ],
    busiest: report.busiestHours.map((b) => `${WEEKDAYS[b.weekday]} ${hour(b.hour)}: ${b.messages} messages`),
    versions: report.versions.map(
      (v) => `${v.version}: ${v.turns} messages, fallback rate ${pct(v.fallbackRate)}${v.fallbackChange === null ? '' : ` (${v.fallbackChange > 0 ? '+' : ''}${(v.fallbackChange * 100).toFixed(1)} points)`}, thumbs down ${pct(v.thumbsDownRate)}`,
    ),
  };
}

const field = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV of the bot summary: one section per table, a blank line between. */
export function botSummaryCsv(report: BotSummaryReport, appName: string): string {
  const rows: Array<Array<string | number>> = [
    ['App', appName],
    ['From', report.range.from],
    ['To', report.range.to],
    ['Time zone', report.range.timeZone],
    [],
    ['Figure', 'Value'],
    ['Sessions', report.sessions],
    ['Messages', report.messages],
    ['Containment', report.containment ?? ''],
    ['Fallback rate', report.fallbackRate ?? ''],
    ['CSAT average', report.csatAverage ?? ''],
    ['CSAT ratings', report.csatCount],
    [],
    ['Weekday', 'Hour', 'Messages'],
    ...report.busiestHours.map((b) => [WEEKDAYS[b.weekday], hour(b.hour), b.messages]),
    [],
    ['Version', 'First seen', 'Last seen', 'Messages', 'Fallback rate', 'Fallback change', 'Thumbs-down rate'],
    ...report.versions.map((v) => [v.version, v.firstSeen, v.lastSeen, v.turns, v.fallbackRate, v.fallbackChange ?? '', v.thumbsDownRate]),
  ];
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** PDF of the bot summary (A4, one page for a normal range). */
export async function botSummaryPdf(report: BotSummaryReport, appName: string, now: Date): Promise<Buffer> {
  const text = botSummaryLines(report, appName);
  const PDFKit = await loadPdfKit();
  const doc = new PDFKit({ size: 'A4', margin: 56, lang: 'en-SG', displayTitle: true, info: { Title: text.title, Author: 'Civic Console', CreationDate: now } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const safe = (s: string) => s.replace(/[^\u0000-\u00ff]/g, '?');
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1c2127').text(safe(text.title));
  doc.moveDown();
  for (const [label, value] of text.figures) doc.font('Helvetica-Bold').fontSize(11).text(`${label}: `, { continued: true }).font('Helvetica').text(safe(value));
  doc.moveDown().font('Helvetica-Bold').fontSize(13).text('Busiest hours');
  doc.font('Helvetica').fontSize(11);
  for (const line of text.busiest.length ? text.busiest : ['No messages in this range.']) doc.text(safe(line));
  doc.moveDown().font('Helvetica-Bold').fontSize(13).text('Versions and their effect');
  doc.font('Helvetica').fontSize(11);
  for (const line of text.versions.length ? text.versions : ['No version answered in this range.']) doc.text(safe(line));
  doc.end();
  return done;
}
