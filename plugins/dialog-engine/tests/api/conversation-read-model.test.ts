import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from '@civic/sdk/server';
import { call, OTHER_APP_ID, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { conversationSessions, conversationTurns } from '../../contract/server/conversation-read-model';
import { arrangeConversation, clearConversations, giveFeedback } from '../../contract/server/testing/conversation-fixtures';
import { linkedApps } from '../../server/linked-apps';

/**
 * The read model the dialog engine publishes to plugins that aggregate its conversations in SQL
 * (analytics): its columns are the contract, whatever the tables behind it become.
 */
let t: TestServer;

before(async () => {
  t = await startTestServer({ pluginIds: ['app-settings', 'entities', 'classification', 'knowledge-base', 'publishing', 'webchat', 'dialog-engine'] });
});

after(async () => {
  await t?.close();
});

const columnsOf = async (view: string) => {
  const result = (await t.server.db.db.execute(
    sql`select attname from pg_attribute where attrelid = to_regclass(${view}) and attnum > 0 and not attisdropped order by attnum`,
  )) as unknown as { rows: Array<{ attname: string }> };
  return result.rows.map((row) => row.attname);
};

test('the views show exactly the columns the contract names', async () => {
  assert.deepEqual(await columnsOf('conversation_turns'), [
    'id', 'app_id', 'session_id', 'environment', 'channel', 'data', 'intent_name', 'confidence_score', 'fallback', 'thumbs_up', 'thumbs_down', 'content_version', 'created_at',
  ]);
  assert.deepEqual(await columnsOf('conversation_sessions'), ['id', 'app_id', 'environment', 'channel', 'user_id', 'csat_rating', 'csat_comment', 'created_at']);
});

test('a conversation arranged in the tables reads back through the views, feedback and clearing included', async () => {
  const db = t.server.db.db;
  await clearConversations(db, OWN_APP_ID);
  const at = new Date('2026-03-02T10:00:00Z');
  const member = '6f1c1e2a-0000-4000-8000-000000000002';
  const { sessionId, turnIds } = await arrangeConversation(db, OWN_APP_ID, {
    at, environment: 'draft', channel: 'telegram', userId: member, csatRating: 4, csatComment: 'Quick',
    turns: [
      { data: 'When do you open?', intentName: 'Opening hours', confidence: 0.9, fallback: false, thumbsUp: true },
      { data: 'Something else', intentName: 'Ignored: a fallback has no intent', confidence: 0.1, fallback: true, contentVersion: 'demo-plus:3' },
    ],
  });
  const sessions = await db.select().from(conversationSessions).where(eq(conversationSessions.appId, OWN_APP_ID));
  assert.deepEqual(sessions, [{ id: sessionId, appId: OWN_APP_ID, environment: 'draft', channel: 'telegram', userId: member, csatRating: 4, csatComment: 'Quick', createdAt: at }]);
  const turns = await db.select().from(conversationTurns).where(eq(conversationTurns.sessionId, sessionId)).orderBy(conversationTurns.createdAt);
  assert.deepEqual(
    turns.map((turn) => [turn.id, turn.data, turn.intentName, turn.confidenceScore, turn.fallback, turn.thumbsUp, turn.thumbsDown, turn.contentVersion, turn.createdAt.getTime() - at.getTime()]),
    [
      [turnIds[0], 'When do you open?', 'Opening hours', 0.9, false, true, false, '1', 0],
      [turnIds[1], 'Something else', null, 0.1, true, false, false, 'demo-plus:3', 60_000],
    ],
  );

  await giveFeedback(db, [turnIds[0]], { thumbsUp: false, thumbsDown: true }, new Date());
  const [rated] = await db.select().from(conversationTurns).where(eq(conversationTurns.id, turnIds[0]));
  assert.deepEqual([rated.thumbsUp, rated.thumbsDown], [false, true]);

  await clearConversations(db, OWN_APP_ID);
  assert.equal((await db.select().from(conversationTurns).where(eq(conversationTurns.appId, OWN_APP_ID))).length, 0);
  assert.equal((await db.select().from(conversationSessions).where(eq(conversationSessions.appId, OWN_APP_ID))).length, 0);
});

test("LinkedApps: a superbot's linked apps over both environments, distinct and sorted; none for another app", async () => {
  const admin = await t.signInAs('platformAdmin');
  const put = (environment: string, linkedAppIds: string[]) =>
    call(t.http, 'PUT', `/api/v1/admin/dialog-engine/apps/${OTHER_APP_ID}/${environment}`, { token: admin, json: { engine: 'REDIRECTION_ENGINE', linkedAppIds } });
  assert.equal((await put('production', ['demo-plus', 'demo-enterprise'])).status, 200);
  assert.equal((await put('draft', ['demo-plus', 'demo-starter'])).status, 200);
  assert.deepEqual(await linkedApps.of(t.server.db.db, OTHER_APP_ID), ['demo-enterprise', 'demo-plus', 'demo-starter']);
  assert.deepEqual(await linkedApps.of(t.server.db.db, OWN_APP_ID), []);
});
