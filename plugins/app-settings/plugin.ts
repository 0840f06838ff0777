import { definePlugin } from '@civic/sdk/common';
import { AppSettingsTabs } from './contract/app-settings-tabs';
import { canViewAppSettings } from './common/permissions';

const settingsPage = () => import('./web/app-settings-page').then((m) => ({ default: m.AppSettingsPage }));

/** app-settings: the App settings page, its General and Knowledge base tabs; other plugins add tabs. */
export default definePlugin({
  id: 'app-settings',
  title: 'App settings',
  icon: 'cog',
  canAccess: canViewAppSettings,
  routes: [
    // §2: the gear beside the app switcher opens this page.
    { path: '/app-settings/:appId', layout: 'main', appParam: 'appId', title: 'App settings', landmark: 'settings', load: settingsPage },
    { path: '/app-settings/:tabId/:appId', layout: 'main', appParam: 'appId', title: 'App settings', load: settingsPage },
  ],
  nav: [{ id: 'settings', section: 'app', label: 'Settings', order: 900, to: '/app-settings/:appId', icon: 'cog' }],
  tabs: [
    {
      id: 'general',
      title: 'General',
      strip: AppSettingsTabs,
      order: AppSettingsTabs.order.general,
      load: () => import('./web/general-tab').then((m) => ({ default: m.GeneralTab })),
    },
    {
      id: 'knowledge-base',
      title: 'Knowledge base',
      strip: AppSettingsTabs,
      order: AppSettingsTabs.order.knowledgeBase,
      load: () => import('./web/knowledge-base-tab').then((m) => ({ default: m.KnowledgeBaseTab })),
    },
  ],
  module: () => import('./web/app-settings-module').then((m) => ({ default: m.appSettingsModule })),
  server: true,
});
