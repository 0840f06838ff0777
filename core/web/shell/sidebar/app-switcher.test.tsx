import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appViewer, tierRestricted } from '@civic/core/common/access';
import { NO_RESTRICTION_OVERRIDES } from '@civic/core/common/model';
import { definePlugin } from '@civic/core/common/plugins';
import { renderInTestApp, testApp, testUser, userWithRole } from '@civic/core/web/testing';
import { AppContextService } from '../../apps/app-context-service';
import { AppSwitcher } from './app-switcher';

const page = () => Promise.resolve({ default: () => null });

/** Routes as the §2 plugins will declare them; the switcher only reads this data. */
const routes = definePlugin({
  id: 'test-routes',
  title: 'Test routes',
  canAccess: appViewer,
  routes: [
    { path: '/my-workspace/:appId', layout: 'main', appParam: 'appId', title: 'My Workspace', landmark: 'home', load: page },
    { path: '/analytics/:appId', layout: 'main', appParam: 'appId', title: 'Analytics', canAccess: tierRestricted('analytics'), load: page },
    { path: '/intents/:appId', layout: 'main', appParam: 'appId', title: 'Intents', load: page },
    { path: '/intent/:appId/:mode/:intentId', layout: 'main', appParam: 'appId', title: 'Intent', onAppSwitch: { goTo: '/intents/:appId' }, load: page },
    { path: '/app-settings/:appId', layout: 'main', appParam: 'appId', title: 'App settings', landmark: 'settings', load: page },
    { path: '/app-settings/:tabId/:appId', layout: 'main', appParam: 'appId', title: 'App settings', load: page },
  ],
});

/** A deployment without App settings. */
const workspaceOnly = definePlugin({
  id: 'workspace-only',
  title: 'Workspace only',
  canAccess: appViewer,
  routes: [{ path: '/my-workspace/:appId', layout: 'main', appParam: 'appId', title: 'My Workspace', landmark: 'home', load: page }],
});

const apps = [
  testApp('zeta', 'Starter', { appName: 'Zeta helper' }),
  testApp('alpha', 'Internal', { appName: 'Alpha internal' }),
  testApp('beta', 'Enterprise', { appName: 'Beta bot' }),
  testApp('plus-1', 'Plus', { appName: 'Plus one', agency: { name: 'Housing Board' } }),
  testApp('acme', 'Enterprise', { appName: 'Acme assistant' }),
];

async function renderSwitcher(route: string, options: { settings?: Record<string, object> } = {}) {
  const user = userWithRole('2', apps.map((a) => a.appId));
  const app = await renderInTestApp(<AppSwitcher />, { user, app: apps, plugins: [routes], route, settings: options.settings });
  const appContext = app.services.get<AppContextService>(AppContextService);
  const open = async () => {
    await userEvent.click(screen.getByRole('button', { name: /Current app/ }));
    return screen.findByRole('listbox');
  };
  const choose = async (appName: string) => {
    const list = await open();
    // People click the item's text; the option element itself is only the listbox's structure.
    const option = within(list).getByRole('option', { name: new RegExp(appName) });
    await userEvent.click(within(option).getByText(appName));
  };
  return { ...app, appContext, open, choose };
}

describe('AppSwitcher', () => {
  it('lists the apps by tier (Enterprise, Plus, Starter, Internal), then app id', async () => {
    const { open } = await renderSwitcher('/dashboard');
    const options = within(await open()).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Acme assistantEnterprise',
      'Beta botEnterprise',
      'Plus onePlus',
      'Zeta helperStarter',
      'Alpha internalInternal',
    ]);
  });

  it('names the current app in its label and links the gear to its settings', async () => {
    await renderSwitcher('/dashboard');
    expect(screen.getByRole('button', { name: 'Current app Acme assistant' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'App settings' }).getAttribute('href')).toBe('/app-settings/acme');
  });

  it('shows no settings gear when the deployment has no App settings page', async () => {
    const user = userWithRole('2', apps.map((a) => a.appId));
    await renderInTestApp(<AppSwitcher />, { user, app: apps, plugins: [workspaceOnly], route: '/dashboard' });
    expect(screen.getByRole('button', { name: 'Current app Acme assistant' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'App settings' })).toBeNull();
  });

  it('is operable by keyboard: arrows move, Enter picks, focus returns to the button', async () => {
    const { pathname } = await renderSwitcher('/app-settings/general/acme');
    const button = screen.getByRole('button', { name: /Current app/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const search = await screen.findByRole('combobox', { name: 'Search apps' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    const activeText = () => document.getElementById(search.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(activeText()).toBe('Acme assistantEnterprise');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeText()).toBe('Plus onePlus');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(pathname()).toBe('/app-settings/general/plus-1'));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Current app/ })));
  });

  it('filters by name, app id or agency', async () => {
    const { open } = await renderSwitcher('/dashboard');
    const list = await open();
    await userEvent.type(screen.getByRole('combobox', { name: 'Search apps' }), 'housing');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Plus onePlus']);
  });

  it('on a page without an app stays there and makes the chosen app current', async () => {
    const { choose, pathname, appContext } = await renderSwitcher('/dashboard');
    await choose('Beta bot');
    await waitFor(() => expect(appContext.currentAppId).toBe('beta'));
    expect(pathname()).toBe('/dashboard');
    expect(sessionStorage.getItem('civic.currentAppId')).toBe('beta');
  });

  it('opens the same page with the new app id, keeping other parameters', async () => {
    const { choose, pathname } = await renderSwitcher('/app-settings/knowledge-base/acme');
    await choose('Zeta helper');
    await waitFor(() => expect(pathname()).toBe('/app-settings/knowledge-base/zeta'));
  });

  it('sends intent, Q&A and flow editing routes to the intents list', async () => {
    const { choose, pathname } = await renderSwitcher('/intent/acme/edit/i-42');
    await choose('Plus one');
    await waitFor(() => expect(pathname()).toBe('/intents/plus-1'));
  });

  it('sends a Starter-tier app to My Workspace from a page it may not use', async () => {
    const { choose, pathname } = await renderSwitcher('/analytics/acme');
    await choose('Zeta helper');
    await waitFor(() => expect(pathname()).toBe('/my-workspace/zeta'));
  });

  it("keeps a Starter-tier app on the page when its restriction flags allow it", async () => {
    const { choose, pathname } = await renderSwitcher('/analytics/acme', {
      settings: { zeta: { restrictions: { ...NO_RESTRICTION_OVERRIDES, analytics: true } } },
    });
    await choose('Zeta helper');
    await waitFor(() => expect(pathname()).toBe('/analytics/zeta'));
  });

  it('keeps other tiers on the same page', async () => {
    const { choose, pathname } = await renderSwitcher('/analytics/acme');
    await choose('Alpha internal');
    await waitFor(() => expect(pathname()).toBe('/analytics/alpha'));
  });

  it('shows platform admins every app the admin list returns', async () => {
    const admin = testUser({ isPlatformAdmin: true });
    const app = await renderInTestApp(<AppSwitcher />, { user: admin, app: apps, plugins: [routes], route: '/dashboard' });
    expect(app.api.callsTo('GET', '/api/v1/admin/apps')[0].query).toMatchObject({ page_size: 500, page_num: 0 });
    expect(app.api.callsTo('GET', '/api/v1/apps')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /Current app/ }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(5);
  });
});
