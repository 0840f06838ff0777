import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/** Where a credential is wanted: the most specific configured one wins (app, then agency, then platform-wide). */
export interface CredentialScope {
  appId?: string;
  agencyId?: string;
}

/** A credential with its secrets opened, for the server code that calls the provider. Never send it to a browser. */
export interface ResolvedCredential {
  id: string;
  name: string;
  kind: string;
  scope: 'platform' | 'agency' | 'app';
  /** Every field of the kind, secrets included (those not configured are absent). */
  values: Record<string, string>;
}

/**
 * `credentials.resolve(kind, scope)`: how other plugins use a credential, never by reading the
 * table. Undefined when no credential of that kind applies. A secret that cannot be opened
 * (tampered, or sealed with a key the server no longer holds) throws an HttpError 409 that says
 * so (in a route, the caller sees it; never the value).
 */
export interface CredentialResolver {
  resolve(db: DbExecutor, kind: string, scope?: CredentialScope): Promise<ResolvedCredential | undefined>;
  /** The credential `resolve` would answer, without its values: whether one applies and its name (nothing is opened). */
  find(db: DbExecutor, kind: string, scope?: CredentialScope): Promise<Omit<ResolvedCredential, 'values'> | undefined>;
  /** The credential of a kind an app names by its name (live chat: the app's `liveChatService`). */
  resolveNamed(db: DbExecutor, kind: string, name: string): Promise<ResolvedCredential | undefined>;
  /** The configured credentials of a kind (names and scopes only), e.g. for a picker. */
  list(db: DbExecutor, kind: string): Promise<{ id: string; name: string; scope: string; agencyId: string | null; appId: string | null }[]>;
}
export const CredentialResolver = defineServiceRef<CredentialResolver>('credentials.resolver');
