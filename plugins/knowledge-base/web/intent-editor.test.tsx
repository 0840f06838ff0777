import { Messages } from '@civic/sdk/common/messages';
import { ApiError } from '@civic/sdk/web/services';
import { fireEvent, renderConsoleInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import kbPlugin from '../plugin';
import type { IntentDetail } from '../common/api';
import { KbMessages } from '../common/messages';
import { knowledgeBaseModule } from './knowledge-base-module';

const saved = (body: Record<string, unknown>, extra: Partial<IntentDetail> = {}): IntentDetail =>
  ({
    id: 'new-id',
    appId: 'a1',
    kind: 'intent',
    parentId: null,
    defaultKind: null,
    webhook_state: 'WEBHOOK_STATE_UNSPECIFIED',
    action: '',
    events: [],
    inputContexts: [],
    outputContexts: [],
    trainingPhrases: [],
    parameters: [],
    responses: [],
    categoryIds: [],
    labelIds: [],
    answerOwner: null,
    sourceUrl: null,
    reviewBy: null,
    version: 1,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    updatedBy: null,
    parent: null,
    children: [],
    ...body,
    ...extra,
  }) as IntentDetail;

const existing = saved({ id: 'i1', displayName: 'Renew passport', trainingPhrases: [{ reference_id: 'p1', type: 'example', parts: [{ text: 'renew my passport' }] }], responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['Renew online.'] }] }] });

function render(route: string, role: '0' | '1', api: Record<string, unknown> = {}) {
  return renderConsoleInTestApp({
    route,
    user: userWithRole(role, ['a1']),
    app: testApp('a1', 'Plus'),
    plugins: [kbPlugin],
    modules: [knowledgeBaseModule],
    api: {
      'GET /api/v1/apps/:appId/intents': { rows: [], total: 0, offset: 0, counts: { intent: 0, qna: 0 } },
      'GET /api/v1/apps/:appId/entities': { entities: [{ id: 'e1', name: 'branch', kind: 'KIND_MAP' }] },
      'GET /api/v1/apps/:appId/intents/:intentId': { intent: existing },
      ...api,
    },
  });
}

describe('IntentEditor', () => {
  jest.setTimeout(30_000);
  afterEach(() => localStorage.clear());

  it('creates an intent: phrase, entity tag with its parameter, a text response; Ctrl+S saves and opens the edit URL', async () => {
    const posted: Array<Record<string, unknown>> = [];
    const { pathname } = await render('/intent/a1/create', '1', {
      'POST /api/v1/apps/:appId/intents': ({ body }: FakeRequest) => {
        posted.push(body as Record<string, unknown>);
        return { intent: saved(body as Record<string, unknown>) };
      },
    });
    await userEvent.type(await screen.findByLabelText('Intent name'), 'Collect passport');
    expect(screen.getByText(/^Create an intent\./)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Add a training phrase'), 'collect at Woodlands{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Tag an entity in collect at Woodlands' }));
    await userEvent.type(screen.getByLabelText('Words to tag'), 'woodlands');
    await userEvent.selectOptions(screen.getByLabelText('Entity'), '@branch');
    await userEvent.click(screen.getByRole('button', { name: 'Tag' }));
    const mark = await screen.findByText('Woodlands', { selector: 'mark' });
    expect(mark.getAttribute('style')).toMatch(/background: (hsl|rgb)\(/);

    await userEvent.click(screen.getByRole('tab', { name: 'Parameters (1)' }));
    // The tab's code comes when it is first opened.
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('branch');

    await userEvent.click(screen.getByRole('tab', { name: 'Responses' }));
    expect(screen.getAllByText(KbMessages.channelWithoutResponses, { exact: false }).length).toBeGreaterThan(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Add message' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Text' }));
    await userEvent.type(await screen.findByLabelText('Line 1'), 'Collect it at the branch.');

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(posted).toHaveLength(1));
    const body = posted[0];
    expect(body.displayName).toBe('Collect passport');
    expect(body.trainingPhrases).toEqual([expect.objectContaining({ type: 'example', parts: [{ text: 'collect at ' }, { text: 'Woodlands', entity_type: '@branch', param_name: 'branch', manual_tagged: true }] })]);
    expect(body.parameters).toEqual([expect.objectContaining({ display_name: 'branch', entity_type_display_name: '@branch', value: '$branch' })]);
    expect(body.responses).toEqual([{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['Collect it at the branch.'] }] }]);
    await waitFor(() => expect(pathname()).toBe('/intent/a1/edit/new-id'));
  });

  it('a stale save shows the conflict with Reload and keeps the edits until then', async () => {
    await render('/intent/a1/edit/i1', '1', {
      'PUT /api/v1/apps/:appId/intents/:intentId': () => {
        throw new ApiError(409, KbMessages.intentConflict);
      },
    });
    const name = await screen.findByLabelText('Intent name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renew passport online');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(KbMessages.intentConflict);
    expect((screen.getByLabelText('Intent name') as HTMLInputElement).value).toBe('Renew passport online');
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByLabelText('Intent name') as HTMLInputElement).value).toBe('Renew passport'));
  });

  it('asks before leaving with unsaved changes', async () => {
    const { pathname } = await render('/intent/a1/edit/i1', '1');
    await userEvent.type(await screen.findByLabelText('Intent name'), ' again');
    await userEvent.click(screen.getByRole('tab', { name: 'Config' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Add a follow-up intent' }));
    expect(await screen.findByText(Messages.unsavedChanges)).toBeTruthy();
    expect(pathname()).toBe('/intent/a1/edit/i1');
    await userEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(pathname()).toBe('/intent/a1/create'));
  });

  it('adds and deletes channel tabs; a new channel has default response on and no messages', async () => {
    await render('/intent/a1/edit/i1', '1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Responses' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add channel' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'LINE' }));
    expect(await screen.findByRole('tab', { name: /^LINE/ })).toBeTruthy();
    expect(screen.getAllByText(KbMessages.channelWithoutResponses, { exact: false }).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete LINE channel' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('tab', { name: /^LINE/ })).toBeNull());
  });

  it('viewers see the intent read-only, without Save', async () => {
    await render('/intent/a1/edit/i1', '0');
    const name = await screen.findByLabelText('Intent name');
    expect((name as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByLabelText('Add a training phrase')).toBeNull();
  });

  it('a viewer who opens "new intent" is told why, not given an empty form', async () => {
    await render('/intent/a1/create', '0');
    expect(await screen.findByText("You can view this app's intents but not create them")).toBeTruthy();
    expect(screen.queryByLabelText('Intent name')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe('/intents/a1');
  });
});
