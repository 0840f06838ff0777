import { appEditor, type AccessPredicate } from '@civic/sdk/common/access';

/** entities.view: §6 "Admin and editor see Entities … viewers do not" — the role alone decides. */
export const canViewEntities: AccessPredicate = appEditor;
/** entities.edit: the same people create, change and delete entities. */
export const canEditEntities: AccessPredicate = appEditor;
