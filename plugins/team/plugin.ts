import { definePlugin } from '@civic/sdk/common';
import { canViewTeam } from './common/permissions';

/** team: the members of an app and their roles (/team/{appId}; §2, §6). */
export default definePlugin({
  id: 'team',
  title: 'Team',
  icon: 'people',
  canAccess: canViewTeam,
  routes: [
    {
      path: '/team/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Team',
      load: () => import('./web/team-page').then((m) => ({ default: m.TeamPage })),
    },
  ],
  nav: [{ id: 'team', section: 'app', label: 'Team', order: 700, to: '/team/:appId', icon: 'people' }],
  module: () => import('./web/team-module').then((m) => ({ default: m.teamModule })),
  server: true,
});
