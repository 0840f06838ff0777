import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import { OTHER_APP_ID, OUTSIDER_EMAIL } from '@civic/sdk/testing/server';
import { intents, trainingPhrases } from './support/tables';
import { call } from './support/api-call';
import { waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

// Issue 15: a superbot's draft chat must not reveal a linked app's unpublished draft to someone who is
// not a member of that app. Here the outsider's own app (a superbot) links demo-enterprise.
const LINKED = 'demo-enterprise';
const CONSOLE = 'https://console.example.gov.sg';
const SECRET = 'The unreleased rebate scheme starts in March.';
const PUBLIC = 'Renew your passport online.';
let t: TestServer;
let platform: string;
let outsider: string;

async function addIntent(name: string, phrases: string[], reply: string): Promise<void> {
  const db = t.server.db.db;
  const [row] = await db
    .insert(intents)
    .values({ appId: LINKED, kind: 'qna', displayName: name, responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [reply] }] }] })
    .returning({ id: intents.id });
  await db.insert(trainingPhrases).values(phrases.map((text, position) => ({ intentId: row.id, appId: LINKED, position, referenceId: `${name}-${position}`, type: 'example' as const, parts: [{ text }], text })));
}

const chat = (path: string, token: string, json: unknown) => call(t.http, 'POST', path, { token, json, headers: { origin: CONSOLE } });

async function askDraft(token: string, text: string): Promise<{ status: number; replies: string }> {
  const started = await chat(`/api/v1/chat/${OTHER_APP_ID}/sessions`, token, { environment: 'draft' });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const answered = await chat(`/api/v1/chat/${OTHER_APP_ID}/sessions/${started.body.data.sessionId}/messages`, token, { text });
  return { status: answered.status, replies: JSON.stringify(answered.body) };
}

before(async () => {
  t = await startTestServer();
  [platform, outsider] = await Promise.all(['admin@demo.gov.sg', OUTSIDER_EMAIL].map((email) => signIn(t.http, email)));
  await t.server.db.db.delete(intents).where(and(eq(intents.appId, LINKED), isNull(intents.defaultKind)));
  await addIntent('Passport renewal', ['how do i renew my passport', 'renew passport', 'passport renewal online', 'my passport expired'], PUBLIC);
  const published = await call(t.http, 'POST', `/api/v1/apps/${LINKED}/publishing/publish`, { token: platform, json: { note: 'public content' } });
  assert.equal(published.status, 202, JSON.stringify(published.body));
  assert.equal((await waitForJob(t.http, platform, LINKED, published.body.data.job.id as string)).status, 'succeeded');
  // After the publish: only the draft holds this.
  await addIntent('Rebate scheme', ['unreleased rebate scheme', 'when does the rebate scheme start', 'rebate scheme start date', 'new rebate scheme'], SECRET);
  const linked = await call(t.http, 'PUT', `/api/v1/admin/dialog-engine/apps/${OTHER_APP_ID}/draft`, { token: platform, json: { engine: 'REDIRECTION_ENGINE', linkedAppIds: [LINKED] } });
  assert.equal(linked.status, 200, JSON.stringify(linked.body));
});
after(async () => {
  await t?.close();
});

test("a non-member's superbot draft chat answers from the linked app's production content, never its draft", async () => {
  const secret = await askDraft(outsider, 'when does the rebate scheme start');
  assert.equal(secret.status, 200, secret.replies);
  assert.ok(!secret.replies.includes(SECRET), secret.replies);
  assert.ok(!secret.replies.includes('Rebate scheme'), 'no draft intent name leaks through the top matches');
  const published = await askDraft(outsider, 'how do i renew my passport');
  assert.ok(published.replies.includes(PUBLIC), published.replies);
});

test("a member of the linked app (here a platform admin) gets the linked app's draft in the superbot's draft chat", async () => {
  const secret = await askDraft(platform, 'when does the rebate scheme start');
  assert.equal(secret.status, 200, secret.replies);
  assert.ok(secret.replies.includes(SECRET), secret.replies);
});
