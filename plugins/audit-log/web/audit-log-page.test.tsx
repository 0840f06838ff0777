import { act, renderConsoleInTestApp, screen, testApp, testUser, userEvent, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import auditLogPlugin from '../plugin';
import { AuditLogApi, type AuditRow } from '../common/api';
import { auditLogModule } from './audit-log-module';
import { localDayBound } from './audit-log-store';

const row = (id: number, extra: Partial<AuditRow> = {}): AuditRow => ({
  id,
  at: `2026-11-2${id % 10}T02:00:00.000Z`,
  actorEmail: 'editor@demo.gov.sg',
  appId: 'demo-plus',
  action: 'app-settings.update',
  target: 'demo-plus',
  summary: `change ${id}`,
  ip: '127.0.0.1',
  hasDetails: true,
  ...extra,
});

const detail = ({ params }: FakeRequest) => ({
  ...row(Number(params.id)),
  actorId: null,
  before: { mlConfidenceThreshold: 0.7 },
  after: { mlConfidenceThreshold: 0.8 },
  prevHash: '0'.repeat(64),
  hash: 'a'.repeat(64),
});

const admin = testUser({ name: 'Ada Admin', isPlatformAdmin: true });

function render(api: Record<string, unknown> = {}, route = '/auditLog') {
  return renderConsoleInTestApp({
    route,
    user: admin,
    app: [testApp('demo-plus', 'Plus')],
    plugins: [auditLogPlugin],
    modules: [auditLogModule],
    api: {
      // First: the fake answers with the last matching registration, and :id would also match /actions.
      [`GET ${AuditLogApi.entryRoute}`]: detail,
      [`GET ${AuditLogApi.list}`]: ({ query }: FakeRequest) =>
        query?.before ? { items: [row(1)], nextBefore: null } : { items: [row(3), row(2, { action: 'users.update', actorEmail: 'admin@demo.gov.sg' })], nextBefore: 2 },
      [`GET ${AuditLogApi.actions}`]: { actions: ['app-settings.update', 'auth.login', 'users.update'] },
      ...api,
    },
  });
}

jest.setTimeout(30_000);

describe('AuditLogPage', () => {
  afterEach(() => localStorage.clear());
  beforeEach(() => {
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1200, width: 1200, height: 600, toJSON: () => ({}) });
  });

  it('lists the trail, is in the platform section of the sidebar, and sends the filters to the server', async () => {
    const { api } = await render();
    expect((await screen.findAllByText('change 3')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Audit Logs' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Actor'), 'admin@');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'users');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.callsTo('GET', AuditLogApi.list).length).toBeGreaterThanOrEqual(2));
    const last = api.callsTo('GET', AuditLogApi.list).filter((c) => !c.query?.before).at(-1)!;
    expect(last.query).toMatchObject({ actor: 'admin@', action: 'users', startDate: localDayBound('2026-11-01', false), endDate: localDayBound('2026-11-30', true) });
  });

  it('keeps the applied filters in the URL: a link fills the form and asks for them, Apply writes them, Back restores', async () => {
    const { api, router } = await render({}, '/auditLog?actor=admin%40&action=users&from=2026-11-01&to=2026-11-30');
    await waitFor(() =>
      expect(api.callsTo('GET', AuditLogApi.list).filter((c) => !c.query?.before).at(-1)?.query).toMatchObject({
        actor: 'admin@',
        action: 'users',
        startDate: localDayBound('2026-11-01', false),
        endDate: localDayBound('2026-11-30', true),
      }),
    );
    expect((screen.getByLabelText('Actor') as HTMLInputElement).value).toBe('admin@');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    await userEvent.type(screen.getByLabelText('Target'), 'demo');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('target')).toBe('demo'));
    expect(new URLSearchParams(router.state.location.search).get('actor')).toBe('admin@');
    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByLabelText('Target') as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(api.callsTo('GET', AuditLogApi.list).filter((c) => !c.query?.before).at(-1)?.query?.target).toBeUndefined());
  });

  it('filters by the security events family, offered even before there is one', async () => {
    const { api } = await render();
    await screen.findAllByText('change 3');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Security events (all)');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.callsTo('GET', AuditLogApi.list).filter((c) => !c.query?.before).at(-1)?.query).toMatchObject({ action: 'security' }));
  });

  it('refuses a date range that ends before it starts, without asking the server', async () => {
    const { api } = await render();
    await screen.findAllByText('change 3');
    const before = api.callsTo('GET', AuditLogApi.list).length;
    await userEvent.type(screen.getByLabelText('From'), '2026-11-10');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-01');
    expect(screen.getByText('End date must not be before start date')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(api.callsTo('GET', AuditLogApi.list).length).toBe(before);
  });

  it('opens the detail of an entry with before and after', async () => {
    await render();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Detail of entry 3' }))[0]);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Audit entry #3')).toBeTruthy();
    const changes = await within(drawer).findByRole('table', { name: 'Changed fields' });
    const row = within(changes).getByRole('rowheader', { name: 'ML confidence threshold' }).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['0.7', '0.8']);
    expect(within(drawer).getByText('a'.repeat(64))).toBeTruthy();
  });

  it('verifies integrity in stretches, then reports OK with the count', async () => {
    const { api } = await render({
      [`GET ${AuditLogApi.verify}`]: ({ query }: FakeRequest) =>
        Number(query?.afterId) === 0 ? { ok: true, rows: 5000, lastId: 5000, done: false, total: 7000 } : { ok: true, rows: 2000, lastId: 7000, done: true, total: 7000 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify integrity' }));
    expect(await screen.findByText(/all 7,000 entries are unbroken/)).toBeTruthy();
    expect(api.callsTo('GET', AuditLogApi.verify).map((c) => Number(c.query?.afterId))).toEqual([0, 5000]);
  });

  it('reports the first broken entry', async () => {
    await render({
      [`GET ${AuditLogApi.verify}`]: { ok: false, rows: 41, lastId: 41, done: true, total: 90, brokenAt: { id: 42, at: '2026-11-20T02:00:00.000Z', reason: 'hash-mismatch' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify integrity' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('#42');
  });

  it('says when the newest entries were removed (the signed checkpoint names a head that is gone)', async () => {
    await render({
      [`GET ${AuditLogApi.verify}`]: { ok: false, rows: 88, lastId: 88, done: true, total: 88, brokenAt: { id: 90, at: '2026-11-20T02:00:00.000Z', reason: 'truncated' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify integrity' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('removed from the end of the trail');
    expect(alert.textContent).toContain('#90');
  });
});
