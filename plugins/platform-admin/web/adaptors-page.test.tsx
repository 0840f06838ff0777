import { ApiError } from '@civic/sdk/web';
import { renderConsoleInTestApp, screen, testApp, testUser, userEvent, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import platformAdminPlugin from '../plugin';
import { AdminApi, type AdaptorItem } from '../common/api';
import { platformAdminModule } from './platform-admin-module';

jest.setTimeout(30_000);

function render(create: (request: FakeRequest) => unknown) {
  const adaptors: AdaptorItem[] = [];
  return renderConsoleInTestApp({
    route: '/adaptor',
    user: testUser({ isPlatformAdmin: true }),
    app: [testApp('alpha', 'Plus')],
    plugins: [platformAdminPlugin],
    modules: [platformAdminModule],
    api: {
      [`GET ${AdminApi.adaptors}`]: () => ({ adaptors }),
      [`POST ${AdminApi.adaptors}`]: create,
    },
  });
}

async function fillNewAdaptor(name: string) {
  await userEvent.click((await screen.findAllByRole('button', { name: 'New adaptor' }))[0]);
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Name'), name);
  await userEvent.type(within(dialog).getByLabelText('Webhook URL'), 'https://hooks.example.gov.sg/chat');
  await userEvent.type(within(dialog).getByLabelText('Linked apps'), 'alpha, beta');
  return dialog;
}

describe('AdaptorDialog', () => {
  test('creates an adaptor with its channel, trimmed fields and linked apps, says so and closes', async () => {
    const create = jest.fn((request: FakeRequest) => ({ adaptor: { id: 'a1', ...(request.body as object) } }));
    render(create);
    const dialog = await fillNewAdaptor('  Front desk ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0].body).toEqual({ type: 'WEB_CHAT', name: 'Front desk', webhookUrl: 'https://hooks.example.gov.sg/chat', appIds: ['alpha', 'beta'], enabled: true });
    expect(await screen.findByText('Adaptor created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('a name another adaptor has shows under the name field; Cancel then closes the dialog', async () => {
    render(() => {
      throw new ApiError(409, 'An adaptor with this name already exists');
    });
    const dialog = await fillNewAdaptor('Front desk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An adaptor with this name already exists')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
