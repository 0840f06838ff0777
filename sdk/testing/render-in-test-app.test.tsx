import { Button } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useParams } from '@civic/sdk/web/router';
import { ApiClient, AppContextService, ToastService, useService, type ToastIntent } from '@civic/sdk/web';
import { renderInTestApp, screen, testApp, userEvent, userWithRole, waitFor } from '@civic/sdk/testing';

/** A page as a plugin would write it: reads the route, the current app and two services. */
const SamplePage = observer(function SamplePage() {
  const { appId } = useParams();
  const apps = useService<AppContextService>(AppContextService);
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  return (
    <>
      <p>route app {appId}</p>
      <p>current app {apps.currentApp?.appName}</p>
      <Button text="Ping" onClick={() => void api.post('/api/v1/ping', { n: 1 }).then(() => toasts.notify('Pong'))} />
    </>
  );
});

describe('renderInTestApp', () => {
  it('renders a page in a signed-in console at a route, with the fake API recording calls', async () => {
    const { api } = await renderInTestApp(<SamplePage />, {
      user: userWithRole('1', ['a1', 'a2']),
      app: [testApp('a2', 'Plus', { appName: 'Second' }), testApp('a1', 'Enterprise', { appName: 'First' })],
      route: '/sample/a2',
      path: '/sample/:appId',
      api: { 'POST /api/v1/ping': {} },
    });
    expect(screen.getByText('route app a2')).toBeTruthy();
    expect(screen.getByText('current app First')).toBeTruthy(); // sorted by tier: Enterprise first
    await userEvent.click(screen.getByRole('button', { name: 'Ping' }));
    expect(await screen.findByText('Pong')).toBeTruthy();
    expect(api.callsTo('POST', '/api/v1/ping')[0].body).toEqual({ n: 1 });
  });

  it('lets a test replace a service', async () => {
    const shown: string[] = [];
    const toasts: ToastService = {
      toasts: [],
      notify: (m: string) => shown.push(m),
      result: () => undefined,
      error: () => undefined,
      show: (_m: string, _i: ToastIntent) => undefined,
      dismiss: () => undefined,
    };
    await renderInTestApp(<SamplePage />, { services: [[ToastService, toasts]], api: { 'POST /api/v1/ping': {} } });
    await userEvent.click(screen.getByRole('button', { name: 'Ping' }));
    await waitFor(() => expect(shown).toEqual(['Pong']));
  });

  it('fails loudly on a call the test did not expect', async () => {
    const { services } = await renderInTestApp(<p>nothing</p>);
    await expect(services.get<ApiClient>(ApiClient).get('/api/v1/unexpected')).rejects.toThrow(
      'FakeApiClient: no handler for GET /api/v1/unexpected',
    );
  });
});
