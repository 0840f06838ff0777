import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { Messages } from '@civic/core/common/messages';
import { auditLog, users } from './support/tables';
import { call } from './support/api-call';
import { linkTokenOf, outboxMail } from './support/identity';
import { postLogin, signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const INITIAL = 'Initial-Password-2026';
let t: TestServer;
let admin: string;

before(async () => {
  t = await startTestServer();
  admin = await signIn(t.http, 'admin@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, json?: unknown, searchParams?: Record<string, string | number>) =>
  call(t.http, method, `/api/v1/admin/users${path}`, { token: admin, json, searchParams });

async function lastAudit(): Promise<{ action: string; target: string | null; actorEmail: string }> {
  const [row] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

test('list: search, paging and the row fields', async () => {
  const page = await api('GET', '', undefined, { pageSize: 2, page_num: 0 });
  assert.equal(page.status, 200);
  assert.equal(page.body.data.items.length, 2);
  assert.ok(page.body.data.total >= 6);
  const next = await api('GET', '', undefined, { pageSize: 2, page_num: 1 });
  assert.notEqual(next.body.data.items[0].id, page.body.data.items[0].id);
  const found = await api('GET', '', undefined, { search: 'EDITOR@' });
  assert.deepEqual(found.body.data.items.map((u: { email: string }) => u.email), ['editor@demo.gov.sg']);
  const editor = found.body.data.items[0];
  assert.deepEqual(Object.keys(editor).sort(), ['agency', 'email', 'hasTotp', 'id', 'isActive', 'isLocked', 'isPlatformAdmin', 'lastLoginAt', 'name', 'roles'].sort());
  assert.equal(editor.roles['demo-enterprise'], '1');
  assert.equal((await api('GET', '', undefined, { search: '%' })).body.data.items.length, 0, 'LIKE wildcards are literal');
});

test('invite with an initial password: inactive, activation mail, must change the password after activation', async () => {
  const email = 'invited@agency.gov.sg';
  const created = await api('POST', '', { email, name: 'Invited Officer', password: INITIAL });
  assert.equal(created.status, 201);
  assert.equal(created.body.data.isActive, false);
  assert.equal((await lastAudit()).action, 'users.invite');
  const duplicate = await api('POST', '', { email: 'Invited@Agency.gov.sg', name: 'Again' });
  assert.equal(duplicate.status, 409);
  assert.equal(duplicate.body.message, Messages.emailExists);
  assert.equal((await api('POST', '', { email: 'x@agency.gov.sg.evil.com', name: 'Evil' })).status, 422);

  const invitation = await outboxMail(t, email, /invited you to Civic Console/);
  assert.match(invitation.body, /^Demo Platform Admin invited you to Civic Console\./);
  assert.match(invitation.body, /good for 7 days/);
  const { token } = linkTokenOf(invitation.body);
  assert.equal((await call(t.http, 'POST', '/api/v1/auth/activate', { json: { token } })).status, 200);
  const login = await postLogin(t.http, email, INITIAL);
  assert.equal(login.status, 200);
  assert.equal(login.body.data.user.hasResetPassword, false);
});

test('invite without a password: the set-password link activates the account', async () => {
  const email = 'invited.nopass@agency.gov.sg';
  assert.equal((await api('POST', '', { email, name: 'No Password' })).status, 201);
  const { url, token } = linkTokenOf((await outboxMail(t, email, /invited you/)).body);
  assert.equal(url.pathname, '/reset-password');
  const set = await call(t.http, 'POST', '/api/v1/auth/reset-password', { json: { token, password: INITIAL, confirmPassword: INITIAL } });
  assert.equal(set.status, 200);
  const login = await postLogin(t.http, email, INITIAL);
  assert.equal(login.status, 200);
  assert.equal(login.body.data.user.hasResetPassword, true);
});

test('edit name and platform admin; lock ends sessions and refuses sign-in like a failed-login lock', async () => {
  const [viewer] = await t.server.db.db.select().from(users).where(eq(users.email, 'viewer@demo.gov.sg'));
  const session = await signIn(t.http, viewer.email);
  const renamed = await api('PATCH', `/${viewer.id}`, { name: 'Renamed Viewer', isPlatformAdmin: true });
  assert.equal(renamed.body.data.name, 'Renamed Viewer');
  assert.equal(renamed.body.data.isPlatformAdmin, true);
  assert.equal((await call(t.http, 'GET', '/api/v1/admin/apps', { token: session })).status, 200, 'takes effect on the next request');
  await api('PATCH', `/${viewer.id}`, { isPlatformAdmin: false });

  const locked = await api('PATCH', `/${viewer.id}`, { locked: true });
  assert.equal(locked.body.data.isLocked, true);
  assert.equal((await lastAudit()).action, 'users.update');
  assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: session })).status, 401);
  const refused = await postLogin(t.http, viewer.email);
  assert.equal(refused.status, 401);
  // The owner (who knows the password) is told an administrator locked it; a guess is told nothing more.
  assert.deepEqual(refused.body.detail, { failedLoginCounter: 0, isLocked: true, lockedByAdmin: true });
  const guessed = await postLogin(t.http, viewer.email, 'Not-The-Password-1');
  assert.deepEqual(guessed.body.detail, { failedLoginCounter: 0, isLocked: true });
  // Forgot-password sends no link, but a mail that says why.
  assert.equal((await call(t.http, 'POST', '/api/v1/auth/forgot-password', { json: { email: viewer.email } })).status, 200);
  const mail = await outboxMail(t, viewer.email, /account is locked/);
  assert.match(mail.body, /an administrator has locked it/);
  assert.doesNotMatch(mail.body, /reset-password\?token=/);
  await api('PATCH', `/${viewer.id}`, { locked: false });
  assert.equal((await postLogin(t.http, viewer.email)).status, 200);
});

test('a platform admin cannot revoke their own admin flag or lock themselves', async () => {
  const [me] = await t.server.db.db.select().from(users).where(eq(users.email, 'admin@demo.gov.sg'));
  for (const body of [{ isPlatformAdmin: false }, { locked: true }]) {
    const response = await api('PATCH', `/${me.id}`, body);
    assert.equal(response.status, 422);
    assert.equal(response.body.message, Messages.cannotChangeOwnAdmin);
  }
  assert.equal((await api('PATCH', `/${me.id}`, { name: 'Still Admin' })).status, 200);
});

test('reset password mails a link and ends the sessions', async () => {
  const [editor] = await t.server.db.db.select().from(users).where(eq(users.email, 'editor@demo.gov.sg'));
  const session = await signIn(t.http, editor.email);
  assert.equal((await api('POST', `/${editor.id}/reset-password`)).status, 200);
  assert.equal((await lastAudit()).action, 'security.password-reset-by-admin', 'an admin reset is a security event');
  assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: session })).status, 401);
  await outboxMail(t, editor.email, /Reset your/);
});

test('roles: set, change and remove per app', async () => {
  const [editor] = await t.server.db.db.select().from(users).where(eq(users.email, 'editor@demo.gov.sg'));
  const set = await api('PUT', `/${editor.id}/roles`, { roles: { 'demo-internal': '2', 'demo-enterprise': null } });
  assert.equal(set.status, 200);
  assert.deepEqual(set.body.data.roles['demo-internal'], '2');
  assert.equal(set.body.data.roles['demo-enterprise'], undefined);
  const [audit] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(audit.action, 'users.set-roles');
  // Roles by name, for the apps named.
  assert.deepEqual(audit.details, { before: { 'demo-internal': 'none', 'demo-enterprise': 'Editor' }, after: { 'demo-internal': 'Admin', 'demo-enterprise': 'none' } });
  assert.equal((await api('PUT', `/${editor.id}/roles`, { roles: { 'demo-internal': '3' } })).status, 422);
  assert.equal((await api('PUT', `/${editor.id}/roles`, { roles: { 'no-such-app': '1' } })).status, 422);
  assert.equal((await api('PATCH', '/not-a-uuid', { name: 'x' })).status, 404);
});
