import { anyone, appEditor, appViewer, type AccessPredicate } from '@civic/sdk/common/access';

/** webchat.view: anyone with a role on the app reads the widget settings and opens the fitting room. */
export const canViewWebChat: AccessPredicate = appViewer;
/** webchat.edit: editors and admins change the widget settings (§7 PUT webchat-settings). */
export const canEditWebChat: AccessPredicate = appEditor;
/** The sharing page and the embed script read the public widget settings without signing in. */
export const canReadPublicWidget: AccessPredicate = anyone;
