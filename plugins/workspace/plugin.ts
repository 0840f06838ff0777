import { definePlugin } from '@civic/sdk/common';
import { canOpenNextGenConsole, canOpenNextGenPlayground, canViewAppWorkspace, canViewDashboard } from './common/permissions';

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
      description: "The apps you work on. Open an app's workspace or its settings.",
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
    // §2: opens by a full page load (another application on the same site).
    { id: 'next-gen-console', section: 'app', label: 'Next-generation console', order: 980, to: '{nextGenConsoleUrl}/:appId', fullPageLoad: true, icon: 'new-layers', canAccess: canOpenNextGenConsole },
    { id: 'next-gen-playground', section: 'app', label: 'Next-generation playground', order: 980, to: '{nextGenConsoleUrl}/:appId/playground', fullPageLoad: true, icon: 'new-layers', canAccess: canOpenNextGenPlayground },
  ],
  module: () => import('./web/workspace-module').then((m) => ({ default: m.workspaceModule })),
  server: true,
});
