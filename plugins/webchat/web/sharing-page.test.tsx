import { renderInTestApp, screen, testApp, userWithRole, waitFor } from '@civic/sdk/testing';
import { WebChatMessages as M } from '../common/messages';
import { toPublicSettings, WEBCHAT_DEFAULTS } from '../common/webchat-settings';
import { SharingPage } from './sharing-page';

type FetchCall = { url: string; body?: unknown; authorization?: string };

/** jsdom has no fetch: a fake answering the public widget settings and the chat API. */
function installFetch(settingsStatus = 200) {
  const calls: FetchCall[] = [];
  const answer = (status: number, data: unknown) => ({ ok: status < 400, status, json: async () => ({ data }) });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined, authorization: headers.authorization });
    if (url.endsWith('/widget-settings')) {
      return answer(settingsStatus, { appId: 'a1', webchatSettings: { ...toPublicSettings({ ...WEBCHAT_DEFAULTS }), appName: 'Ask ICA' } });
    }
    if (url.endsWith('/sessions')) return answer(200, { sessionId: 's9', messages: [{ type: 'text', text: ['Welcome, citizen'] }] });
    return answer(404, {});
  }) as unknown as typeof fetch;
  return calls;
}

async function renderSharing() {
  return renderInTestApp(<SharingPage />, { user: userWithRole('1', ['a1']), app: testApp('a1', 'Plus'), route: '/sharing/a1', path: '/sharing/:appId' });
}

describe('SharingPage', () => {
  it('shows the widget full screen on the production environment, without a token, with no minimise button', async () => {
    const calls = installFetch();
    await renderSharing();
    expect(await screen.findByText('Welcome, citizen')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Ask ICA' })).toBeTruthy();
    expect(screen.getByTestId('chat-widget').className).toContain('cw-fullscreen');
    expect(screen.queryByRole('button', { name: M.closeChat })).toBeNull();
    const start = calls.find((c) => c.url === '/api/v1/chat/a1/sessions');
    expect(start?.body).toEqual({ environment: 'production', channel: 'PLATFORM_UNSPECIFIED' });
    expect(start?.authorization).toBeUndefined();
  });

  it('says the chat is not available for an unknown app', async () => {
    installFetch(404);
    await renderSharing();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'This chat is not available' })).toBeTruthy());
  });
});
