import { Messages } from '@civic/sdk/common/messages';
import { renderConsoleInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import kbPlugin from '../plugin';
import type { IntentListResponse, IntentRow } from '../common/api';
import { KbMessages } from '../common/messages';
import { knowledgeBaseModule } from './knowledge-base-module';

const row = (id: string, displayName: string, extra: Partial<IntentRow> = {}): IntentRow => ({
  id,
  kind: 'intent',
  displayName,
  parentId: null,
  level: 1,
  defaultKind: null,
  phraseCount: 3,
  childCount: 0,
  categoryIds: [],
  labelIds: [],
  answerOwner: null,
  sourceUrl: null,
  reviewBy: null,
  updatedAt: '2026-11-20T00:00:00.000Z',
  matched: true,
  ...extra,
});

const tree = [
  row('w1', 'Default Welcome Intent', { defaultKind: 'welcome' }),
  row('i1', 'Renew passport', { childCount: 1, categoryIds: ['c1'] }),
  row('i2', 'Renew passport - fees', { parentId: 'i1', level: 2 }),
  row('q1', 'Opening hours?', { kind: 'qna', answerOwner: 'Customer Experience', reviewBy: '2027-01-31' }),
];

function render(role: '0' | '1', api: Record<string, unknown> = {}) {
  return renderConsoleInTestApp({
    route: '/intents/a1',
    user: userWithRole(role, ['a1']),
    app: testApp('a1', 'Plus'),
    plugins: [kbPlugin],
    modules: [knowledgeBaseModule],
    api: {
      'GET /api/v1/apps/:appId/intents': ({ query }: FakeRequest): IntentListResponse => {
        const search = String(query?.search ?? '').toLowerCase();
        const rows = tree.filter((r) => (!query?.kind || r.kind === query.kind) && r.displayName.toLowerCase().includes(search));
        return { rows, total: rows.length, offset: 0, counts: { intent: 2, qna: 1 } };
      },
      ...api,
    },
  });
}

describe('IntentsPage', () => {
  jest.setTimeout(30_000);
  beforeEach(() => {
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1400);
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1400, width: 1400, height: 600, toJSON: () => ({}) });
  });
  afterEach(() => localStorage.clear());

  it('shows the tree with counts, follow-ups indented, Q&A owner; categories missing on the server degrade to no filter', async () => {
    await render('1', { 'GET /api/v1/apps/:appId/categories': { categories: [{ id: 'c1', name: 'Travel' }] } });
    expect(await screen.findByText('2 intents · 1 Q&A')).toBeTruthy();
    const child = await screen.findByRole('link', { name: 'Renew passport - fees' });
    expect(child.closest('.civic-kb-name')?.getAttribute('style')).toContain('padding-left: 26px');
    expect(screen.getByText('Customer Experience · 2027-01-31')).toBeTruthy();
    expect(screen.getByText('Travel', { selector: '.bp6-table-cell' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Label' })).toBeNull();
    expect(screen.getByText('Knowledge Base')).toBeTruthy();
  });

  it('searches on the server, debounced', async () => {
    const { api } = await render('0');
    await screen.findByText('2 intents · 1 Q&A');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search intents' }), 'fees');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Opening hours?' })).toBeNull(), { timeout: 3000 });
    const searches = api.callsTo('GET', '/api/v1/apps/a1/intents').map((c) => c.query?.search);
    expect(searches[searches.length - 1]).toBe('fees');
    expect(searches).not.toContain('f');
  });

  it('viewers only view: no add, delete or selection', async () => {
    await render('0');
    expect(await screen.findByRole('link', { name: 'View Renew passport' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add intent' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Renew passport' })).toBeNull();
  });

  it('editors delete after a confirmation that warns about a level 1 intent and its follow-ups', async () => {
    const deleted: string[] = [];
    const { api } = await render('1', {
      'DELETE /api/v1/apps/:appId/intents/:intentId': ({ path }: FakeRequest) => {
        deleted.push(path);
        return { deletedIds: ['i1', 'i2'] };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Renew passport' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(Messages.confirmDelete)).toBeTruthy();
    expect(within(dialog).getByText(KbMessages.deleteLevel1Warning, { exact: false })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['/api/v1/apps/a1/intents/i1']));
    expect(api.callsTo('GET', '/api/v1/apps/a1/intents').length).toBeGreaterThan(1);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Renew passport - fees' }));
    expect(await screen.findByText(KbMessages.deleteChildrenWarning, { exact: false })).toBeTruthy();
  });

  it('the default welcome and fallback intents have Edit and no Delete', async () => {
    await render('1');
    expect(await screen.findByRole('link', { name: 'Edit Default Welcome Intent' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Delete Renew passport' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Default Welcome Intent' })).toBeNull();
  });

  it('bulk-assigns categories to the selected rows', async () => {
    const bodies: unknown[] = [];
    await render('1', {
      'GET /api/v1/apps/:appId/categories': { categories: [{ id: 'c1', name: 'Travel' }] },
      'POST /api/v1/apps/:appId/intents/classification': ({ body }: FakeRequest) => {
        bodies.push(body);
        return {};
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Renew passport' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Opening hours?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Categories and labels' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Travel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bodies).toEqual([{ intentIds: ['i1', 'q1'], addCategoryIds: ['c1'], removeCategoryIds: [], addLabelIds: [], removeLabelIds: [] }]));
  });
});
