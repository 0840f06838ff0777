import { Messages } from '@civic/sdk/common/messages';
import { ApiError } from '@civic/sdk/web/services';
import { renderInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import { WebChatMessages as M } from '../common/messages';
import { WEBCHAT_DEFAULTS } from '../common/webchat-settings';
import { webchatModule } from './webchat-module';
import { READ_ONLY_REASON, WebChatTab } from './web-chat-tab';

// Typing into a 35-field form on a shared 2-core machine takes seconds.
jest.setTimeout(30_000);

const SETTINGS = 'GET /api/v1/apps/:appId/webchat-settings';
const PUT = 'PUT /api/v1/apps/:appId/webchat-settings';
const START = 'POST /api/v1/chat/:appId/sessions';

async function renderTab(role: '0' | '1', put?: (request: FakeRequest) => unknown) {
  const rendered = await renderInTestApp(<WebChatTab appId="a1" />, {
    user: userWithRole(role, ['a1']),
    app: testApp('a1', 'Plus'),
    modules: [webchatModule],
    route: '/app-settings/web-chat/a1',
    path: '/app-settings/:tabId/:appId',
    api: {
      [SETTINGS]: { webchatSettings: { ...WEBCHAT_DEFAULTS, appName: 'Passport help' }, version: 3, updatedAt: null, isForPlayground: false, allowedDomains: ['ica.gov.sg'] },
      [START]: { sessionId: 's1', messages: [{ type: 'text', text: ['Welcome from the draft'] }] },
      'GET /api/v1/apps/:appId/webchat-refused-origins': {
        origins: [{ origin: 'https://copycat.example', attempts: 3, firstSeenAt: '2026-11-20T10:00:00.000Z', lastSeenAt: '2026-11-26T10:00:00.000Z' }],
      },
      ...(put ? { [PUT]: put } : {}),
    },
  });
  await screen.findByLabelText('Title');
  return rendered;
}

const preview = () => within(screen.getByTestId('webchat-preview'));
const previewRoot = () => within(screen.getByTestId('webchat-preview')).getByTestId('chat-widget');

describe('WebChatTab', () => {
  it('lists the sites refused the widget recently, beside the allowed domains', async () => {
    await renderTab('0');
    const list = await screen.findByRole('list', { name: 'Sites refused recently' });
    expect(list.textContent).toContain('https://copycat.example');
    expect(list.textContent).toContain('3 times');
  });

  it('shows every setting with its value and the live preview on the draft environment', async () => {
    const { api } = await renderTab('1');
    expect((screen.getByLabelText('App colour') as HTMLInputElement).value).toBe('#67BFE2');
    expect((screen.getByLabelText('Position from the right (px)') as HTMLInputElement).value).toBe('60');
    expect((screen.getByLabelText('Position from the bottom (px)') as HTMLInputElement).value).toBe('40');
    expect((screen.getByLabelText('Base font size (px)') as HTMLInputElement).value).toBe('16');
    expect(await preview().findByText('Welcome from the draft')).toBeTruthy();
    expect(api.callsTo('POST', '/api/v1/chat/a1/sessions')[0].body).toMatchObject({ environment: 'draft' });
    expect(preview().getByRole('heading', { name: 'Passport help' })).toBeTruthy();
  });

  it('updates the preview as the form changes, before saving', async () => {
    await renderTab('1');
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Ask ICA');
    expect(preview().getByRole('heading', { name: 'Ask ICA' })).toBeTruthy();
    const colour = screen.getByLabelText('App colour');
    await userEvent.clear(colour);
    await userEvent.type(colour, '#0B5394');
    expect(previewRoot().style.getPropertyValue('--cw-color')).toBe('#0B5394');
    await userEvent.clear(screen.getByLabelText('Position from the right (px)'));
    await userEvent.type(screen.getByLabelText('Position from the right (px)'), '120');
    expect(previewRoot().style.getPropertyValue('--cw-right')).toBe('120px');
    // A half-typed colour keeps the saved one in the preview.
    await userEvent.clear(colour);
    await userEvent.type(colour, '#0B5');
    expect(previewRoot().style.getPropertyValue('--cw-color')).toBe('#67BFE2');
  });

  it('refuses a colour pair below 4.5:1 with a message naming the pair, without calling the server', async () => {
    const put = jest.fn((_r: FakeRequest) => ({}));
    await renderTab('1', put);
    const bg = screen.getByLabelText('Background colour 2');
    await userEvent.clear(bg);
    await userEvent.type(bg, '#DDDDDD');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const fg1 = screen.getByLabelText('Foreground colour 1');
    expect(fg1.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(fg1);
    expect(screen.getAllByText(/Foreground colour 1 on background colour 2 \(bot replies\): contrast .* below 4\.5:1/).length).toBeGreaterThan(0);
    expect(put).not.toHaveBeenCalled();
  });

  it('saves every field with the version read, then says "Saved"', async () => {
    const put = jest.fn((request: FakeRequest) => ({
      webchatSettings: { ...WEBCHAT_DEFAULTS, ...(request.body as object) },
      version: 4,
      updatedAt: '2026-11-23T10:00:00Z',
      isForPlayground: false,
    }));
    await renderTab('1', put);
    await userEvent.click(screen.getByLabelText('Ask for a CSAT rating at the end'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0][0].body).toMatchObject({ version: 3, enableCsat: false, positionRight: 60, appColor: '#67BFE2' });
    expect(put.mock.calls[0][0].body).not.toHaveProperty('allowedOrigins');
    expect(await screen.findByText(Messages.saved)).toBeTruthy();
  });

  it('says so when someone else saved first (409) and offers a reload', async () => {
    await renderTab('1', () => {
      throw new ApiError(409, M.conflict);
    });
    await userEvent.type(screen.getByLabelText('Subtitle'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(M.conflict)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it("shows the app's allowed domains as the sites that may embed the chat, and where they are changed", async () => {
    await renderTab('1');
    const list = screen.getByRole('list', { name: 'Allowed domains' });
    expect(within(list).getByText('ica.gov.sg')).toBeTruthy();
    expect(screen.getByText(/A platform admin changes it in Chat Apps/)).toBeTruthy();
    expect(screen.queryByLabelText('Allowed embed origins')).toBeNull();
  });

  it('is read-only for a viewer, saying why', async () => {
    await renderTab('0');
    expect((screen.getByLabelText('Title') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(new RegExp(READ_ONLY_REASON))).toBeTruthy();
  });
});
