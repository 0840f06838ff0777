import { definePlugin } from '@civic/sdk/common';
import { canOpenSubscriberPage, canUseSubscriptions } from './common/permissions';

/**
 * subscribers: the citizens who opted in to an app's announcements (service disruptions, deadlines)
 * on a channel — the console page /subscriber/{appId} (only for the profile's subscriberAppIds) and
 * the public opt-in and unsubscribe API the widget and channel adaptors call.
 */
export default definePlugin({
  id: 'subscribers',
  title: 'Subscriber',
  // The public routes are for everyone; the page, the nav entry and each console route say who.
  canAccess: canUseSubscriptions,
  routes: [
    {
      path: '/subscriber/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Subscriber',
      canAccess: canOpenSubscriberPage,
      load: () => import('./web/subscribers-page').then((m) => ({ default: m.SubscribersPage })),
    },
  ],
  // §2: the App menu ends with Subscriber (after Helpdesk, 990).
  nav: [{ id: 'subscriber', section: 'app', label: 'Subscriber', order: 1000, to: '/subscriber/:appId', icon: 'notifications', canAccess: canOpenSubscriberPage }],
  module: () => import('./web/subscribers-module').then((m) => ({ default: m.subscribersModule })),
  server: true,
});
