import { anyone } from '@civic/sdk/common/access';
import { definePlugin } from '@civic/sdk/common';
import { renderInTestApp, screen, testApp, userEvent, userWithRole, waitFor } from '@civic/sdk/testing';
import { AppSettingsTabs } from '../contract/app-settings-tabs';
import appSettings from '../plugin';
import { AppSettingsPage } from './app-settings-page';
import { appSettingsModule } from './app-settings-module';

/** Other plugins contribute tabs through the contract; the page must place them in §2 order. */
const other = definePlugin({
  id: 'other',
  title: 'Other',
  canAccess: anyone,
  routes: [],
  requires: ['app-settings'],
  tabs: [
    { id: 'reports', strip: AppSettingsTabs, title: 'Reports', order: AppSettingsTabs.order.reports, load: async () => ({ default: () => <p>reports tab</p> }) },
    { id: 'web-chat', strip: AppSettingsTabs, title: 'Web Chat', order: AppSettingsTabs.order.webChat, load: async () => ({ default: (p: { appId: string }) => <p>web chat of {p.appId}</p> }) },
  ],
});

const render = (route: string) =>
  renderInTestApp(<AppSettingsPage />, {
    user: userWithRole('1', ['a1']),
    app: testApp('a1', 'Plus', { appName: 'Housing helper' }),
    plugins: [appSettings, other],
    modules: [appSettingsModule],
    route,
    path: route.split('/').length === 3 ? '/app-settings/:appId' : '/app-settings/:tabId/:appId',
  });

describe('AppSettingsPage', () => {
  it("shows every enabled plugin's tabs in §2 order, General first", async () => {
    await render('/app-settings/a1');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['General', 'Web Chat', 'Knowledge base', 'Reports']);
    expect(screen.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Housing helper')).toBeTruthy();
  });

  it('selects the tab named in the URL and passes the app id', async () => {
    await render('/app-settings/web-chat/a1');
    expect(screen.getByRole('tab', { name: 'Web Chat' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('web chat of a1')).toBeTruthy();
  });

  it('moves to the tab URL when a tab is chosen', async () => {
    const { pathname } = await render('/app-settings/a1');
    await userEvent.click(screen.getByRole('tab', { name: 'Knowledge base' }));
    await waitFor(() => expect(pathname()).toBe('/app-settings/knowledge-base/a1'));
  });

  it('says so when the URL names no such tab', async () => {
    await render('/app-settings/bot-publishing/a1');
    expect(screen.getByRole('heading', { name: 'No such settings tab' })).toBeTruthy();
  });
});
