import { appAdmin, appEditor, type AccessPredicate } from '@civic/sdk/common/access';

/** team.view: editors and admins see Team; viewers do not (§6). */
export const canViewTeam: AccessPredicate = appEditor;
/** team.manage: invite, change roles, remove — the app's admins and platform admins. */
export const canManageTeam: AccessPredicate = appAdmin;
