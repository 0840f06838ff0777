import { renderInTestApp, screen, testApp, userEvent, userWithRole, waitFor } from '@civic/sdk/testing';
import { WEBCHAT_DEFAULTS } from '../common/webchat-settings';
import { FittingRoomPage } from './fitting-room-page';
import { webchatModule } from './webchat-module';

jest.setTimeout(20_000);

describe('FittingRoomPage', () => {
  it('talks to the draft with the saved settings, and to production when chosen', async () => {
    const { api } = await renderInTestApp(<FittingRoomPage />, {
      user: userWithRole('0', ['a1']),
      app: testApp('a1', 'Plus'),
      modules: [webchatModule],
      route: '/fitting-room/a1',
      path: '/fitting-room/:appId',
      api: {
        'GET /api/v1/apps/:appId/webchat-settings': { webchatSettings: { ...WEBCHAT_DEFAULTS, appName: 'Saved title' }, version: 1, updatedAt: null, isForPlayground: false },
        'POST /api/v1/chat/:appId/sessions': ({ body }: { body: { environment: string } }) => ({ sessionId: 's', messages: [{ type: 'text', text: [`Hello from ${body.environment}`] }] }),
      },
    });
    expect(await screen.findByText('Hello from draft')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Saved title' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Environment'), 'production');
    expect(await screen.findByText('Hello from production')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/chat/a1/sessions').map((c) => (c.body as { environment: string }).environment)).toEqual(['draft', 'production']));
  });
});
