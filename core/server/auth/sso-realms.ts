import crypto from 'node:crypto';
import type { SsoConfig } from '../config/server-config';
import type { DbExecutor } from '../db/database';
import type { Logger } from '../logging/logger';
import { SsoClient } from './sso-client';

/** An OpenID Connect realm: what a plugin (the SSO realm credential) may give instead of CIVIC_SSO_*. */
export interface SsoRealm {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Asked on each SSO request; undefined when the plugin has no realm configured. */
export type SsoRealmProvider = (db: DbExecutor) => Promise<SsoRealm | undefined>;

/**
 * Where single sign-on finds its realm: a plugin's provider when it answers one (the SSO realm
 * credential), else the environment (CIVIC_SSO_ISSUER …). Core names no plugin: a plugin hands
 * its provider over at mount (`api.identity.provideSsoRealm`). MFA enforcement stays the
 * environment's (CIVIC_SSO_MFA_ENFORCED).
 */
export class SsoRealms {
  private provider?: SsoRealmProvider;
  private readonly clients = new Map<string, SsoClient>();

  constructor(
    private readonly env: SsoConfig | undefined,
    private readonly redirectUri: string,
    private readonly log: Logger,
  ) {}

  provide(provider: SsoRealmProvider): void {
    if (this.provider) throw new Error('Two plugins provide the single sign-on realm');
    this.provider = provider;
  }

  get mfaEnforced(): boolean {
    return this.env?.mfaEnforced ?? false;
  }

  async realm(db: DbExecutor): Promise<SsoRealm | undefined> {
    if (this.provider) {
      try {
        const given = await this.provider(db);
        if (given) return given;
      } catch (error) {
        // A realm whose secret cannot be opened (tampered, key gone) falls back to the environment.
        this.log.warn({ err: error instanceof Error ? error.message : 'unknown' }, 'the single sign-on realm of a plugin could not be read');
      }
    }
    return this.env;
  }

  async client(db: DbExecutor): Promise<SsoClient | undefined> {
    const realm = await this.realm(db);
    if (!realm) return undefined;
    // One client (and discovery) per realm; a changed secret makes a new one.
    const key = crypto.createHash('sha256').update(`${realm.issuer}\n${realm.clientId}\n${realm.clientSecret}`).digest('hex');
    let client = this.clients.get(key);
    if (!client) {
      client = new SsoClient({ ...realm, mfaEnforced: this.mfaEnforced }, this.redirectUri);
      this.clients.clear();
      this.clients.set(key, client);
    }
    return client;
  }
}
