import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import got from 'got';
import Provider from 'oidc-provider';
import { CookieJar } from 'tough-cookie';

export const IDP_CLIENT = { id: 'civic-console', secret: 'test-client-secret-1234' };

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, with its development login and
 * consent pages. Any login name signs in; the name is the subject and the email, and a name that
 * starts with "unverified." has email_verified false. Shared by the API tests (which play the
 * browser with `signIn`) and the browser e2e tests (where a real browser fills the IdP's pages).
 */
export class TestIdp {
  private server?: Server;
  issuer = '';

  /** Starts the provider for a client whose only redirect URI is `redirectUri`; returns the issuer. */
  async start(redirectUri: string): Promise<string> {
    let port = 0;
    const probe = (await import('node:net')).createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    this.issuer = `http://127.0.0.1:${port}`;
    const provider = new Provider(this.issuer, {
      clients: [{ client_id: IDP_CLIENT.id, client_secret: IDP_CLIENT.secret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
      findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, email: sub.replace(/^unverified\./, ''), email_verified: !sub.startsWith('unverified.') }) }),
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      pkce: { required: () => true },
    });
    this.server = provider.listen(port, '127.0.0.1');
    await new Promise((resolve) => this.server!.once('listening', resolve));
    return this.issuer;
  }

  /**
   * Plays the browser at the IdP: follows its redirects, fills the login form with `login` and
   * confirms consent, until it redirects to `callbackPrefix`; returns that URL.
   */
  async signIn(authorizationUrl: string, login: string, callbackPrefix: string): Promise<URL> {
    const http = got.extend({ cookieJar: new CookieJar(), followRedirect: false, throwHttpErrors: false, retry: { limit: 0 } });
    let next = authorizationUrl;
    for (let step = 0; step < 12; step++) {
      const response = await http(next);
      let location: string | undefined;
      if (response.statusCode >= 300 && response.statusCode < 400) {
        location = new URL(response.headers.location!, next).href;
      } else {
        const action = /<form[^>]*action="([^"]+)"/.exec(response.body)?.[1];
        if (!action) throw new Error(`IdP page without a form (${response.statusCode})`);
        const form: Record<string, string> = {};
        for (const m of response.body.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) form[m[1]] = m[2];
        if (/name="login"/.test(response.body)) Object.assign(form, { login, password: 'any' });
        const posted = await http.post(action, { form });
        location = new URL(posted.headers.location!, action).href;
      }
      if (location.startsWith(callbackPrefix)) return new URL(location);
      next = location;
    }
    throw new Error('the IdP never redirected back');
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
