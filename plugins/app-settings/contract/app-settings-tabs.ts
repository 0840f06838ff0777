import { defineTabStrip } from '@civic/sdk/common';

/**
 * The App settings page's tabs (§2 "App settings tabs"): any plugin may add one. `order` holds the
 * places §2 lists, so tabs from different plugins line up as it does (General, Web Chat, Knowledge
 * base, Bot Publishing, Gen AI Behaviour, Reports). A tab gets `{ appId }`.
 */
export const AppSettingsTabs = defineTabStrip('app-settings.tabs', {
  general: 10,
  webChat: 20,
  knowledgeBase: 30,
  botPublishing: 40,
  genAiBehaviour: 50,
  reports: 60,
});
