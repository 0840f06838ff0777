import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { apps, intents, tierLimits } from './support/tables';
import { call } from './support/api-call';
import { waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

// Issue 15: a Plus app took 20,000 Q&A from one CSV. The tier's intent limit (Q&A count as intents,
// as in a single create) holds for bulk import, agent zip import and the Q&A generator too.
const APP = 'demo-plus';
const base = `/api/v1/apps/${APP}`;
let t: TestServer;
let editor: string;
let limit: number;
let tier: string;

const b64 = (data: string | Uint8Array) => Buffer.from(data).toString('base64');

async function intentCount(): Promise<number> {
  const [row] = await t.server.db.db.select({ n: count() }).from(intents).where(eq(intents.appId, APP));
  return Number(row.n);
}

before(async () => {
  t = await startTestServer();
  editor = await signIn(t.http, 'editor@demo.gov.sg');
  // Room for exactly two more intents in the app's tier.
  const [app] = await t.server.db.db.select({ tier: apps.subscriptionTier }).from(apps).where(eq(apps.appId, APP));
  tier = app.tier;
  limit = (await intentCount()) + 2;
  await t.server.db.db.update(tierLimits).set({ maxIntents: limit }).where(eq(tierLimits.tier, tier));
});
after(async () => {
  await t?.close();
});

const tierMessage = () => new RegExp(`allows at most ${limit} intents.*This would add 3 new intents or Q&A`);

test('bulk import: the preview says the file passes the tier limit, and the job refuses it with nothing imported', async () => {
  const csv = ['question,answer', 'Tier question 1,A', 'Tier question 2,B', 'Tier question 3,C'].join('\n');
  const preview = await call(t.http, 'POST', `${base}/bulk-import/preview`, { token: editor, json: { fileName: 'qna.csv', content: b64(csv) } });
  assert.equal(preview.status, 200, JSON.stringify(preview.body));
  assert.equal(preview.body.data.create, 3);
  assert.match(String(preview.body.data.tierLimit), tierMessage());

  const before = await intentCount();
  const started = await call(t.http, 'POST', `${base}/bulk-import`, { token: editor, json: { fileName: 'qna.csv', content: b64(csv) } });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const job = await waitForJob(t.http, editor, APP, started.body.data.job.id);
  assert.equal(job.status, 'failed');
  assert.match(JSON.stringify(job), tierMessage());
  assert.equal(await intentCount(), before);

  // Within the limit it imports, and the preview has no objection.
  const fits = ['question,answer', 'Tier question 1,A', 'Tier question 2,B'].join('\n');
  const fitsPreview = await call(t.http, 'POST', `${base}/bulk-import/preview`, { token: editor, json: { fileName: 'qna.csv', content: b64(fits) } });
  assert.equal(fitsPreview.body.data.tierLimit, null);
  const imported = await call(t.http, 'POST', `${base}/bulk-import`, { token: editor, json: { fileName: 'qna.csv', content: b64(fits) } });
  assert.equal((await waitForJob(t.http, editor, APP, imported.body.data.job.id)).status, 'succeeded');
  assert.equal(await intentCount(), limit);
  // Back to two free places for the next tests.
  await t.server.db.db.update(tierLimits).set({ maxIntents: limit + 2 }).where(eq(tierLimits.tier, tier));
  limit += 2;
});

test('the Q&A generator refuses pairs that would pass the tier limit', async () => {
  const before = await intentCount();
  const pairs = [1, 2, 3].map((i) => ({ question: `Generated question ${i}`, answer: `Answer ${i}` }));
  const response = await call(t.http, 'POST', `${base}/qna-generator/apply`, { token: editor, json: { source: 'faq.pdf', pairs } });
  assert.equal(response.status, 422, JSON.stringify(response.body));
  assert.match(response.body.message, tierMessage());
  assert.equal(await intentCount(), before);
});

test('an agent zip whose new intents would pass the tier limit is refused; one that only updates is not', async () => {
  const intent = (name: string): Zippable => ({
    [`intents/${name}.json`]: strToU8(JSON.stringify({ id: name, name, responses: [{ messages: [{ type: 0, lang: 'en', speech: `About ${name}` }] }] })),
  });
  const agent = (names: string[]) => zipSync(Object.assign({ 'agent.json': strToU8(JSON.stringify({ displayName: 'x', language: 'en' })) }, ...names.map(intent)));
  const before = await intentCount();
  const refused = await call(t.http, 'POST', `${base}/import`, { token: editor, json: { fileName: 'agent.zip', content: b64(agent(['Zip one', 'Zip two', 'Zip three'])) } });
  assert.equal(refused.status, 422, JSON.stringify(refused.body));
  assert.match(refused.body.message, tierMessage());
  assert.equal(await intentCount(), before);

  // Updating intents the app already has adds none: allowed even with no room left.
  const fits = await call(t.http, 'POST', `${base}/import`, { token: editor, json: { fileName: 'agent.zip', content: b64(agent(['Zip one', 'Zip two'])) } });
  assert.equal(fits.status, 202, JSON.stringify(fits.body));
  assert.equal((await waitForJob(t.http, editor, APP, fits.body.data.job.id)).status, 'succeeded');
  assert.equal(await intentCount(), limit);
  const again = await call(t.http, 'POST', `${base}/import`, { token: editor, json: { fileName: 'agent.zip', content: b64(agent(['Zip one', 'Zip two'])) } });
  assert.equal(again.status, 202, JSON.stringify(again.body));
  assert.equal((await waitForJob(t.http, editor, APP, again.body.data.job.id)).status, 'succeeded');
});
