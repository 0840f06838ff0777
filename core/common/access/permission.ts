import type { Access, AccessContext, AccessPredicate } from './access-context';

/**
 * A named permission (Backstage's `createPermission`): an access predicate with an id you can list.
 * It is still a predicate — the sidebar, `useAccess`, a settings tab and a server route's `access`
 * all take it as they take any predicate — and the id says which rule refused, in the API reference
 * (docs/api.md) and wherever permissions are listed. The id is prefixed by the owner's plugin id
 * (`knowledge-base.intent.edit`; the core's own: `core.…`).
 */
export interface Permission extends AccessPredicate {
  readonly id: string;
  /** One sentence: who holds it and what it lets them do. */
  readonly description: string;
}

export interface PermissionSpec {
  id: string;
  description: string;
  /** Who holds it: a pure, synchronous predicate (built from `appEditor`, `allOf`, …). */
  predicate: AccessPredicate;
}

const PERMISSION_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*(\.[a-z][a-z0-9]*(-[a-z0-9]+)*)+$/;

/** Declares a named permission. */
export function definePermission({ id, description, predicate }: PermissionSpec): Permission {
  if (!PERMISSION_ID.test(id)) {
    throw new Error(`Permission id "${id}" must be "<plugin id>.<name>", dotted kebab-case`);
  }
  const check = (ctx: AccessContext): Access => predicate(ctx);
  // A function's `name` is read-only; the id goes beside it, and the permission cannot be changed.
  return Object.freeze(Object.assign(check, { id, description }));
}

/** The id of a named permission, or undefined for an anonymous predicate. */
export function permissionId(predicate: AccessPredicate | undefined): string | undefined {
  const id = (predicate as Partial<Permission> | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}
