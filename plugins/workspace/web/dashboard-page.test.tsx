import { definePlugin } from '@civic/sdk/common';
import { anyone } from '@civic/sdk/common/access';
import { NlpEngine } from '@civic/sdk/common/model';
import { renderInTestApp, screen, testApp, testUser, userEvent, within } from '@civic/sdk/testing';
import { DashboardPage } from './dashboard-page';

/** Stands for the app-settings plugin: the dashboard links to its page only while it is enabled. */
const appSettings = definePlugin({
  id: 'app-settings',
  title: 'App settings',
  canAccess: anyone,
  routes: [{ path: '/app-settings/:appId', layout: 'main', title: 'App settings', load: async () => ({ default: () => null }) }],
});

const apps = [
  testApp('zz-starter', 'Starter', { appName: 'Starter bot' }),
  testApp('superbot', 'Enterprise', { appName: 'Router', nlpEngine: { service: NlpEngine.REDIRECTION } }),
  testApp('plus', 'Plus', { appName: 'Plus bot', agency: { name: 'Housing Board' } }),
];

describe('DashboardPage', () => {
  it("lists the user's apps by tier with agency, engine and role, and ways in", async () => {
    const user = testUser({ permissions: { 'zz-starter': '0', superbot: '2', plus: '1' } });
    await renderInTestApp(<DashboardPage />, { user, app: apps, plugins: [appSettings] });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Your apps' })).getAllByRole('row').slice(1);
    const cells = rows.map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Routersuperbot', 'Plus botplus', 'Starter botzz-starter']);
    expect(cells[0].slice(0, 4)).toEqual(['Enterprise', 'Demo Agency', 'Superbot (routes to linked apps)', 'Admin']);
    expect(cells[1].slice(0, 4)).toEqual(['Plus', 'Housing Board', 'Built-in dialog engine', 'Editor']);
    expect(cells[2][3]).toBe('Viewer');
    expect(screen.getByRole('link', { name: 'My Workspace of Plus bot' }).getAttribute('href')).toBe('/my-workspace/plus');
    expect(screen.getByRole('link', { name: 'Settings of Plus bot' }).getAttribute('href')).toBe('/app-settings/plus');
  });

  it('filters the list and counts what it shows', async () => {
    await renderInTestApp(<DashboardPage />, { user: testUser({ isPlatformAdmin: true }), app: apps });
    expect(screen.getByText('3 apps')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Filter apps'), 'housing');
    expect(screen.getByText('1 app')).toBeTruthy();
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Plus botplus']);
    // Without the app-settings plugin there is no settings link to offer.
    expect(screen.queryByRole('link', { name: /^Settings of/ })).toBeNull();
  });

  it('says what to do when the user has no apps yet', async () => {
    await renderInTestApp(<DashboardPage />, { user: testUser(), app: [] });
    expect(screen.getByRole('heading', { name: 'No apps yet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
