import { appViewer, definePermission, signedIn } from '@civic/sdk/common/access';

export const canViewDashboard = definePermission({
  id: 'workspace.dashboard.view',
  description: 'The landing page, for every signed-in user.',
  predicate: signedIn,
});
export const canViewAppWorkspace = definePermission({
  id: 'workspace.app.view',
  description: 'My Workspace of one app, for anyone holding a role on it.',
  predicate: appViewer,
});
