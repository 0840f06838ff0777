import { Role, roleAtLeast, type RoleCode } from '../roles';
import { SubscriptionTier, type RestrictionFlags } from '../model/tiers';
import type { Access, AccessContext, AccessPredicate } from './access-context';
import { definePermission } from './permission';

/** Building blocks for plugin predicates. Pure and synchronous; unit tested without React. */

// The core's own permissions are named too, so every route lists the rule that guards it.
export const anyone = definePermission({ id: 'core.anyone', description: 'Everyone, signed in or not.', predicate: () => true });

export const signedIn = definePermission({
  id: 'core.signed-in',
  description: 'Every fully signed-in user (second factor done).',
  predicate: (ctx) => ctx.user !== null && ctx.user.authLevel === 2,
});

export const platformAdmin = definePermission({
  id: 'core.platform-admin',
  description: 'Platform admins only.',
  predicate: (ctx) => ctx.user !== null && ctx.user.authLevel === 2 && ctx.user.isPlatformAdmin,
});

/** The role the user holds on the current app; platform admins count as ADMIN everywhere (§6). */
export function roleOnApp(ctx: AccessContext): RoleCode | undefined {
  if (!ctx.user || !ctx.app || ctx.user.authLevel !== 2) return undefined;
  if (ctx.user.isPlatformAdmin) return Role.ADMIN;
  return ctx.user.permissions[ctx.app.appId];
}

/** Holds at least `role` on the current app. */
export function appRole(role: RoleCode): AccessPredicate {
  return (ctx) => roleAtLeast(roleOnApp(ctx), role);
}

export const appViewer = definePermission({ id: 'core.app.viewer', description: 'Any role on the current app (platform admins count as ADMIN).', predicate: appRole(Role.VIEWER) });
export const appEditor = definePermission({ id: 'core.app.editor', description: 'EDITOR or ADMIN on the current app.', predicate: appRole(Role.EDITOR) });
export const appAdmin = definePermission({ id: 'core.app.admin', description: 'ADMIN on the current app.', predicate: appRole(Role.ADMIN) });

export const STARTER_TIER_REASON = 'Not available on the Starter tier';

/**
 * §6: for non-platform-admins on a Starter-tier app the feature is disabled unless the app's
 * restriction flag allows it.
 */
export function tierRestricted(flag: keyof RestrictionFlags): AccessPredicate {
  return (ctx) => {
    if (!ctx.app || !ctx.user) return false;
    if (ctx.user.isPlatformAdmin) return true;
    if (ctx.app.subscriptionTier !== SubscriptionTier.STARTER) return true;
    return ctx.app.restrictions[flag] ? true : { disabledReason: STARTER_TIER_REASON };
  };
}

export const superbotApp = definePermission({
  id: 'core.app.superbot',
  description: 'The current app is a superbot (REDIRECTION_ENGINE).',
  predicate: (ctx) => ctx.app?.isSuperbot === true,
});

export function featureFlag(name: string): AccessPredicate {
  return (ctx) => ctx.flags[name] === true;
}

/**
 * All must allow. The first refusal wins: hidden beats disabled, so a hidden item never shows a
 * reason it has no business showing.
 */
export function allOf(...predicates: AccessPredicate[]): AccessPredicate {
  return (ctx) => {
    let result: Access = true;
    for (const p of predicates) {
      const r = p(ctx);
      if (r === false) return false;
      if (r !== true && result === true) result = r;
    }
    return result;
  };
}

/** Any may allow; if none does, the first disabled reason, else hidden. */
export function anyOf(...predicates: AccessPredicate[]): AccessPredicate {
  return (ctx) => {
    let fallback: Access = false;
    for (const p of predicates) {
      const r = p(ctx);
      if (r === true) return true;
      if (r !== false && fallback === false) fallback = r;
    }
    return fallback;
  };
}
