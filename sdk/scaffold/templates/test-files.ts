import type { PluginNames } from '../plugin-names';

/** The plugin's tests: the page in jest, the routes on the real server, and its access-matrix rows. */
export function testFiles(n: PluginNames): Record<string, string> {
  return {
    [`web/${n.id}-page.test.tsx`]: `import { renderConsoleInTestApp, screen, testApp, testUser, userEvent, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import ${n.camel}Plugin from '../plugin';
import { ${n.pascal}Api, type ${n.pascal}Item } from '../common/api';
import { ${n.pascal}Messages } from '../common/messages';
import { ${n.camel}Module } from './${n.id}-module';

const first: ${n.pascal}Item = { id: 'i1', name: 'First row', notes: 'Some notes', createdBy: 'ada@agency.gov.sg', createdAt: '2026-01-05T10:00:00.000Z' };

function render(role: '0' | '1' | '2', items: ${n.pascal}Item[] = [first]) {
  return renderConsoleInTestApp({
    route: '/${n.id}/a1',
    user: testUser({ permissions: { a1: role } }),
    app: [testApp('a1', 'Plus', { appName: 'Alpha bot' })],
    plugins: [${n.camel}Plugin],
    modules: [${n.camel}Module],
    api: {
      [\`GET \${${n.pascal}Api.itemsRoute}\`]: () => ({ items }),
      [\`POST \${${n.pascal}Api.itemsRoute}\`]: ({ body }: FakeRequest) => ({ ...first, id: 'i2', ...(body as { name: string; notes: string }) }),
    },
  });
}

// Typing in jsdom on a shared 2-core machine is slow.
jest.setTimeout(20_000);

describe('${n.pascal}Page', () => {
  afterEach(() => localStorage.clear());

  it('lists the rows; the nav has its entry; an editor adds one, checked with the DTO first', async () => {
    const { api } = await render('1');
    const table = await screen.findByRole('table', { name: '${n.title}' });
    expect(within(table).getByText('First row')).toBeTruthy();
    expect(screen.getByRole('link', { name: '${n.title}' })).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add a row' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText(${n.pascal}Messages.nameRequired)).toBeTruthy();
    expect(api.callsTo('POST', ${n.pascal}Api.items('a1'))).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Name'), 'Second row');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('POST', ${n.pascal}Api.items('a1'))[0]?.body).toEqual({ name: 'Second row', notes: '' }));
    expect(await within(table).findByText('Second row')).toBeTruthy();
  });

  it('viewers read without the form; an empty list says so', async () => {
    await render('0', []);
    expect(await screen.findByText('No rows yet')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a row' })).toBeNull();
  });
});
`,
    [`tests/api/${n.id}.test.ts`]: `import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { desc } from '@civic/sdk/server';
import { auditLog, call, OTHER_APP_ID, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { ${n.pascal}Api } from '../../common/api';
import { ${n.pascal}Messages } from '../../common/messages';

let t: TestServer;
let editor: string;
let viewer: string;

before(async () => {
  // The server with this plugin alone (and what it requires), on a fresh seeded database.
  t = await startTestServer({ pluginIds: ['${n.id}'] });
  [editor, viewer] = await Promise.all([t.signInAs('editor'), t.signInAs('viewer')]);
});

after(async () => {
  await t?.close();
});

const items = (token: string, method: 'GET' | 'POST', json?: unknown, appId = OWN_APP_ID) => call(t.http, method, ${n.pascal}Api.items(appId), { token, json });

test('an editor adds a row, audited; everyone on the app lists it, newest first', async () => {
  assert.deepEqual((await items(viewer, 'GET')).body.data, { items: [] });
  const added = await items(editor, 'POST', { name: '  First row ', notes: 'Some notes' });
  assert.equal(added.status, 201, JSON.stringify(added.body));
  assert.equal(added.body.data.name, 'First row');
  assert.equal(added.body.data.createdBy, 'editor@demo.gov.sg');
  await items(editor, 'POST', { name: 'Second row' });

  const list = await items(viewer, 'GET');
  assert.equal(list.status, 200);
  assert.deepEqual(list.body.data.items.map((item: { name: string }) => item.name), ['Second row', 'First row']);

  const [audit] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(audit.action, '${n.id}.create');
  assert.equal(audit.appId, OWN_APP_ID);
});

test('an invalid row is 422 with the DTO message on its field', async () => {
  const blank = await items(editor, 'POST', { name: '   ' });
  assert.equal(blank.status, 422);
  assert.deepEqual(blank.body.fields.name, [${n.pascal}Messages.nameRequired]);
  const long = await items(editor, 'POST', { name: 'x'.repeat(101) });
  assert.equal(long.status, 422);
  assert.deepEqual(long.body.fields.name, [${n.pascal}Messages.nameTooLong]);
});

test('viewers cannot add; an app the caller holds no role on is 404', async () => {
  assert.equal((await items(viewer, 'POST', { name: 'Nope' })).status, 403);
  assert.equal((await items(editor, 'GET', undefined, OTHER_APP_ID)).status, 404);
});
`,
    'tests/matrix.ts': `import { editApp, readApp, type MatrixRow } from '@civic/sdk/testing/server';

/** This plugin's rows of the access matrix (tests/api/access-matrix.test.ts collects them). */
export const rows: MatrixRow[] = [
  { method: 'GET', url: '/api/v1/apps/:appId/${n.id}', ...readApp(200) },
  { method: 'POST', url: '/api/v1/apps/:appId/${n.id}', ...editApp(422), json: {} },
];
`,
  };
}
