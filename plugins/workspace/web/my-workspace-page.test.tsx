import { ApiError } from '@civic/sdk/web/services';
import { renderInTestApp, screen, testApp, userEvent, userWithRole, within } from '@civic/sdk/testing';
import type { WorkspaceSummary } from '../common/api';
import { MyWorkspacePage } from './my-workspace-page';
import { workspaceModule } from './workspace-module';

const app = testApp('a1', 'Plus', { appName: 'Housing helper' });
const summary: WorkspaceSummary = {
  app: { ...app, description: 'Answers housing questions', hosting: 'GCC', isGenerative: true },
  role: '1',
  members: { total: 5, admins: 1, editors: 2, viewers: 2 },
  recentActivity: [{ at: '2026-11-20T08:30:00Z', actor: 'ada@demo.gov.sg', action: 'app-settings.update', summary: 'ML threshold 0.7 → 0.65' }],
};

const render = (handler: unknown) =>
  renderInTestApp(<MyWorkspacePage />, {
    user: userWithRole('1', ['a1']),
    app,
    modules: [workspaceModule],
    route: '/my-workspace/a1',
    path: '/my-workspace/:appId',
    api: { 'GET /api/v1/apps/:appId/workspace': handler },
  });

describe('MyWorkspacePage', () => {
  it('shows the app, the user role, the team and recent activity', async () => {
    await render(summary);
    expect(await screen.findByRole('heading', { name: 'About this app' })).toBeTruthy();
    expect(screen.getByText('Answers housing questions')).toBeTruthy();
    const team = screen.getByRole('heading', { name: 'Your role and team' }).parentElement as HTMLElement;
    expect(within(team).getByText('Editor')).toBeTruthy();
    expect(within(team).getByText('5')).toBeTruthy();
    const activity = screen.getByRole('table');
    expect(within(activity).getByText('ML threshold 0.7 → 0.65')).toBeTruthy();
    expect(within(activity).getByText('ada@demo.gov.sg')).toBeTruthy();
  });

  it('offers a retry when the workspace cannot be loaded', async () => {
    let fail = true;
    await render(() => {
      if (fail) throw new ApiError(500, 'Sorry, something went wrong on our end. Please try again.');
      return summary;
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, something went wrong on our end.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'About this app' })).toBeTruthy();
  });
});
