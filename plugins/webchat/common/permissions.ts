import { anyone, appEditor, appViewer, definePermission } from '@civic/sdk/common/access';

export const canViewWebChat = definePermission({
  id: 'webchat.view',
  description: 'Anyone with a role on the app reads the widget settings and opens the fitting room.',
  predicate: appViewer,
});
export const canEditWebChat = definePermission({
  id: 'webchat.edit',
  description: 'Editors and admins change the widget settings (§7 PUT webchat-settings).',
  predicate: appEditor,
});
export const canReadPublicWidget = definePermission({
  id: 'webchat.widget.read',
  description: 'The sharing page and the embed script read the public widget settings without signing in.',
  predicate: anyone,
});
