import { definePlugin, type PluginRoute } from '@civic/sdk/common';
import { AppSettingsTabs } from '../app-settings/contract/app-settings-tabs';
import { canManageReports, canUseAnalyticsPlugin, canViewAnalytics, canViewFeatureAnalytics, canViewSuperbotAnalytics } from './common/permissions';

const page = (path: string, title: string, load: PluginRoute['load'], canAccess = canViewAnalytics): PluginRoute => ({
  path, layout: 'main', appParam: 'appId', title, canAccess, load,
});

/**
 * analytics: reports over the dialog engine's sessions and transcripts (§2 /analytics/…), kept cheap by
 * hourly rollups; and, for platform admins, the console's own feature use (§7 feature-usages).
 */
export default definePlugin({
  id: 'analytics',
  title: 'Analytics',
  icon: 'timeline-bar-chart',
  requires: ['dialog-engine', 'app-settings'],
  canAccess: canUseAnalyticsPlugin,
  routes: [
    page('/analytics/:appId', 'Analytics', () => import('./web/dashboard-page').then((m) => ({ default: m.AnalyticsDashboardPage }))),
    page('/analytics/sessions/:appId', 'Sessions', () => import('./web/sessions-page').then((m) => ({ default: m.SessionsPage }))),
    page('/analytics/csat/:appId', 'CSAT', () => import('./web/csat-page').then((m) => ({ default: m.CsatPage }))),
    page('/analytics/intents/:appId', 'Intents', () => import('./web/intents-page').then((m) => ({ default: m.IntentsPage }))),
    page('/analytics/superbot/:appId', 'Superbot', () => import('./web/superbot-page').then((m) => ({ default: m.SuperbotPage }))),
    page('/analytics/botSummary/:appId', 'Bot summary', () => import('./web/bot-summary-page').then((m) => ({ default: m.BotSummaryPage }))),
    // §2: any other analytics path shows the dashboard.
    page('/analytics/:other/:appId', 'Analytics', () => import('./web/dashboard-page').then((m) => ({ default: m.AnalyticsDashboardPage }))),
    {
      path: '/feature-analytics',
      layout: 'main',
      title: 'Feature analytics',
      canAccess: canViewFeatureAnalytics,
      load: () => import('./web/feature-analytics-page').then((m) => ({ default: m.FeatureAnalyticsPage })),
    },
  ],
  tabs: [
    {
      id: 'reports',
      title: 'Reports',
      strip: AppSettingsTabs,
      order: AppSettingsTabs.order.reports,
      canAccess: canManageReports,
      load: () => import('./web/reports-tab').then((m) => ({ default: m.ReportsTab })),
    },
  ],
  nav: [
    { id: 'analytics', section: 'app', group: 'Analytics', label: 'Dashboard', order: 20, to: '/analytics/:appId', icon: 'timeline-bar-chart', canAccess: canViewAnalytics },
    { id: 'analytics-sessions', section: 'app', group: 'Analytics', label: 'Sessions', order: 21, to: '/analytics/sessions/:appId', canAccess: canViewAnalytics },
    { id: 'analytics-csat', section: 'app', group: 'Analytics', label: 'CSAT', order: 22, to: '/analytics/csat/:appId', canAccess: canViewAnalytics },
    { id: 'analytics-intents', section: 'app', group: 'Analytics', label: 'Intents', order: 23, to: '/analytics/intents/:appId', canAccess: canViewAnalytics },
    { id: 'analytics-superbot', section: 'app', group: 'Analytics', label: 'Superbot', order: 24, to: '/analytics/superbot/:appId', canAccess: canViewSuperbotAnalytics },
    { id: 'analytics-bot-summary', section: 'app', group: 'Analytics', label: 'Bot Summary', order: 25, to: '/analytics/botSummary/:appId', canAccess: canViewAnalytics },
    { id: 'feature-analytics', section: 'platform', label: 'Feature Analytics', order: 350, to: '/feature-analytics', icon: 'chart', canAccess: canViewFeatureAnalytics },
  ],
  module: () => import('./web/analytics-module').then((m) => ({ default: m.analyticsModule })),
  server: true,
});
