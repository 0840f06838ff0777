import { appEditor, appViewer, definePermission } from '@civic/sdk/common/access';

export const canViewKnowledgeBase = definePermission({
  id: 'knowledge-base.view',
  description: 'Anyone holding a role on the app reads intents, Q&A and the glossary (§6).',
  predicate: appViewer,
});
export const canEditKnowledgeBase = definePermission({
  id: 'knowledge-base.intent.edit',
  description: 'Editors and admins add, edit and delete intents, Q&A and glossary terms (§6 intent actions).',
  predicate: appEditor,
});
