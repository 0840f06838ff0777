import { renderConsoleInTestApp, screen, testApp, testUser, userEvent, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import subscribersPlugin from '../plugin';
import { SubscribersApi, type SubscriberRow, type SubscriberSummary } from '../common/api';
import { subscribersModule } from './subscribers-module';

const row = (id: string, contact: string, extra: Partial<SubscriberRow> = {}): SubscriberRow => ({
  id,
  channel: 'WEB_CHAT',
  contact,
  topics: ['deadlines'],
  consentVersion: '2025-07',
  consentedAt: '2026-10-01T02:00:00.000Z',
  source: 'widget',
  status: 'ACTIVE',
  createdAt: '2026-10-01T02:00:00.000Z',
  updatedAt: '2026-10-01T02:00:00.000Z',
  unsubscribedAt: null,
  ...extra,
});
const rows = [row('s1', 'j***@agency.gov.sg'), row('s2', '+65 ****1234', { channel: 'WHATSAPP', topics: ['service-disruption'] })];
const summary: SubscriberSummary = { active: 2, unsubscribed: 3, byChannel: { WEB_CHAT: 1, TELEGRAM: 0, WHATSAPP: 1 } };

function render(role: '0' | '1' | '2', options: { listed?: string[]; route?: string } = {}) {
  return renderConsoleInTestApp({
    route: options.route ?? '/subscriber/a1',
    user: testUser({ permissions: { a1: role, a2: role } }),
    app: [testApp('a1', 'Plus', { appName: 'Alpha bot' }), testApp('a2', 'Plus', { appName: 'Beta bot' })],
    config: { subscriberAppIds: options.listed ?? ['a1'] },
    plugins: [subscribersPlugin],
    modules: [subscribersModule],
    api: {
      [`GET ${SubscribersApi.listRoute}`]: ({ query }: FakeRequest) => ({ items: rows.filter((r) => !query?.channel || r.channel === query.channel), next: null }),
      [`GET ${SubscribersApi.summaryRoute}`]: () => summary,
      [`POST ${SubscribersApi.revealRoute}`]: () => ({ id: 's1', contact: 'jane.tan@agency.gov.sg' }),
      [`DELETE ${SubscribersApi.oneRoute}`]: () => ({ ...rows[0], status: 'UNSUBSCRIBED', unsubscribedAt: '2026-11-01T00:00:00.000Z' }),
    },
  });
}

jest.setTimeout(20_000);

describe('SubscribersPage', () => {
  afterEach(() => localStorage.clear());
  // jsdom lays nothing out: give the virtualised table a viewport so it renders its rows.
  beforeEach(() => {
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1200, width: 1200, height: 600, toJSON: () => ({}) });
  });

  it('shows the totals and the masked rows; the channel filter goes to the server and the URL', async () => {
    const { api, router } = await render('0');
    expect(await screen.findByText('2 subscribers')).toBeTruthy();
    const total = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(total('Active')).toBe('2');
    expect(total('Unsubscribed')).toBe('3');
    expect(total('Active on WhatsApp')).toBe('1');
    expect(screen.getByText('j***@agency.gov.sg')).toBeTruthy();
    expect(screen.getByText('+65 ****1234')).toBeTruthy();
    // A viewer neither reveals, removes nor exports.
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Subscriber' })).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'WHATSAPP');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 subscriber'));
    expect(api.callsTo('GET', SubscribersApi.list('a1')).at(-1)?.query?.channel).toBe('WHATSAPP');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('channel')).toBe('WHATSAPP'));
  });

  it('opens with the filters of a link (?status=UNSUBSCRIBED&search=…)', async () => {
    const { api } = await render('1', { route: '/subscriber/a1?status=UNSUBSCRIBED&search=deadlines' });
    await waitFor(() => expect(api.callsTo('GET', SubscribersApi.list('a1')).at(-1)?.query).toMatchObject({ status: 'UNSUBSCRIBED', search: 'deadlines' }));
    expect((screen.getByRole('searchbox', { name: 'Search subscribers' }) as HTMLInputElement).value).toBe('deadlines');
  });

  it('an app admin reveals a contact and removes a subscriber after confirming', async () => {
    const { api } = await render('2');
    await userEvent.click(await screen.findByRole('button', { name: 'Reveal contact j***@agency.gov.sg' }));
    expect(await screen.findByText('jane.tan@agency.gov.sg')).toBeTruthy();
    expect(api.callsTo('POST', SubscribersApi.reveal('a1', 's1'))).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Remove jane.tan@agency.gov.sg' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('jane.tan@agency.gov.sg')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', SubscribersApi.one('a1', 's1'))).toHaveLength(1));
    expect(await screen.findByText('Unsubscribed', { selector: '.bp6-tag, .bp6-tag *' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('an app not in subscriberAppIds has no Subscriber entry', async () => {
    await render('2', { listed: [], route: '/subscriber/a2' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Subscriber' })).toBeNull());
    expect(screen.queryByText('j***@agency.gov.sg')).toBeNull();
  });
});
