import { renderConsoleInTestApp, screen, testApp, testUser, userEvent, waitFor, within } from '@civic/sdk/testing';
import analyticsPlugin from '../plugin';
import { AnalyticsApi, type DashboardReport } from '../common/api';
import { analyticsModule } from './analytics-module';

const report: DashboardReport = {
  range: { from: '2026-02-08', to: '2026-03-09', days: 30, timeZone: 'Asia/Singapore', previous: { from: '2026-01-09', to: '2026-02-07' } },
  channels: ['telegram', 'web'],
  kpis: [
    { key: 'sessions', label: 'Sessions', value: 4, previous: 2, change: 1, format: 'count' },
    { key: 'fallbackRate', label: 'Fallback rate', value: 0.25, previous: 0.5, change: -0.5, format: 'percent' },
  ],
  daily: [{ day: '2026-03-09', sessions: 2, users: 2, messages: 4, fallbacks: 1, csatCount: 2, csatAverage: 3 }],
};

describe('AnalyticsDashboardPage', () => {
  it('shows the KPIs against the previous period, a table view of each chart, and asks again when the range changes', async () => {
    const { api } = await renderConsoleInTestApp({
      route: '/analytics/a1',
      user: testUser({ permissions: { a1: '0' } }),
      app: [testApp('a1', 'Plus')],
      plugins: [analyticsPlugin],
      modules: [analyticsModule],
      api: { [`GET ${AnalyticsApi.dashboardRoute}`]: () => report },
    });
    const figures = await screen.findByRole('list', { name: 'Key figures' });
    expect(within(figures).getByText('+100.0%')).toBeTruthy();
    expect(within(figures).getByText('25.0%')).toBeTruthy();
    expect(within(figures).getByText(/vs 50\.0% in the previous 30 days/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show table: Activity per day' }));
    const table = await screen.findByRole('table', { name: 'Activity per day' });
    expect(within(table).getByRole('rowheader', { name: '2026-03-09' })).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Date range'), '7');
    await waitFor(() => expect(api.callsTo('GET', AnalyticsApi.dashboard('a1')).some((c) => c.query?.preset === '7')).toBe(true));
  });

  it('is refused for a Starter-tier app without the restriction flag', async () => {
    await renderConsoleInTestApp({
      route: '/analytics/s1',
      user: testUser({ permissions: { s1: '2' } }),
      app: [testApp('s1', 'Starter')],
      plugins: [analyticsPlugin],
      modules: [analyticsModule],
      api: { [`GET ${AnalyticsApi.dashboardRoute}`]: () => report },
    });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Key figures' })).toBeNull());
  });
});
