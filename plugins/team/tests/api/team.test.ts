import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Messages } from '@civic/sdk/common/messages';
import { and, desc, eq } from '@civic/sdk/server';
import { appMembers, auditLog, call, linkTokenOf, outboxMail, postLogin, startTestServer, tierLimits, users, type TestServer } from '@civic/sdk/testing/server';
import { TeamMessages } from '../../common/messages';

const APP = 'demo-starter';
let t: TestServer;
let appAdmin: string;
let platformAdmin: string;
let editor: string;

before(async () => {
  // Team needs no other plugin: the server runs with it alone, as a profile that enables only it would.
  t = await startTestServer({ pluginIds: ['team'] });
  [appAdmin, platformAdmin, editor] = await Promise.all((['appAdmin', 'platformAdmin', 'editor'] as const).map((caller) => t.signInAs(caller)));
});

after(async () => {
  await t?.close();
});

const team = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path = '', json?: unknown, app = APP) =>
  call(t.http, method, `/api/v1/apps/${app}/team${path}`, { token, json });

async function userId(email: string): Promise<string> {
  const [row] = await t.server.db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

test('list: members with name, email, role and activity, admins first; the tier maximum', async () => {
  const list = await team(editor, 'GET');
  assert.equal(list.status, 200);
  assert.equal(list.body.data.maxMembers, 10);
  const emails = list.body.data.members.map((m: { email: string }) => m.email);
  assert.deepEqual(emails, ['appadmin@demo.gov.sg', 'editor@demo.gov.sg', 'viewer@demo.gov.sg']);
  assert.deepEqual(list.body.data.members[0], { userId: await userId('appadmin@demo.gov.sg'), name: 'Demo App Admin', email: 'appadmin@demo.gov.sg', role: '2', isActive: true });
});

test('invite an unknown address: inactive account, set-password mail, role on the app, audited; the link lets them in', async () => {
  const email = 'new.member@agency.gov.sg';
  const invited = await team(appAdmin, 'POST', '', { email: 'New.Member@Agency.gov.sg', role: '1' });
  assert.equal(invited.status, 201, JSON.stringify(invited.body));
  assert.equal(invited.body.data.email, email);
  assert.equal(invited.body.data.isActive, false);
  assert.equal(invited.body.data.name, 'new.member');
  const [audit] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(audit.action, 'team.invite');
  assert.equal(audit.target, email);

  const again = await team(appAdmin, 'POST', '', { email, role: '0' });
  assert.equal(again.status, 409);
  assert.equal(again.body.message, TeamMessages.alreadyMember);

  assert.equal(invited.body.data.outcome, 'invited');
  const mail = await outboxMail(t, email, /invited you to/);
  assert.match(mail.subject, /^Demo App Admin invited you to Demo Starter Bot$/);
  assert.match(mail.body, /invited you to the Demo Starter Bot chat app on Civic Console as an Editor\./);
  assert.doesNotMatch(mail.body, /if you did not ask for it/i);
  const { token } = linkTokenOf(mail.body);
  const password = 'Member-Password-2026';
  assert.equal((await call(t.http, 'POST', '/api/v1/auth/reset-password', { json: { token, password, confirmPassword: password } })).status, 200);
  const login = await postLogin(t.http, email, password);
  assert.equal(login.status, 200);
  assert.equal(login.body.data.user.permissions[APP], '1');
});

test('invite an existing account: no new account, just the role', async () => {
  const outsiderId = await userId('outsider@demo.gov.sg');
  const added = await team(platformAdmin, 'POST', '', { email: 'outsider@demo.gov.sg', role: '0' });
  assert.equal(added.status, 201);
  assert.equal(added.body.data.userId, outsiderId);
  assert.equal(added.body.data.isActive, true);
  assert.equal(added.body.data.outcome, 'added');
  const told = await outboxMail(t, 'outsider@demo.gov.sg', /added you to/);
  assert.match(told.body, /added you to the Demo Starter Bot chat app on Civic Console as a Viewer\./);
  const [row] = await t.server.db.db.select().from(appMembers).where(and(eq(appMembers.appId, APP), eq(appMembers.userId, outsiderId)));
  assert.equal(row.role, '0');
});

test('invite: bad email, role and domain are 422 with a clear message', async () => {
  const bad = await team(appAdmin, 'POST', '', { email: 'not-an-email', role: '1' });
  assert.equal(bad.status, 422);
  assert.equal(bad.body.message, Messages.invalidEmail);
  assert.equal((await team(appAdmin, 'POST', '', { email: 'a@agency.gov.sg', role: '3' })).status, 422);
  const foreign = await team(appAdmin, 'POST', '', { email: 'someone@gmail.com', role: '1' });
  assert.equal(foreign.status, 422);
  assert.equal(foreign.body.message, TeamMessages.domainNotAllowed);
});

test('editors cannot manage; viewers cannot even see the team', async () => {
  assert.equal((await team(editor, 'POST', '', { email: 'x@agency.gov.sg', role: '0' })).status, 403);
  const viewer = await t.signInAs('viewer');
  assert.equal((await team(viewer, 'GET')).status, 403);
});

test('change role and remove; the last admin can be neither demoted nor removed', async () => {
  const adminId = await userId('appadmin@demo.gov.sg');
  const viewerId = await userId('viewer@demo.gov.sg');
  const promoted = await team(appAdmin, 'PATCH', `/${viewerId}`, { role: '2' });
  assert.equal(promoted.status, 200);
  assert.equal(promoted.body.data.role, '2');
  const [audit] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  assert.deepEqual(audit.details, { before: { role: 'Viewer' }, after: { role: 'Admin' } });
  // Two admins now: the first may step down, then the other is the last one.
  assert.equal((await team(platformAdmin, 'PATCH', `/${adminId}`, { role: '1' })).status, 200);
  const demote = await team(platformAdmin, 'PATCH', `/${viewerId}`, { role: '0' });
  assert.equal(demote.status, 422);
  assert.equal(demote.body.message, TeamMessages.lastAdmin);
  const remove = await team(platformAdmin, 'DELETE', `/${viewerId}`);
  assert.equal(remove.status, 422);
  assert.equal(remove.body.message, TeamMessages.lastAdmin);

  const editorId = await userId('editor@demo.gov.sg');
  const removed = await team(platformAdmin, 'DELETE', `/${editorId}`);
  assert.equal(removed.status, 200);
  assert.equal((await team(platformAdmin, 'DELETE', `/${editorId}`)).status, 404, 'no longer a member');
  const list = await team(platformAdmin, 'GET');
  assert.ok(!list.body.data.members.some((m: { email: string }) => m.email === 'editor@demo.gov.sg'));
  // The removed editor loses the app at once.
  assert.equal((await team(editor, 'GET')).status, 404);
});

test('the tier maximum of members is enforced with a 422', async () => {
  const list = await team(platformAdmin, 'GET', '', undefined, 'demo-internal');
  const count = list.body.data.members.length;
  await t.server.db.db.update(tierLimits).set({ maxMembers: count }).where(eq(tierLimits.tier, 'Internal'));
  const refused = await team(platformAdmin, 'POST', '', { email: 'one.more@agency.gov.sg', role: '0' }, 'demo-internal');
  assert.equal(refused.status, 422);
  assert.match(refused.body.message, new RegExp(`Internal subscription of this app allows at most ${count} team members`));
  const [created] = await t.server.db.db.select().from(users).where(eq(users.email, 'one.more@agency.gov.sg'));
  assert.equal(created, undefined, 'nothing created when refused');
  await t.server.db.db.update(tierLimits).set({ maxMembers: count + 1 }).where(eq(tierLimits.tier, 'Internal'));
  assert.equal((await team(platformAdmin, 'POST', '', { email: 'one.more@agency.gov.sg', role: '0' }, 'demo-internal')).status, 201);
});
