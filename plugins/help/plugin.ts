import { definePlugin } from '@civic/sdk/common';
import { anyone, featureFlag } from '@civic/sdk/common/access';

/**
 * help: the user guide for agency staff, as the /help page and as the PDF that the user menu's HELP
 * opens (§2). One source text (common/guide.ts) for both. The PDF is public, so anyone holding the
 * link (e.g. in a mail) can read it.
 */
export default definePlugin({
  id: 'help',
  title: 'Help',
  icon: 'help',
  canAccess: anyone,
  routes: [
    {
      path: '/help',
      layout: 'main',
      title: 'Help',
      load: () => import('./web/help-page').then((m) => ({ default: m.HelpPage })),
    },
  ],
  nav: [
    // §2, §6: an external link, shown while the helpdesk flag is on and the deployment names a helpdesk.
    { id: 'helpdesk', section: 'app', label: 'Helpdesk', order: 990, to: '{helpdeskUrl}', external: true, icon: 'headset', canAccess: featureFlag('helpdesk') },
  ],
  server: true,
});
