import type { RoleCode } from '../roles';
import type { ChuMode, NlpEngineService } from '../model/app';
import type { RestrictionFlags, SubscriptionTierName } from '../model/tiers';
import type { DeploymentSwitches } from '../model/api';

/**
 * The one vocabulary of access, the same on both tiers: a snapshot of who asks, about which app,
 * under which deployment flags. Predicates read it and nothing else.
 */
export interface AccessContext {
  user: AccessUser | null;
  app: AccessApp | null;
  flags: Readonly<Record<string, boolean>>;
  switches: DeploymentSwitches;
  /** App ids that have the subscriber page (deployment profile). */
  subscriberAppIds: readonly string[];
}

export interface AccessUser {
  id: string;
  isPlatformAdmin: boolean;
  permissions: Readonly<Record<string, RoleCode>>;
  authLevel: 1 | 2;
}

export interface AccessApp {
  appId: string;
  subscriptionTier: SubscriptionTierName;
  isSuperbot: boolean;
  restrictions: RestrictionFlags;
  isPlaygroundEnabled: boolean;
  chuMode: ChuMode | null;
  nlpEngineService: NlpEngineService;
}

/**
 * A predicate's answer: `true` allowed; `false` hidden (and refused on the server);
 * `{ disabledReason }` shown but disabled, with the reason for a tooltip (refused on the server).
 */
export type Access = boolean | { disabledReason: string };
export type AccessPredicate = (ctx: AccessContext) => Access;

export function isAllowed(access: Access): boolean {
  return access === true;
}

export function isVisible(access: Access): boolean {
  return access !== false;
}
