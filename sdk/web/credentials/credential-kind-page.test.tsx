import { IsNotEmpty, IsString, IsUrl } from 'class-validator';
import { definePlugin } from '@civic/core/common/plugins/plugin-manifest';
import { platformAdmin } from '@civic/core/common/access';
import { renderConsoleInTestApp, screen, testUser, userEvent, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import { CredentialApi, CredentialField, HTTPS_URL, type CredentialView } from '../../common/credentials';
import { defineCredentialPlugin } from '../../credentials';

jest.setTimeout(30_000);

class ProbeDto {
  @CredentialField({ label: 'Endpoint', help: 'The API base.' })
  @IsUrl(HTTPS_URL, { message: 'Enter an https:// address' })
  endpoint = '';

  @CredentialField({ label: 'API key', help: 'Write-only.' })
  @IsString({ message: 'Enter the API key' })
  @IsNotEmpty({ message: 'Enter the API key' })
  apiKey = '';
}

const credentialsPlugin = definePlugin({ id: 'credentials', title: 'Integration credentials', canAccess: platformAdmin, routes: [] });
const probePlugin = defineCredentialPlugin({ id: 'credential-probe', title: 'Probe desk', icon: 'key', fields: () => Promise.resolve(ProbeDto), secrets: ['apiKey'] });

const stored: CredentialView = {
  id: 'c1', kind: 'credential-probe', name: 'Main desk', scope: 'platform', agencyId: null, appId: null,
  values: { endpoint: 'https://desk.example.gov.sg' },
  secrets: { apiKey: { isConfigured: true, lastFour: 'WXYZ', setBy: 'admin@demo.gov.sg', setAt: '2026-11-01T00:00:00.000Z' } },
  lastTestedAt: null, lastTestStatus: null, lastTestReason: null, lastTestLatencyMs: null, updatedAt: '2026-11-01T00:00:00.000Z', updatedBy: 'admin@demo.gov.sg',
};

function render(items: CredentialView[] = [stored]) {
  return renderConsoleInTestApp({
    route: '/credential-probe',
    user: testUser({ isPlatformAdmin: true }),
    app: [],
    plugins: [credentialsPlugin, probePlugin],
    modules: [],
    api: {
      [`GET ${CredentialApi.list('credential-probe')}`]: () => ({ items }),
      [`POST ${CredentialApi.list('credential-probe')}`]: ({ body }: FakeRequest) => ({ ...stored, id: 'c2', name: (body as { name: string }).name }),
      [`GET ${CredentialApi.scopes}`]: () => ({ agencies: [{ id: 'g1', name: 'Health Agency' }] }),
      [`POST ${CredentialApi.test('credential-probe', ':id')}`]: () => ({ status: 'ok', latencyMs: 42, reason: 'The desk accepted the key', testedAt: '2026-11-02T00:00:00.000Z' }),
    },
  });
}

describe('credentialKindPage', () => {
  afterEach(() => localStorage.clear());

  it('lists the credentials with their secrets as set and last four only, under the Integration Credential group', async () => {
    await render();
    const table = await screen.findByRole('table', { name: 'Probe desk credentials' });
    expect(within(table).getByText('Main desk')).toBeTruthy();
    expect(within(table).getByText('API key: set (…WXYZ) by admin@demo.gov.sg')).toBeTruthy();
    expect(within(table).getByText('Platform-wide')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Probe desk' })).toBeTruthy();
    expect(screen.getByText('Integration Credential')).toBeTruthy();
  });

  it('generates the form from the DTO: its labels, its messages, and the body it posts', async () => {
    const { api } = await render([]);
    await userEvent.click((await screen.findAllByRole('button', { name: 'New credential' }))[0]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Second');
    await userEvent.type(within(dialog).getByLabelText('Endpoint'), 'http://plain');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add credential' }));
    expect(await within(dialog).findByText('Enter an https:// address')).toBeTruthy();
    expect(within(dialog).getByText('Enter the API key')).toBeTruthy();
    expect(api.callsTo('POST', CredentialApi.list('credential-probe'))).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Endpoint'));
    await userEvent.type(within(dialog).getByLabelText('Endpoint'), 'https://desk.example.gov.sg');
    expect((within(dialog).getByLabelText('API key') as HTMLInputElement).type).toBe('password');
    await userEvent.type(within(dialog).getByLabelText('API key'), 'secret-key-1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add credential' }));
    await waitFor(() => expect(api.callsTo('POST', CredentialApi.list('credential-probe'))).toHaveLength(1));
    expect(api.callsTo('POST', CredentialApi.list('credential-probe'))[0].body).toEqual({ name: 'Second', scope: 'platform', endpoint: 'https://desk.example.gov.sg', apiKey: 'secret-key-1234' });
  });

  it('scopes a credential to an agency chosen by name', async () => {
    const { api } = await render([]);
    await userEvent.click((await screen.findAllByRole('button', { name: 'New credential' }))[0]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Health desk');
    await userEvent.selectOptions(within(dialog).getByLabelText('Applies to'), 'One agency');
    await userEvent.selectOptions(await within(dialog).findByLabelText('Agency'), 'Health Agency');
    await userEvent.type(within(dialog).getByLabelText('Endpoint'), 'https://desk.example.gov.sg');
    await userEvent.type(within(dialog).getByLabelText('API key'), 'secret-key-1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add credential' }));
    await waitFor(() => expect(api.callsTo('POST', CredentialApi.list('credential-probe'))).toHaveLength(1));
    expect(api.callsTo('POST', CredentialApi.list('credential-probe'))[0].body).toMatchObject({ name: 'Health desk', scope: 'agency', agencyId: 'g1' });
  });

  it('tests the connection and shows status, latency and reason', async () => {
    await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection of Main desk' }));
    expect(await screen.findByText('The desk accepted the key')).toBeTruthy();
    expect(screen.getByText('Connected · 42 ms')).toBeTruthy();
  });
});
