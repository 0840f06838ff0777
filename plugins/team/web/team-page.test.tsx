import { Messages } from '@civic/sdk/common/messages';
import { ApiError } from '@civic/sdk/web/services';
import { renderConsoleInTestApp, screen, testApp, testUser, userEvent, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import teamPlugin from '../plugin';
import { TeamApi, type TeamMember } from '../common/api';
import { TeamMessages } from '../common/messages';
import { teamModule } from './team-module';

const members: TeamMember[] = [
  { userId: 'u1', name: 'Ada Admin', email: 'ada@agency.gov.sg', role: '2', isActive: true },
  { userId: 'u2', name: 'Eddie Editor', email: 'eddie@agency.gov.sg', role: '1', isActive: false },
];

function render(role: '0' | '1' | '2', api: Record<string, unknown> = {}) {
  return renderConsoleInTestApp({
    route: '/team/a1',
    user: testUser({ permissions: { a1: role } }),
    app: [testApp('a1', 'Plus', { appName: 'Alpha bot' })],
    plugins: [teamPlugin],
    modules: [teamModule],
    api: { [`GET ${TeamApi.membersRoute}`]: () => ({ members, maxMembers: 50 }), ...api },
  });
}

// Typing in jsdom on a shared 2-core machine is slow.
jest.setTimeout(20_000);

describe('TeamPage', () => {
  afterEach(() => localStorage.clear());

  it('lists members with role and status; admins invite with email and role', async () => {
    const { api } = await render('2', { [`POST ${TeamApi.membersRoute}`]: ({ body }: FakeRequest) => ({ userId: 'u3', name: 'new', email: (body as { email: string }).email, role: '0', isActive: false }) });
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getByText('eddie@agency.gov.sg')).toBeTruthy();
    expect(within(table).getByText('Invited')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 of 50 members');
    expect(screen.getByRole('link', { name: 'Team' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(within(dialog).getByText(Messages.invalidEmail)).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new@agency.gov.sg');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Viewer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(api.callsTo('POST', TeamApi.members('a1'))[0]?.body).toEqual({ email: 'new@agency.gov.sg', role: '0' }));
  });

  it('changes a role and shows the last-admin refusal in place; removes after confirmation', async () => {
    const { api } = await render('2', {
      [`PATCH ${TeamApi.memberRoute}`]: () => {
        throw new ApiError(422, TeamMessages.lastAdmin);
      },
      [`DELETE ${TeamApi.memberRoute}`]: () => ({ email: 'eddie@agency.gov.sg' }),
    });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of ada@agency.gov.sg' }), 'Editor');
    expect(await screen.findByText(TeamMessages.lastAdmin)).toBeTruthy();
    expect(api.callsTo('PATCH', TeamApi.member('a1', 'u1'))[0].body).toEqual({ role: '1' });

    await userEvent.click(screen.getByRole('button', { name: 'Remove eddie@agency.gov.sg' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', TeamApi.member('a1', 'u2'))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('eddie@agency.gov.sg')).toBeNull());
  });

  it('a disabled Invite says why, in words people see: the count and the tier (issue 21)', async () => {
    const five = Array.from({ length: 5 }, (_, i): TeamMember => ({ userId: `m${i}`, name: `Member ${i}`, email: `m${i}@agency.gov.sg`, role: '0', isActive: true }));
    await render('2', { [`GET ${TeamApi.membersRoute}`]: () => ({ members: five, maxMembers: 5 }) });
    const invite = await screen.findByRole('button', { name: 'Invite member' });
    expect(invite.getAttribute('aria-disabled') === 'true' || (invite as HTMLButtonElement).disabled).toBe(true);
    const reason = screen.getByText('5 of 5 members on the Plus tier');
    expect(invite.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('editors see the team read-only', async () => {
    await render('1');
    expect(await screen.findByText('eddie@agency.gov.sg')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
  });

  it('is hidden from viewers (§6): no sidebar item, no request', async () => {
    const { api } = await render('0');
    expect(await screen.findByRole('heading', { name: Messages.forbidden })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();
    expect(api.callsTo('GET', TeamApi.members('a1'))).toHaveLength(0);
  });
});
