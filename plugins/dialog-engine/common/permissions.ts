import { anyone, appEditor, appViewer, definePermission, platformAdmin } from '@civic/sdk/common/access';

export const canChat = definePermission({
  id: 'dialog-engine.chat',
  description: 'The public chat API; the routes themselves check origins, rate limits and draft membership.',
  predicate: anyone,
});
export const canConfigureEngine = definePermission({
  id: 'dialog-engine.configure',
  description: '/dialogFlow: dialog-engine configuration, for platform admins (§1).',
  predicate: platformAdmin,
});
export const canReplay = definePermission({
  id: 'dialog-engine.replay',
  description: 'Publish replay: whoever may publish (editors and admins) compares draft and production answers.',
  predicate: appEditor,
});
export const canViewThresholdAdvice = definePermission({
  id: 'dialog-engine.threshold-advice',
  description: "The fallback threshold trade-off: whoever sees the app's settings (viewers read, editors change them in App settings).",
  predicate: appViewer,
});
