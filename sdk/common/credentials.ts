import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import type { ClassConstructor } from 'class-transformer';
import type { AccessPredicate } from '@civic/core/common/access';
import { defineExtensionPoint } from '@civic/core/common/plugins/extension-point';

/**
 * Integration credentials (spec §1): what a credential plugin declares and both tiers share. A
 * credential plugin is one `defineCredentialPlugin({...})` (`@civic/sdk/credentials`); the
 * `credentials` plugin serves every declared kind — its table, sealed secrets, routes, audit — and
 * the console generates its pages from the same declaration.
 */

/** Label and help of one field of a credential DTO, for the generated form. */
export interface CredentialFieldText {
  label: string;
  help?: string;
  placeholder?: string;
}

const FIELD_TEXTS = new WeakMap<object, Map<string, CredentialFieldText>>();

/** Names a field of a credential DTO in the generated form (declaration order is form order). */
export function CredentialField(text: CredentialFieldText): PropertyDecorator {
  return (target, property) => {
    const ctor = (target as { constructor: object }).constructor;
    const texts = FIELD_TEXTS.get(ctor) ?? new Map<string, CredentialFieldText>();
    texts.set(String(property), text);
    FIELD_TEXTS.set(ctor, texts);
  };
}

/** The fields of a credential DTO with their texts, in declaration order (parents first). */
export function credentialFieldsOf(cls: ClassConstructor<object>): { name: string; text: CredentialFieldText }[] {
  const chain: object[] = [];
  for (let c: object | null = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c) as object | null) chain.unshift(c);
  return chain.flatMap((c) => [...(FIELD_TEXTS.get(c) ?? new Map<string, CredentialFieldText>())].map(([name, text]) => ({ name, text })));
}

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

/** The point every credential kind is contributed to; the `credentials` plugin reads it on both tiers. */
export const CredentialKinds = defineExtensionPoint<CredentialKind>('credentials.kinds');

export type CredentialScopeKind = 'platform' | 'agency' | 'app';
export const CREDENTIAL_SCOPES: readonly CredentialScopeKind[] = ['platform', 'agency', 'app'];

export const CredentialMessages = {
  nameRequired: 'Enter a name for this credential',
  nameTooLong: 'The name can be at most 100 characters',
  scopeInvalid: 'Choose platform-wide, an agency or an app',
  agencyRequired: 'Choose the agency this credential is for',
  appRequired: 'Enter the app this credential is for',
  secretRequired: 'Enter the new value',
} as const;

/** Where a credential applies: on every kind's body beside its fields. */
export interface CredentialEnvelope {
  name: string;
  scope: CredentialScopeKind;
  agencyId?: string;
  appId?: string;
}

const BODIES = new WeakMap<object, { create: ClassConstructor<object>; update: ClassConstructor<object> }>();

/**
 * The bodies of a kind's create and update routes — the same classes validate the form: the kind's
 * fields plus name and scope. On update a secret left out (or empty) keeps its sealed value.
 */
export function credentialBodies(kind: Pick<CredentialKind, 'fields' | 'secrets'>): { create: ClassConstructor<object>; update: ClassConstructor<object> } {
  const known = BODIES.get(kind.fields);
  if (known) return known;
  const Fields = kind.fields as ClassConstructor<object>;
  class Create extends Fields {}
  class Update extends Fields {}
  for (const cls of [Create, Update]) {
    for (const [name, decorators] of envelopeRules) for (const decorate of decorators) decorate(cls.prototype, name);
  }
  for (const secret of kind.secrets) {
    ValidateIf((o: Record<string, unknown>) => o[secret] !== undefined && o[secret] !== '')(Update.prototype, secret);
  }
  Object.defineProperty(Create, 'name', { value: `${kind.fields.name}Create` });
  Object.defineProperty(Update, 'name', { value: `${kind.fields.name}Update` });
  const bodies = { create: Create, update: Update };
  BODIES.set(kind.fields, bodies);
  return bodies;
}

/** The envelope's rules, applied to each generated body (class-validator keys rules by class). */
const envelopeRules: [string, PropertyDecorator[]][] = [
  ['name', [IsString({ message: CredentialMessages.nameRequired }), IsNotEmpty({ message: CredentialMessages.nameRequired }), MaxLength(100, { message: CredentialMessages.nameTooLong })]],
  ['scope', [IsIn(CREDENTIAL_SCOPES, { message: CredentialMessages.scopeInvalid })]],
  ['agencyId', [ValidateIf((o: CredentialEnvelope) => o.scope === 'agency'), IsString({ message: CredentialMessages.agencyRequired }), IsNotEmpty({ message: CredentialMessages.agencyRequired })]],
  ['appId', [ValidateIf((o: CredentialEnvelope) => o.scope === 'app'), IsString({ message: CredentialMessages.appRequired }), IsNotEmpty({ message: CredentialMessages.appRequired })]],
];

/** Replacing (rotating) one secret: the value is checked with that field's rules of the kind's DTO. */
export class CredentialSecretDto {
  @IsString({ message: CredentialMessages.secretRequired })
  @IsNotEmpty({ message: CredentialMessages.secretRequired })
  value = '';
}

/** Optional filter of the list. */
export class CredentialListQueryDto {
  @IsOptional()
  @IsIn(CREDENTIAL_SCOPES, { message: CredentialMessages.scopeInvalid })
  scope?: CredentialScopeKind;
}

/** What the API tells about a secret: never the value. */
export interface SecretState {
  isConfigured: boolean;
  /** At most the last four characters, only for values of 12 characters or more. */
  lastFour?: string;
  setBy?: string;
  setAt?: string;
}

export type CredentialTestStatus = 'ok' | 'failed';

export interface CredentialView {
  id: string;
  kind: string;
  name: string;
  scope: CredentialScopeKind;
  agencyId: string | null;
  appId: string | null;
  /** The non-secret fields. */
  values: Record<string, string>;
  secrets: Record<string, SecretState>;
  lastTestedAt: string | null;
  lastTestStatus: CredentialTestStatus | null;
  lastTestReason: string | null;
  lastTestLatencyMs: number | null;
  updatedAt: string;
  updatedBy: string | null;
}

export interface CredentialTestResult {
  status: CredentialTestStatus;
  latencyMs: number;
  reason: string;
  testedAt: string;
}

/** The API of every kind (the credentials plugin mounts them per kind). */
export const CredentialApi = {
  base: '/api/v1/admin/credentials',
  list: (kind: string) => `/api/v1/admin/credentials/${kind}`,
  item: (kind: string, id: string) => `/api/v1/admin/credentials/${kind}/${id}`,
  test: (kind: string, id: string) => `/api/v1/admin/credentials/${kind}/${id}/test`,
  secret: (kind: string, id: string, field: string) => `/api/v1/admin/credentials/${kind}/${id}/secrets/${field}`,
  /** The agencies a credential may be scoped to (the form's choices). */
  scopes: '/api/v1/admin/credential-scopes',
} as const;

export interface CredentialScopes {
  agencies: { id: string; name: string }[];
}

/** The last four characters of a long secret, else nothing (a short one would be half given away). */
export function lastFourOf(value: string): string | undefined {
  return value.length >= 12 ? value.slice(-4) : undefined;
}

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

/** Rules for a provider address typed into a credential form. */
export const HTTPS_URL: { protocols: string[]; require_protocol: boolean; require_tld: boolean } = { protocols: ['https'], require_protocol: true, require_tld: false };
export const httpsUrlMessage = 'Enter an https:// address';
