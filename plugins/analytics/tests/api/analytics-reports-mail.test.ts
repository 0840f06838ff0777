import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { desc } from '@civic/sdk/server';
import { auditLog, call, OWN_APP_ID, outboxMail, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { ReportsApi, type ReportScheduleView } from '../../common/api';
import { AnalyticsMessages } from '../../common/messages';

let t: TestServer;
let appAdmin: string;
let editor: string;
let viewer: string;

before(async () => {
  t = await startTestServer({ pluginIds: ['knowledge-base', 'classification', 'entities', 'publishing', 'webchat', 'app-settings', 'dialog-engine', 'analytics'] });
  [appAdmin, editor, viewer] = await Promise.all([t.signInAs('appAdmin'), t.signInAs('editor'), t.signInAs('viewer')]);
});

after(async () => {
  await t?.close();
});

test('an app admin schedules the bot summary to members, sends it now, and it arrives by mail', async () => {
  const first = await call(t.http, 'GET', ReportsApi.schedule(OWN_APP_ID), { token: appAdmin });
  assert.equal(first.status, 200);
  const view = first.body.data as ReportScheduleView;
  assert.equal(view.schedule, null);
  assert.ok(view.members.some((m) => m.email === 'editor@demo.gov.sg'));

  assert.equal((await call(t.http, 'POST', ReportsApi.sendNow(OWN_APP_ID), { token: appAdmin })).status, 409);
  const outsider = await call(t.http, 'PUT', ReportsApi.schedule(OWN_APP_ID), { token: appAdmin, json: { frequency: 'weekly', format: 'csv', recipients: ['someone@demo.gov.sg'] } });
  assert.equal(outsider.status, 422);
  assert.deepEqual(outsider.body.fields.recipients, [AnalyticsMessages.recipientNotMember]);
  const bad = await call(t.http, 'PUT', ReportsApi.schedule(OWN_APP_ID), { token: appAdmin, json: { frequency: 'daily', format: 'csv', recipients: [] } });
  assert.equal(bad.status, 422);
  assert.deepEqual(bad.body.fields.frequency, [AnalyticsMessages.frequencyInvalid]);

  const saved = await call(t.http, 'PUT', ReportsApi.schedule(OWN_APP_ID), { token: appAdmin, json: { frequency: 'weekly', format: 'csv', recipients: ['editor@demo.gov.sg', 'viewer@demo.gov.sg'] } });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.data.enabled, true);

  const sent = await call(t.http, 'POST', ReportsApi.sendNow(OWN_APP_ID), { token: appAdmin });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  assert.deepEqual(sent.body.data.sent, ['editor@demo.gov.sg', 'viewer@demo.gov.sg']);
  const mail = await outboxMail(t, 'editor@demo.gov.sg', /^Bot summary of Demo Enterprise Bot/);
  // The demo's seeded conversations of the last week are in it.
  assert.match(mail.body, /^Sessions: [1-9]\d*$/m);
  assert.match(mail.body, /Figure,Value/);
  const [audit] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(audit.action, 'analytics.report.send');
});

test('editors and viewers may not change the schedule; anyone on the app downloads the bot summary', async () => {
  assert.equal((await call(t.http, 'PUT', ReportsApi.schedule(OWN_APP_ID), { token: editor, json: { frequency: 'weekly', format: 'pdf', recipients: ['editor@demo.gov.sg'] } })).status, 403);
  assert.equal((await call(t.http, 'GET', ReportsApi.schedule(OWN_APP_ID), { token: viewer })).status, 403);
  const pdf = await t.http.get(`${ReportsApi.botSummaryExport(OWN_APP_ID)}?format=pdf`.slice(1), { headers: { authorization: `Bearer ${viewer}` }, responseType: 'buffer' });
  assert.equal(pdf.statusCode, 200);
  assert.equal(pdf.headers['content-type'], 'application/pdf');
  assert.equal(pdf.body.subarray(0, 5).toString(), '%PDF-');
  const csv = await call(t.http, 'GET', ReportsApi.botSummaryExport(OWN_APP_ID), { token: viewer, searchParams: { format: 'csv', preset: '7' } });
  assert.equal(csv.status, 200);
  assert.match(String(csv.body), /^App,Demo Enterprise Bot/);
});
