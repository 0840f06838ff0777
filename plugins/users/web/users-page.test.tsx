import { Messages } from '@civic/sdk/common/messages';
import { ApiError } from '@civic/sdk/web/services';
import { act, renderConsoleInTestApp, screen, testApp, testUser, userEvent, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import usersPlugin from '../plugin';
import { UsersApi, type UserListItem } from '../common/api';
import { formatLastSignIn } from './format-last-sign-in';
import { usersModule } from './users-module';

const person = (id: string, name: string, extra: Partial<UserListItem> = {}): UserListItem => ({
  id,
  name,
  email: `${id}@agency.gov.sg`,
  agency: 'Demo Agency',
  isPlatformAdmin: false,
  isActive: true,
  isLocked: false,
  hasTotp: false,
  lastLoginAt: null,
  roles: {},
  ...extra,
});

const admin = testUser({ name: 'Ada Admin', isPlatformAdmin: true });
const people = [person('ann', 'Ann Analyst', { lastLoginAt: '2026-11-20T02:05:00.000Z' }), person('bob', 'Bob Builder', { isLocked: true })];

function render(options: { user?: ReturnType<typeof testUser>; api?: Record<string, unknown>; route?: string } = {}) {
  return renderConsoleInTestApp({
    route: options.route ?? '/users',
    user: options.user ?? admin,
    app: [testApp('a1', 'Plus', { appName: 'Alpha bot' })],
    plugins: [usersPlugin],
    modules: [usersModule],
    api: {
      [`GET ${UsersApi.list}`]: ({ query }: FakeRequest) => {
        const search = String(query?.search ?? '').toLowerCase();
        const items = people.filter((p) => p.name.toLowerCase().includes(search));
        return { items, total: items.length, pageNum: 0, pageSize: 25 };
      },
      ...options.api,
    },
  });
}

describe('UsersPage', () => {
  afterEach(() => localStorage.clear());
  // jsdom lays nothing out: give the virtualised table a viewport so it renders its rows.
  beforeEach(() => {
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1200, width: 1200, height: 600, toJSON: () => ({}) });
  });

  it('lists the users with a count, in the platform section of the sidebar, and searches on the server (debounced)', async () => {
    const { api } = await render();
    expect(await screen.findByText('2 users')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bob');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 user'), { timeout: 3000 });
    const searches = api.callsTo('GET', UsersApi.list).map((c) => c.query?.search);
    expect(searches).toEqual([undefined, 'bob']);
  });

  it('keeps the search in the URL: a link or reload with ?search= shows it, typing writes it, Back restores the previous one', async () => {
    const { api, router } = await render({ route: '/users?search=bob' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 user'));
    expect((screen.getByRole('searchbox', { name: 'Search users' }) as HTMLInputElement).value).toBe('bob');
    expect(api.callsTo('GET', UsersApi.list).at(-1)?.query?.search).toBe('bob');
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await userEvent.clear(box);
    await userEvent.type(box, 'ann');
    await waitFor(() => expect(router.state.location.search).toBe('?search=ann'), { timeout: 3000 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 user'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByRole('searchbox', { name: 'Search users' }) as HTMLInputElement).value).toBe('bob'));
    expect(router.state.location.search).toBe('?search=bob');
    await waitFor(() => expect(api.callsTo('GET', UsersApi.list).at(-1)?.query?.search).toBe('bob'));
  });

  it('shows each user\'s last sign-in in the viewer\'s locale and time zone, or "Never"', async () => {
    await render();
    expect((await screen.findAllByText('Last sign-in')).length).toBeGreaterThan(0);
    expect((await screen.findAllByText(formatLastSignIn('2026-11-20T02:05:00.000Z'))).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Never').length).toBeGreaterThan(0);
  });

  it('invites a user, and shows a taken email on the field', async () => {
    const { api } = await render({
      api: {
        [`POST ${UsersApi.create}`]: () => {
          throw new ApiError(409, Messages.emailExists);
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText(Messages.nameRequired)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ann Again');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ann@agency.gov.sg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(Messages.emailExists)).toBeTruthy();
    expect(api.callsTo('POST', UsersApi.create)[0].body).toEqual({ name: 'Ann Again', email: 'ann@agency.gov.sg', isPlatformAdmin: false });
  });

  it('manages a user: reset password after the §8 confirmation, unlock, roles per app', async () => {
    const echo = ({ params }: FakeRequest) => people.find((p) => p.id === params.userId);
    const { api } = await render({
      api: {
        'POST /api/v1/admin/users/:userId/reset-password': echo,
        'PATCH /api/v1/admin/users/:userId': ({ params, body }: FakeRequest) => ({ ...echo({ params } as FakeRequest), isLocked: (body as { locked: boolean }).locked }),
        'PUT /api/v1/admin/users/:userId/roles': echo,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Bob Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Bob Builder' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(Messages.confirmResetPassword)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(api.callsTo('POST', UsersApi.resetPassword('bob'))).toHaveLength(1));

    await userEvent.click(within(dialog).getByLabelText('Locked (cannot sign in)'));
    await waitFor(() => expect(api.callsTo('PATCH', UsersApi.user('bob'))[0]?.body).toEqual({ locked: false }));

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role on Alpha bot' }), 'Editor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(api.callsTo('PUT', UsersApi.roles('bob'))[0]?.body).toEqual({ roles: { a1: '1' } }));
  });

  it('asks, naming the user, before granting or removing platform admin and before locking (issue 21)', async () => {
    const echo = ({ params, body }: FakeRequest) => ({ ...people.find((p) => p.id === params.userId)!, ...(body as object) });
    const { api } = await render({ api: { 'PATCH /api/v1/admin/users/:userId': echo } });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Ann Analyst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Ann Analyst' });

    await userEvent.click(within(dialog).getByLabelText('Platform admin'));
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Make Ann Analyst (ann@agency.gov.sg) a platform admin?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('PATCH', UsersApi.user('ann'))).toHaveLength(0);

    await userEvent.click(within(dialog).getByLabelText('Platform admin'));
    confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Make platform admin' }));
    await waitFor(() => expect(api.callsTo('PATCH', UsersApi.user('ann'))[0]?.body).toEqual({ isPlatformAdmin: true }));

    await userEvent.click(within(dialog).getByLabelText('Locked (cannot sign in)'));
    confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Lock the account of Ann Analyst (ann@agency.gov.sg)?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Lock account' }));
    await waitFor(() => expect(api.callsTo('PATCH', UsersApi.user('ann'))[1]?.body).toEqual({ locked: true }));
  });

  it('is refused to anyone but a platform admin, and not in their sidebar', async () => {
    const { api } = await render({ user: testUser({ permissions: { a1: '2' } }) });
    expect(await screen.findByRole('heading', { name: Messages.forbidden })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(api.callsTo('GET', UsersApi.list)).toHaveLength(0);
  });
});
