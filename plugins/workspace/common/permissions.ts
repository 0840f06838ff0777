import { allOf, appViewer, definePermission, featureFlag, signedIn } from '@civic/sdk/common/access';

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

/**
 * §2, §6: the next-generation console entry (closed beta) — members of an app whose mode is ALL (the
 * whole console) or PLAYGROUND (its playground only), while the next-gen-console flag is on.
 */
export const canOpenNextGenConsole = definePermission({
  id: 'workspace.next-gen.console',
  description: 'The next-generation console entry: app mode ALL and the next-gen-console flag on.',
  predicate: allOf(appViewer, featureFlag('next-gen-console'), (ctx) => ctx.app?.chuMode === 'ALL'),
});
export const canOpenNextGenPlayground = definePermission({
  id: 'workspace.next-gen.playground',
  description: 'The next-generation playground entry: app mode PLAYGROUND and the next-gen-console flag on.',
  predicate: allOf(appViewer, featureFlag('next-gen-console'), (ctx) => ctx.app?.chuMode === 'PLAYGROUND'),
});
