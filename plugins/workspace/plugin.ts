import { definePlugin } from '@civic/sdk/common';
import { canViewAppWorkspace, canViewDashboard } from './common/permissions';

/** workspace: the landing page (the user's apps) and My Workspace of one app. */
export default definePlugin({
  id: 'workspace',
  title: 'Workspace',
  icon: 'home',
  canAccess: canViewDashboard,
  routes: [
    {
      path: '/dashboard',
      layout: 'main',
      title: 'Dashboard',
      canAccess: canViewDashboard,
      load: () => import('./web/dashboard-page').then((m) => ({ default: m.DashboardPage })),
    },
    {
      path: '/my-workspace/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'My Workspace',
      // §2: where a Starter-tier app lands when the page the user was on is not allowed for it.
      landmark: 'home',
      canAccess: canViewAppWorkspace,
      load: () => import('./web/my-workspace-page').then((m) => ({ default: m.MyWorkspacePage })),
    },
  ],
  nav: [
    { id: 'my-workspace', section: 'app', label: 'My Workspace', order: 10, to: '/my-workspace/:appId', icon: 'home', canAccess: canViewAppWorkspace },
  ],
  module: () => import('./web/workspace-module').then((m) => ({ default: m.workspaceModule })),
  server: true,
});
