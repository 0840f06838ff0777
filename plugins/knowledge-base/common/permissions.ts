import { appEditor, appViewer, type AccessPredicate } from '@civic/sdk/common/access';

/** knowledge-base.view: anyone holding a role on the app reads intents, Q&A and the glossary (§6). */
export const canViewKnowledgeBase: AccessPredicate = appViewer;
/** knowledge-base.edit: editors and admins add, edit and delete (§6 intent actions). */
export const canEditKnowledgeBase: AccessPredicate = appEditor;
