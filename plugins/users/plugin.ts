import { definePlugin } from '@civic/sdk/common';
import { canManageUsers } from './common/permissions';

/** users: account administration for platform admins (/users; §2 guard rule "/users is only for platform admins"). */
export default definePlugin({
  id: 'users',
  title: 'Users',
  icon: 'people',
  canAccess: canManageUsers,
  routes: [
    {
      path: '/users',
      layout: 'main',
      title: 'Users',
      load: () => import('./web/users-page').then((m) => ({ default: m.UsersPage })),
    },
  ],
  nav: [{ id: 'users', section: 'platform', label: 'Users', order: 900, to: '/users', icon: 'people' }],
  module: () => import('./web/users-module').then((m) => ({ default: m.usersModule })),
  server: true,
});
