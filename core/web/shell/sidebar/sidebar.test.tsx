import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appEditor, appViewer, featureFlag, platformAdmin, superbotApp, tierRestricted, STARTER_TIER_REASON } from '@civic/core/common/access';
import { NlpEngine, type AppSummary, type SessionUser } from '@civic/core/common/model';
import { definePlugin, type PluginManifest } from '@civic/core/common/plugins';
import type { ConsoleConfig } from '@civic/core/common/model/api';
import { renderInTestApp, testApp, testUser, userWithRole } from '@civic/core/web/testing';
import { Sidebar } from './sidebar';

const page = () => Promise.resolve({ default: () => null });

/** Nav data as plugins declare it; the sidebar must build itself from this alone. */
const platformTools = definePlugin({
  id: 'platform-tools',
  title: 'Platform tools',
  canAccess: platformAdmin,
  routes: [{ path: '/agency', layout: 'main', title: 'Agencies', load: page }],
  nav: [
    { id: 'users', section: 'platform', label: 'Users', order: 90, to: '/users' },
    { id: 'agencies', section: 'platform', label: 'Agencies', order: 10, to: '/agency' },
    { id: 'sso', section: 'platform', label: 'Single sign-on realm', order: 60, group: 'Integration Credential', to: '/sso' },
  ],
});
const appTools = definePlugin({
  id: 'app-tools',
  title: 'App tools',
  canAccess: appViewer,
  routes: [{ path: '/entities/:appId', layout: 'main', appParam: 'appId', title: 'Entities', load: page }],
  nav: [
    { id: 'workspace', section: 'app', label: 'My Workspace', order: 10, to: '/my-workspace/:appId' },
    { id: 'analytics', section: 'app', label: 'Analytics', order: 20, to: '/analytics/:appId', canAccess: tierRestricted('analytics') },
    { id: 'superbot', section: 'app', label: 'Superbot Training', order: 30, to: '/superbot-training/:appId', canAccess: superbotApp },
    { id: 'kb', section: 'app', label: 'KB Management', order: 40, group: 'Knowledge Base', to: '/intents/:appId' },
    { id: 'glossary', section: 'app', label: 'Glossary', order: 41, group: 'Knowledge Base', to: '/glossary/:appId' },
    { id: 'entities', section: 'app', label: 'Entities', order: 50, to: '/entities/:appId', canAccess: appEditor },
    { id: 'helpdesk', section: 'app', label: 'Helpdesk', order: 80, to: 'https://help.example', external: true, canAccess: featureFlag('helpdesk') },
  ],
});

async function renderSidebar(user: SessionUser, apps: AppSummary[], flags: Record<string, boolean> = {}, route = '/dashboard', config: Partial<ConsoleConfig> = {}, extra: PluginManifest[] = []) {
  const app = await renderInTestApp(<Sidebar />, { user, app: apps, plugins: [platformTools, appTools, ...extra], flags, route, config });
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  const appMenu = () => within(nav).getByRole('region', { name: 'App menu' });
  const labels = (region: HTMLElement) =>
    within(region)
      .queryAllByRole('link')
      .map((el) => el.textContent);
  return { ...app, nav, appMenu, labels };
}

describe('Sidebar', () => {
  // Each test renders the whole console around the sidebar; on a busy machine that can take seconds.
  jest.setTimeout(30_000);
  it('shows a viewer the app entries their role allows, with :appId filled in', async () => {
    const { nav, appMenu, labels } = await renderSidebar(userWithRole('0', ['a1']), [testApp('a1')]);
    expect(within(nav).queryByRole('region', { name: 'Platform' })).toBeNull();
    expect(labels(appMenu())).toEqual(['My Workspace', 'Analytics']);
    expect(within(appMenu()).getByRole('link', { name: 'My Workspace' }).getAttribute('href')).toBe('/my-workspace/a1');
    // Groups are collapsed until opened; their heading is a button that says so.
    const group = within(appMenu()).getByRole('button', { name: 'Knowledge Base' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
  });

  it('adds editor entries for editors and admins', async () => {
    for (const role of ['1', '2'] as const) {
      const { appMenu, labels, unmount } = await renderSidebar(userWithRole(role, ['a1']), [testApp('a1')]);
      expect(labels(appMenu())).toEqual(['My Workspace', 'Analytics', 'Entities']);
      unmount();
    }
  });

  it('opens a group by keyboard and shows its entries', async () => {
    const { appMenu, labels } = await renderSidebar(userWithRole('1', ['a1']), [testApp('a1')]);
    const group = within(appMenu()).getByRole('button', { name: 'Knowledge Base' });
    group.focus();
    await userEvent.keyboard('{Enter}');
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(labels(appMenu())).toEqual(['My Workspace', 'Analytics', 'KB Management', 'Glossary', 'Entities']);
    expect(within(appMenu()).getByRole('link', { name: 'Glossary' }).getAttribute('href')).toBe('/glossary/a1');
  });

  it('shows platform admins the platform section, in order, and every app entry', async () => {
    const admin = testUser({ isPlatformAdmin: true, name: 'Ada Admin' });
    const { nav, appMenu, labels } = await renderSidebar(admin, [testApp('a1', 'Starter')]);
    const platform = within(nav).getByRole('region', { name: 'Platform' });
    expect(labels(platform)).toEqual(['Agencies', 'Users']);
    expect(within(platform).getByRole('button', { name: 'Integration Credential' })).toBeTruthy();
    // Platform admins are not held back by the Starter tier (§6).
    const analytics = within(appMenu()).getByRole('link', { name: 'Analytics' });
    expect(analytics.getAttribute('aria-disabled')).toBeNull();
    expect(within(nav).getByRole('button', { name: /Ada Admin/ })).toBeTruthy();
  });

  it('shows a Starter-tier entry disabled, with the reason as its description', async () => {
    const { appMenu } = await renderSidebar(userWithRole('2', ['s1']), [testApp('s1', 'Starter')]);
    const analytics = within(appMenu()).getByRole('link', { name: 'Analytics' });
    expect(analytics.getAttribute('aria-disabled')).toBe('true');
    expect(analytics.getAttribute('href')).toBeNull();
    expect(analytics.tabIndex).toBe(0);
    const description = document.getElementById(analytics.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(STARTER_TIER_REASON);
  });

  it('shows superbot-only entries for superbot apps and flag-gated ones when the flag is on', async () => {
    const superbot = testApp('sb', 'Plus', { nlpEngine: { service: NlpEngine.REDIRECTION } });
    const { appMenu, labels } = await renderSidebar(userWithRole('0', ['sb']), [superbot], { helpdesk: true });
    expect(labels(appMenu())).toEqual(['My Workspace', 'Analytics', 'Superbot Training', 'Helpdesk (opens in a new tab)']);
    const helpdesk = within(appMenu()).getByRole('link', { name: /Helpdesk/ });
    expect([helpdesk.getAttribute('href'), helpdesk.getAttribute('target')]).toEqual(['https://help.example', '_blank']);
  });

  it('fills {deployment links} from the console config, and leaves out an entry whose link is not configured', async () => {
    const linked = definePlugin({
      id: 'linked',
      title: 'Linked',
      canAccess: appViewer,
      routes: [],
      nav: [
        { id: 'desk', section: 'app', label: 'Desk', order: 90, to: '{helpdeskUrl}', external: true },
        { id: 'next', section: 'app', label: 'Next', order: 91, to: '{nextGenConsoleUrl}/:appId', fullPageLoad: true },
      ],
    });
    const first = await renderSidebar(userWithRole('0', ['a1']), [testApp('a1')], {}, '/dashboard', { helpdeskUrl: 'https://desk.example.gov.sg', nextGenConsoleUrl: '/next/' }, [linked]);
    expect(within(first.appMenu()).getByRole('link', { name: /Desk/ }).getAttribute('href')).toBe('https://desk.example.gov.sg');
    expect(within(first.appMenu()).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/next/a1');
    first.unmount();
    const second = await renderSidebar(userWithRole('0', ['a1']), [testApp('a1')], {}, '/dashboard', { helpdeskUrl: '', nextGenConsoleUrl: '/next' }, [linked]);
    expect(second.labels(second.appMenu())).not.toContain('Desk (opens in a new tab)');
    expect(second.labels(second.appMenu())).toContain('Next');
  });

  it("marks the current page's entry, opening its group, and counts a sub-page as its area", async () => {
    const first = await renderSidebar(userWithRole('1', ['a1']), [testApp('a1')], {}, '/glossary/a1');
    const glossary = within(first.appMenu()).getByRole('link', { name: 'Glossary' });
    expect(glossary.getAttribute('aria-current')).toBe('page');
    expect(within(first.appMenu()).getByRole('button', { name: 'Knowledge Base' }).getAttribute('aria-expanded')).toBe('true');
    first.unmount();
    const second = await renderSidebar(userWithRole('1', ['a1']), [testApp('a1')], {}, '/analytics/sessions/a1');
    expect(within(second.appMenu()).getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');
    expect(within(second.appMenu()).getByRole('link', { name: 'My Workspace' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows no app menu to a user without apps', async () => {
    const { nav } = await renderSidebar(testUser(), []);
    expect(within(nav).queryByRole('region', { name: 'App menu' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: /Current app/ })).toBeNull();
  });

  // The tooltip's and the menu's code arrive on first use (deferred-part.ts): the entry or button is
  // replaced by the same one inside the overlay, which must keep focus where the user left it.
  it("tells a disabled entry's reason in a tooltip when focused, focus staying on the entry", async () => {
    const { appMenu } = await renderSidebar(userWithRole('2', ['s1']), [testApp('s1', 'Starter')]);
    const entry = () => within(appMenu()).getByRole('link', { name: 'Analytics' });
    entry().focus();
    await waitFor(() => expect(document.querySelector('.bp6-tooltip')?.textContent).toBe(STARTER_TIER_REASON));
    expect(document.activeElement).toBe(entry());
  });

  it('opens the user menu on the first click, and Escape gives focus back to its button', async () => {
    const { nav } = await renderSidebar(testUser(), [testApp('a1')]);
    const button = () => within(nav).getByRole('button', { name: /Edna Editor/ });
    await userEvent.click(button());
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['SETTINGS', 'HELP', 'LOG OUT']);
    // Blueprint's overlay takes focus on the next animation frame and hears Escape from inside it; a busy
    // machine can show the items before that frame, and an Escape sent then would go to the button.
    const menu = screen.getByRole('menu', { name: 'User menu' });
    await waitFor(() => expect(menu.closest('.bp6-overlay')?.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'LOG OUT' })).toBeNull());
    expect(document.activeElement).toBe(button());
  });
});
