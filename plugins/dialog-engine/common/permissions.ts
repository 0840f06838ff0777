import { anyone, appEditor, appViewer, platformAdmin, type AccessPredicate } from '@civic/sdk/common/access';

/** The chat API is public; the routes themselves check origins, rate limits and draft membership. */
export const canChat: AccessPredicate = anyone;
/** /dialogFlow: dialog-engine configuration is for platform admins (§1). */
export const canConfigureEngine: AccessPredicate = platformAdmin;
/** Publish replay: whoever may publish (editors and admins of the app) compares draft and production answers. */
export const canReplay: AccessPredicate = appEditor;
/** The fallback threshold advice: whoever sees the app's settings (viewers read, editors change them in App settings). */
export const canViewThresholdAdvice: AccessPredicate = appViewer;
