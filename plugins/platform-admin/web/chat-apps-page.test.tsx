import { Messages } from '@civic/sdk/common/messages';
import { act, renderConsoleInTestApp, screen, testApp, testUser, userEvent, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import { definePlugin, type PluginManifest } from '@civic/sdk/common';
import { platformAdmin } from '@civic/sdk/common/access';
import { CredentialApi, CredentialField } from '@civic/sdk/common/credentials';
import { IsString } from '@civic/sdk/common/validators';
import { defineCredentialPlugin } from '@civic/sdk/credentials';
import platformAdminPlugin from '../plugin';
import { AdminApi, type AdminAppDetail, type ChatAppRow } from '../common/api';
import { platformAdminModule } from './platform-admin-module';

jest.setTimeout(30_000);

const row = (appId: string, extra: Partial<ChatAppRow> = {}): ChatAppRow => ({
  appId,
  appName: `${appId} bot`,
  agency: { name: 'Demo Agency' },
  nlpEngine: { service: 'CIVIC_DIALOG_ENGINE' },
  projectId: '',
  isPlaygroundEnabled: false,
  subscriptionTier: 'Plus',
  civicChuMode: null,
  isDecommissioned: false,
  hosting: 'GCC',
  systemClassification: 'OFFICIAL',
  isPrivate: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  goLiveAt: null,
  decommissionAt: null,
  memberCount: 2,
  ...extra,
});

const detail: AdminAppDetail = {
  appId: 'alpha',
  appName: 'Alpha',
  description: '',
  projectId: '',
  agencyName: 'Demo Agency',
  nlpEngine: { service: 'CIVIC_DIALOG_ENGINE', qnaHandler: null, dialogHandler: null },
  systemClassification: 'OFFICIAL',
  hosting: 'GCC',
  isPrivate: false,
  isGenerative: false,
  isPlaygroundEnabled: false,
  skipBackupResponse: false,
  liveChatService: 'LIVECHAT',
  authenticationService: null,
  goLiveAt: '2027-01-15T00:00:00.000Z',
  decommissionAt: null,
  civicChuMode: null,
  allowedDomains: ['gov.sg'],
  subscriptionTier: 'Plus',
  restrictions: { analytics: false, categories: false, labels: false, trainingHub: false },
};

function render(user = testUser({ isPlatformAdmin: true }), extraPlugins: PluginManifest[] = [], extraApi: Record<string, () => unknown> = {}, route = '/chatApp') {
  return renderConsoleInTestApp({
    route,
    user,
    app: [testApp('alpha', 'Plus')],
    plugins: [platformAdminPlugin, ...extraPlugins],
    modules: [platformAdminModule],
    api: {
      [`POST ${AdminApi.chatAppMgmt}`]: () => ({ apps: [row('alpha'), row('beta', { isDecommissioned: true })], total: 2, page_num: 0, page_size: 150 }),
      [`GET ${AdminApi.agencies}`]: () => ({ agencies: [{ id: 'g1', name: 'Demo Agency', apps: [], users: [] }] }),
      [`GET ${AdminApi.appRoute}`]: () => detail,
      [`PATCH ${AdminApi.appRoute}`]: ({ body }: FakeRequest) => ({ ...detail, ...(body as object) }),
      ...extraApi,
    },
  });
}

describe('ChatAppsPage', () => {
  afterEach(() => localStorage.clear());
  beforeEach(() => {
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1400);
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1400, width: 1400, height: 600, toJSON: () => ({}) });
  });

  it('asks for 150 rows, then applies the table filter (OR) and the date range on the server', async () => {
    const { api } = await render();
    expect(await screen.findByText('2 apps')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Chat Apps' })).toBeTruthy();
    expect(api.callsTo('POST', AdminApi.chatAppMgmt)[0].body).toMatchObject({ page_num: 0, page_size: 150, include_decommissioned: false });

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const filter = await screen.findByRole('region', { name: 'Table filter' });
    await userEvent.type(within(filter).getByLabelText('Value of condition 1'), 'alp');
    await userEvent.click(within(filter).getByRole('button', { name: 'Add condition' }));
    await userEvent.selectOptions(within(filter).getByLabelText('Field of condition 2'), 'Go-live');
    await userEvent.selectOptions(within(filter).getByLabelText('Operator of condition 2'), 'is empty');
    await userEvent.click(within(filter).getByRole('radio', { name: 'Any condition (OR)' }));
    await userEvent.click(within(filter).getByRole('button', { name: 'Apply filter' }));
    await waitFor(() =>
      expect(api.callsTo('POST', AdminApi.chatAppMgmt).at(-1)?.body).toMatchObject({
        filters: { link: 'OR', items: [{ field: 'appName', operator: 'contains', value: 'alp' }, { field: 'goLiveAt', operator: 'isEmpty' }] },
      }),
    );

    const range = screen.getByRole('region', { name: 'Date range filter' });
    await userEvent.type(within(range).getByLabelText('From'), '2026-11-01');
    await userEvent.type(within(range).getByLabelText('To'), '2026-11-30');
    await userEvent.click(within(range).getByRole('button', { name: 'Apply dates' }));
    await waitFor(() => expect(api.callsTo('POST', AdminApi.chatAppMgmt).at(-1)?.body).toMatchObject({ dateRange: { field: 'createdAt', startDate: '2026-11-01', endDate: '2026-11-30' } }));

    await userEvent.selectOptions(within(range).getByLabelText('Date preset'), 'Last 7 days');
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await waitFor(() => expect(api.callsTo('POST', AdminApi.chatAppMgmt).at(-1)?.body).toMatchObject({ dateRange: { field: 'createdAt', startDate: weekAgo, endDate: today } }));

    await userEvent.click(screen.getByLabelText('Include decommissioned'));
    await waitFor(() => expect(api.callsTo('POST', AdminApi.chatAppMgmt).at(-1)?.body).toMatchObject({ include_decommissioned: true }));
  });

  it('keeps the filter, date range, sort and "include decommissioned" in the URL: a link applies them, a change writes them, Back restores', async () => {
    const filter = JSON.stringify({ items: [{ field: 'appName', operator: 'contains', value: 'alp' }], link: 'OR' });
    const range = JSON.stringify({ field: 'createdAt', startDate: '2026-11-01', endDate: '2026-11-30' });
    const query = new URLSearchParams({ filter, range, sort: 'appName', order: 'desc', decommissioned: 'include' });
    const { api, router } = await render(undefined, [], {}, `/chatApp?${query}`);
    await waitFor(() =>
      expect(api.callsTo('POST', AdminApi.chatAppMgmt).at(-1)?.body).toMatchObject({
        include_decommissioned: true,
        filters: { link: 'OR', items: [{ field: 'appName', operator: 'contains', value: 'alp' }] },
        dateRange: { field: 'createdAt', startDate: '2026-11-01', endDate: '2026-11-30' },
        sortBy: 'appName',
        sortOrder: 'desc',
      }),
    );
    expect((screen.getByLabelText('Include decommissioned') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('appName');
    expect(screen.getByRole('button', { name: /Filters \(1, OR\)/ })).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort order' }), 'Ascending');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('order')).toBeNull());
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('appName');
    await waitFor(() => expect(api.callsTo('POST', AdminApi.chatAppMgmt).at(-1)?.body).toMatchObject({ sortOrder: 'asc' }));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(api.callsTo('POST', AdminApi.chatAppMgmt).at(-1)?.body).toMatchObject({ sortOrder: 'desc' }));
    expect((screen.getByRole('combobox', { name: 'Sort order' }) as HTMLSelectElement).value).toBe('desc');
  });

  it('edits an app: emptied fields go as unsets (§5); decommission after confirmation', async () => {
    const { api } = await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit alpha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alpha' });
    await userEvent.clear(await within(dialog).findByLabelText('Live chat service'));
    await userEvent.clear(within(dialog).getByLabelText('Go-live date'));
    await userEvent.type(within(dialog).getByLabelText('Project id'), 'p-9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', AdminApi.app('alpha'))[0]?.body).toEqual({ projectId: 'p-9', unsets: ['liveChatService', 'goLiveAt'] }));

    await userEvent.click(await screen.findByRole('button', { name: 'Edit alpha' }));
    const again = await screen.findByRole('dialog', { name: 'Edit alpha' });
    await userEvent.click(await within(again).findByRole('button', { name: 'Decommission' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Decommission' }));
    await waitFor(() => expect(Object.keys((api.callsTo('PATCH', AdminApi.app('alpha'))[1]?.body ?? {}) as object)).toEqual(['decommissionAt']));
  });

  it('offers the configured live chat credentials in Live chat service (a kind with appField liveChatService)', async () => {
    class LiveChatDto {
      @CredentialField({ label: 'Endpoint' })
      @IsString({ message: 'Enter the endpoint' })
      endpoint = '';
    }
    const credentials = definePlugin({ id: 'credentials', title: 'Integration credentials', canAccess: platformAdmin, routes: [] });
    const liveChat = defineCredentialPlugin({ id: 'credential-chat-probe', title: 'Live chat', icon: 'headset', fields: () => Promise.resolve(LiveChatDto), secrets: [], appField: 'liveChatService' });
    await render(testUser({ isPlatformAdmin: true }), [credentials, liveChat], {
      [`GET ${CredentialApi.list('credential-chat-probe')}`]: () => ({ items: [{ name: 'Central live chat' }, { name: 'Health live chat' }] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit alpha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alpha' });
    const field = await within(dialog).findByLabelText('Live chat service');
    expect(await within(dialog).findByText(/Configured: Central live chat, Health live chat/)).toBeTruthy();
    const options = [...(document.getElementById(field.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map((o) => o.value);
    expect(options).toEqual(['Central live chat', 'Health live chat']);
  });

  it('an external engine without both handlers, or with an http one, is refused in the form with the §5 texts', async () => {
    const { api } = await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit alpha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alpha' });
    await userEvent.selectOptions(await within(dialog).findByLabelText('Engine'), 'CIVIC_X');
    await userEvent.type(within(dialog).getByLabelText('Q&A handler'), 'http://insecure.example/q');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(Messages.externalEngineHandlers)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Dialog handler'), 'https://engine.example/d');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(Messages.invalidHttpsUrl)).toBeTruthy();
    expect(api.callsTo('PATCH', AdminApi.app('alpha'))).toHaveLength(0);
  });

  it('is refused to app admins, and the platform items are not in their sidebar', async () => {
    const { api } = await render(testUser({ permissions: { alpha: '2' } }));
    expect(await screen.findByRole('heading', { name: Messages.forbidden })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Chat Apps' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Agencies' })).toBeNull();
    expect(api.callsTo('POST', AdminApi.chatAppMgmt)).toHaveLength(0);
  });
});
