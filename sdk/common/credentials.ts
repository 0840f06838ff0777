import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import type { ClassConstructor } from 'class-transformer';
import type { CredentialKind } from './credential-kinds';

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

/** Rules for a provider address typed into a credential form. */
export const HTTPS_URL: { protocols: string[]; require_protocol: boolean; require_tld: boolean } = { protocols: ['https'], require_protocol: true, require_tld: false };
export const httpsUrlMessage = 'Enter an https:// address';

export {
  CredentialKinds,
  jsonOf,
  resolveCredentialKind,
  verdictOf,
  type ConnectionCheck,
  type CredentialHttp,
  type CredentialKind,
  type CredentialKindContribution,
  type TestConnection,
} from './credential-kinds';
