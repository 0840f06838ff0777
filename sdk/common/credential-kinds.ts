import type { ClassConstructor } from 'class-transformer';
import type { AccessPredicate } from '@civic/core/common/access';
import { defineExtensionPoint } from '@civic/core/common/plugins/extension-point';

/**
 * The light half of the credential SDK: what a credential plugin's manifest and its connection test
 * need, with no class-validator in it (manifests are read on every page after sign-in). Forms, DTO
 * helpers and API shapes are in `./credentials`, which re-exports this.
 */

/** What the test-connection function may call: the outbound client (https, allow-list, timeouts, no retries). */
export interface CredentialHttp {
  request(url: string, options?: { method?: 'GET' | 'POST' | 'HEAD'; headers?: Record<string, string>; json?: unknown; body?: string; timeoutMs?: number }): Promise<{ status: number; body: string }>;
}

/** A test's verdict in words an admin can act on; never the secret. */
export interface ConnectionCheck {
  ok: boolean;
  reason: string;
}

export type TestConnection<V> = (values: V, http: CredentialHttp) => Promise<ConnectionCheck>;

/** One credential kind, as a credential plugin contributes it to `CredentialKinds`. */
export interface CredentialKind<V extends object = object> {
  /** The plugin id: also the page path `/<id>` and the API path segment. */
  id: string;
  title: string;
  icon: string;
  /** The class-validator DTO of the non-secret and secret fields, labelled with `@CredentialField`. */
  fields: ClassConstructor<V>;
  /** Fields of `fields` that are secrets: sealed at rest, never sent back. */
  secrets: readonly string[];
  /** Calls the provider with the stored values (method syntax: a kind of any DTO fits the point). */
  testConnection?(values: V, http: CredentialHttp): Promise<ConnectionCheck>;
  /** Who reads this kind (shown on the page), e.g. "Single sign-on" or "Apps' live chat". */
  usedBy?: readonly string[];
  /** Who may manage credentials of this kind: platform admins (`<id>.manage`). */
  permission: AccessPredicate;
  /**
   * The field of §3's app patch in which an app names a credential of this kind by its name (live
   * chat: `liveChatService`): the platform admin's app editor offers the configured ones there.
   */
  appField?: 'liveChatService' | 'authenticationService';
}

/**
 * A credential kind as contributed to `CredentialKinds`: its DTO comes with `loadFields()`, so the
 * manifest — read on every page after sign-in — does not bring class-validator with it; the kind's own
 * page and the server load it (`resolveCredentialKind`).
 */
export type CredentialKindContribution<V extends object = object> = Omit<CredentialKind<V>, 'fields'> & {
  loadFields(): Promise<ClassConstructor<V>>;
};

/** The kind with its DTO loaded. */
export async function resolveCredentialKind<V extends object>(contribution: CredentialKindContribution<V>): Promise<CredentialKind<V>> {
  const { loadFields, ...rest } = contribution;
  return { ...rest, fields: await loadFields() };
}

/** The point every credential kind is contributed to; the `credentials` plugin reads it on both tiers. */
export const CredentialKinds = defineExtensionPoint<CredentialKindContribution>('credentials.kinds');

/** The usual reading of a provider's status for a connection test, in words an admin can act on. */
export function verdictOf(status: number, texts: { ok: string; refused: string; notFound?: string }): ConnectionCheck {
  if (status >= 200 && status < 300) return { ok: true, reason: texts.ok };
  if (status === 401 || status === 403) return { ok: false, reason: texts.refused };
  if (status === 404) return { ok: false, reason: texts.notFound ?? `The provider answered 404: check the address` };
  if (status >= 300 && status < 400) return { ok: false, reason: `The provider answered with a redirect (${status}): give the final address` };
  if (status === 429) return { ok: false, reason: 'The provider is limiting requests (429): try again later' };
  if (status >= 500) return { ok: false, reason: `The provider answered ${status}: it may be down` };
  return { ok: false, reason: `The provider answered ${status}` };
}

/** Reads a JSON answer; undefined when it is not JSON. */
export function jsonOf(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
