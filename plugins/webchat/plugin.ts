import { definePlugin, slotPanel } from '@civic/sdk/common';
import { AppSettingsTabs } from '../app-settings/contract/app-settings-tabs';
import { IntentEditorSlot } from '../knowledge-base/contract/intent-editor-slot';
import { canReadPublicWidget, canViewWebChat } from './common/permissions';

/**
 * webchat: the web chat widget three ways — the fitting room (console preview on the draft
 * environment), the public sharing page (§2), and the embed script built from ./embed — plus the
 * Web Chat tab of App settings (§3 widget settings, §7 webchat-settings).
 */
export default definePlugin({
  id: 'webchat',
  title: 'Web chat',
  icon: 'chat',
  canAccess: canReadPublicWidget,
  routes: [
    {
      path: '/fitting-room/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Fitting room',
      canAccess: canViewWebChat,
      load: () => import('./web/fitting-room-page').then((m) => ({ default: m.FittingRoomPage })),
    },
    {
      path: '/sharing/:appId',
      layout: 'public',
      title: 'Chat',
      load: () => import('./web/sharing-page').then((m) => ({ default: m.SharingPage })),
    },
  ],
  nav: [
    { id: 'fitting-room', section: 'app', label: 'Fitting room', order: 880, to: '/fitting-room/:appId', icon: 'chat', canAccess: canViewWebChat },
  ],
  tabs: [
    {
      id: 'web-chat',
      title: 'Web Chat',
      strip: AppSettingsTabs,
      order: AppSettingsTabs.order.webChat,
      canAccess: canViewWebChat,
      load: () => import('./web/web-chat-tab').then((m) => ({ default: m.WebChatTab })),
    },
  ],
  panels: [
    slotPanel(IntentEditorSlot, {
      id: 'try-it',
      title: 'Try it',
      order: 10,
      canAccess: canViewWebChat,
      load: () => import('./web/try-it-panel').then((m) => ({ default: m.TryItPanel })),
    }),
  ],
  module: () => import('./web/webchat-module').then((m) => ({ default: m.webchatModule })),
  server: true,
  requires: ['app-settings', 'knowledge-base'],
});
