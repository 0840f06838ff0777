import { appViewer, signedIn, type AccessPredicate } from '@civic/sdk/common/access';

/** workspace.dashboard.view: the landing page, for every signed-in user. */
export const canViewDashboard: AccessPredicate = signedIn;
/** workspace.app.view: My Workspace of one app, for anyone holding a role on it. */
export const canViewAppWorkspace: AccessPredicate = appViewer;
