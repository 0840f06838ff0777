import * as oidc from 'openid-client';
import type { SsoConfig } from '../config/server-config';

/** What the console learns from the IdP about the person signing in. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
}

/**
 * The OpenID Connect relying party (openid-client v6): authorization code flow with PKCE (S256),
 * state and nonce. Discovery runs once, on first use, so a server starts even while the IdP is down.
 */
export class SsoClient {
  private configuration?: Promise<oidc.Configuration>;

  constructor(
    private readonly sso: SsoConfig,
    private readonly redirectUri: string,
  ) {}

  async authorizationUrl(state: string, nonce: string, codeVerifier: string): Promise<string> {
    const config = await this.config();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return url.href;
  }

  /** Redeems the callback's code; throws on any mismatch (state, nonce, PKCE, signature, issuer). */
  async redeem(callbackUrl: URL, state: string, nonce: string, codeVerifier: string): Promise<SsoIdentity> {
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: codeVerifier, expectedState: state, expectedNonce: nonce });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    // Email is often only in userinfo; ask for it with the access token, bound to the same subject.
    const info = claims.email === undefined ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub) : claims;
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof info.email === 'string' ? info.email : undefined,
      emailVerified: info.email_verified === true,
    };
  }

  private config(): Promise<oidc.Configuration> {
    const issuer = new URL(this.sso.issuer);
    // Plain http only for an IdP on loopback (tests, local demos); anything else must be https.
    const loopback = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    this.configuration ??= oidc
      .discovery(issuer, this.sso.clientId, this.sso.clientSecret, undefined, loopback ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }
}
