export {
  type Access,
  type AccessApp,
  type AccessContext,
  type AccessPredicate,
  type AccessUser,
  isAllowed,
  isVisible,
} from './access-context';
export { definePermission, permissionId, type Permission, type PermissionSpec } from './permission';
export {
  allOf,
  anyOf,
  anyone,
  appAdmin,
  appEditor,
  appRole,
  appViewer,
  featureFlag,
  platformAdmin,
  roleOnApp,
  signedIn,
  STARTER_TIER_REASON,
  superbotApp,
  tierRestricted,
} from './predicates';
