import { definePlugin } from '@civic/sdk/common';
import { canAdministerPlatform } from './common/permissions';

const chatApps = () => import('./web/chat-apps-page').then((m) => ({ default: m.ChatAppsPage }));

/** platform-admin: agencies, adaptors, chat app management, subscription tiers and feature flags (§1, §2). */
export default definePlugin({
  id: 'platform-admin',
  title: 'Platform administration',
  icon: 'office',
  canAccess: canAdministerPlatform,
  routes: [
    { path: '/agency', layout: 'main', title: 'Agencies', load: () => import('./web/agencies-page').then((m) => ({ default: m.AgenciesPage })) },
    { path: '/adaptor', layout: 'main', title: 'Adaptors', load: () => import('./web/adaptors-page').then((m) => ({ default: m.AdaptorsPage })) },
    { path: '/chatApp', layout: 'main', title: 'Chat Apps', load: chatApps },
    { path: '/subscription-tiers', layout: 'main', title: 'Subscription tiers', load: () => import('./web/tiers-page').then((m) => ({ default: m.TiersPage })) },
    { path: '/feature-flags', layout: 'main', title: 'Feature flags', load: () => import('./web/flags-page').then((m) => ({ default: m.FlagsPage })) },
  ],
  nav: [
    { id: 'agencies', section: 'platform', label: 'Agencies', order: 100, to: '/agency', icon: 'office' },
    { id: 'adaptors', section: 'platform', label: 'Adaptors', order: 200, to: '/adaptor', icon: 'exchange' },
    { id: 'chat-apps', section: 'platform', label: 'Chat Apps', order: 500, to: '/chatApp', icon: 'chat' },
    { id: 'subscription-tiers', section: 'platform', label: 'Subscription tiers', order: 510, to: '/subscription-tiers', icon: 'layers' },
    { id: 'feature-flags', section: 'platform', label: 'Feature flags', order: 520, to: '/feature-flags', icon: 'flag' },
  ],
  module: () => import('./web/platform-admin-module').then((m) => ({ default: m.platformAdminModule })),
  server: true,
});
