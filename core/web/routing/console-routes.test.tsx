import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appEditor, appViewer, signedIn, tierRestricted, STARTER_TIER_REASON } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import { definePlugin } from '@civic/core/common/plugins';
import { renderConsoleInTestApp, testApp, testUser, userWithRole, type TestAppOptions } from '@civic/core/web/testing';
import { AuthService } from '../auth/auth-service';

function Crashing(): never {
  throw new Error('boom');
}

/** A plugin whose pages say who they are, so the tests can see which page the router chose. */
const pages = definePlugin({
  id: 'pages',
  title: 'Pages',
  canAccess: signedIn,
  routes: [
    { path: '/dashboard', layout: 'main', title: 'Dashboard', load: async () => ({ default: () => <p>dashboard page</p> }) },
    { path: '/my-workspace/:appId', layout: 'main', appParam: 'appId', title: 'My Workspace', canAccess: appViewer, load: async () => ({ default: () => <p>workspace page</p> }) },
    { path: '/team/:appId', layout: 'main', appParam: 'appId', title: 'Team', canAccess: appEditor, load: async () => ({ default: () => <p>team page</p> }) },
    { path: '/analytics/:appId', layout: 'main', appParam: 'appId', title: 'Analytics', canAccess: tierRestricted('analytics'), load: async () => ({ default: () => <p>analytics page</p> }) },
    { path: '/crash', layout: 'main', title: 'Crash', load: async () => ({ default: Crashing }) },
  ],
  nav: [{ id: 'workspace', section: 'app', label: 'My Workspace', order: 10, to: '/my-workspace/:appId' }],
});

const render = (options: TestAppOptions) =>
  renderConsoleInTestApp({ plugins: [pages], app: [testApp('a1', 'Plus'), testApp('s1', 'Starter')], ...options });

describe('console routes', () => {
  afterEach(() => localStorage.clear());

  it('sends / to the dashboard inside the shell, with its landmarks', async () => {
    const { pathname } = await render({ user: userWithRole('2', ['a1', 's1']), route: '/' });
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(pathname()).toBe('/dashboard');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Dashboard');
    expect(screen.getByRole('contentinfo').textContent).toMatch(/^© \d{4} Civic Console · v1\.41\.3$/);
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main-content');
  });

  it('sends signed-in users away from /login', async () => {
    const { pathname } = await render({ user: testUser(), route: '/login' });
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });

  it('shows a not-found page inside the shell for unknown paths', async () => {
    await render({ user: testUser(), route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: Messages.notFound })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('makes the URL app current and checks the route predicate', async () => {
    const { pathname } = await render({ user: userWithRole('0', ['a1', 's1']), route: '/my-workspace/s1' });
    expect(await screen.findByText('workspace page')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Current app/ }).textContent).toContain('App s1');
    expect(pathname()).toBe('/my-workspace/s1');
  });

  it('refuses a page the role does not allow, and says why a tier-disabled one is off', async () => {
    const { unmount } = await render({ user: userWithRole('0', ['a1']), route: '/team/a1' });
    expect(await screen.findByRole('heading', { name: Messages.forbidden })).toBeTruthy();
    expect(screen.queryByText('team page')).toBeNull();
    unmount();
    await render({ user: userWithRole('2', ['s1']), route: '/analytics/s1' });
    expect(await screen.findByText(STARTER_TIER_REASON)).toBeTruthy();
    expect(screen.queryByText('analytics page')).toBeNull();
  });

  it('shows not found for an app the user does not hold', async () => {
    await render({ user: userWithRole('2', ['a1']), route: '/my-workspace/s1', app: [testApp('a1')] });
    expect(await screen.findByRole('heading', { name: Messages.notFound })).toBeTruthy();
  });

  it('keeps the shell working when a page crashes', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await render({ user: userWithRole('1', ['a1']), route: '/crash' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('boom')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'My Workspace' }));
    expect(await screen.findByText('workspace page')).toBeTruthy();
  });

  it('after LOG OUT, the next sign-in starts at the dashboard, not the page left', async () => {
    const { pathname, services, api } = await render({ user: userWithRole('1', ['a1']), route: '/my-workspace/a1' });
    api.on(`POST ${CoreApi.logout}`, {});
    await screen.findByText('workspace page');
    await userEvent.click(screen.getByRole('button', { name: /Edna Editor/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'LOG OUT' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(services.get<AuthService>(AuthService).signOutCause).toBe('logout');
    expect(api.callsTo('POST', CoreApi.logout)).toHaveLength(1);
  });

  it('shows the loading screen while the first apps load', async () => {
    let release: (value: unknown) => void = () => undefined;
    const gate = new Promise((resolve) => (release = resolve));
    await render({
      user: testUser(),
      route: '/dashboard',
      api: { [`GET ${CoreApi.featureFlags}`]: () => gate.then(() => ({ toggles: [] })) },
    }).catch(() => undefined);
    expect(await screen.findByText(Messages.loading)).toBeTruthy();
    release(undefined);
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });
});
