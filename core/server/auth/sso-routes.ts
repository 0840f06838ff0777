import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { anyone } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import { SsoExchangeDto } from '@civic/core/common/dto/sso-exchange.dto';
import { isAllowedEmailDomain } from '@civic/core/common/identity/email-domain';
import { Messages } from '@civic/core/common/messages';
import type { LoginResult } from '@civic/core/common/model/api';
import type { DbExecutor } from '../db/database';
import { ssoFlows, ssoIdentities, users } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { RedirectResult } from '../http/route-definition';
import type { RouteAdder } from '../http/route-registry';
import type { Identity } from './identity';
import type { LoginService } from './login-service';
import type { SsoIdentity } from './sso-client';
import type { SsoRealms } from './sso-realms';
import { findUserByEmail } from './user-directory';

const FLOW_MS = 10 * 60_000;
const COOKIE = 'civic_sso';

const digest = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/**
 * "Sign in with SSO" (OpenID Connect). login → IdP → callback → /login?ssoCode=… → the browser
 * POSTs the one-time code to exchange and gets its token in a JSON body: a token never travels in a
 * URL. Users are linked on issuer + subject; the first sign-in links by a verified email on an
 * allowed domain, to an existing active account only. Without CIVIC_SSO_MFA_ENFORCED=on the OTP
 * step still follows.
 */
export function registerSsoRoutes(routes: RouteAdder, identity: Identity, login: LoginService, realms: SsoRealms): void {
  const { config } = identity;
  const clientOf = async (db: DbExecutor) => {
    const client = await realms.client(db);
    if (!client) throw new HttpError(404, Messages.ssoFailed);
    return client;
  };
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = (value: string, maxAgeSeconds: number) => `${COOKIE}=${value}; Path=/api/v1/auth/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
  const toLogin = (query: Record<string, string>): RedirectResult => ({ location: identity.consoleUrl('/login', query), setCookies: [cookie('', 0)] });

  routes.add({
    method: 'GET',
    url: CoreApi.ssoLogin,
    auth: 'public',
    access: anyone,
    redirect: true,
    redirectOnError: () => toLogin({ ssoError: '1' }),
    rateLimited: true,
    description: 'Full page navigation: starts the OpenID Connect sign-in (PKCE, state, nonce) → 303 to the IdP',
    handler: async (ctx): Promise<RedirectResult> => {
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await ctx.db.insert(ssoFlows).values({ state, nonce, codeVerifier, createdAt: ctx.now, expiresAt: new Date(ctx.now.getTime() + FLOW_MS) });
      return { location: await (await clientOf(ctx.db)).authorizationUrl(state, nonce, codeVerifier), setCookies: [cookie(state, FLOW_MS / 1000)] };
    },
  });

  routes.add({
    method: 'GET',
    url: CoreApi.ssoCallback,
    auth: 'public',
    access: anyone,
    redirect: true,
    redirectOnError: () => toLogin({ ssoError: '1' }),
    rateLimited: true,
    description: "The IdP's redirect: links the user, then 303 to /login?ssoCode=… (or ?ssoError=1)",
    handler: async (ctx): Promise<RedirectResult> => {
      const callbackUrl = new URL(`${config.publicUrl}${ctx.requestUrl}`);
      const state = callbackUrl.searchParams.get('state') ?? '';
      // The cookie binds the flow to the browser that started it (login CSRF).
      if (!state || ctx.cookies[COOKIE] !== state) return toLogin({ ssoError: '1' });
      const [flow] = await ctx.db
        .select()
        .from(ssoFlows)
        .where(and(eq(ssoFlows.state, state), isNull(ssoFlows.exchangeHash), gt(ssoFlows.expiresAt, ctx.now)))
        .limit(1);
      if (!flow) return toLogin({ ssoError: '1' });
      let person: SsoIdentity;
      try {
        person = await (await clientOf(ctx.db)).redeem(callbackUrl, state, flow.nonce, flow.codeVerifier);
      } catch (error) {
        ctx.log.warn({ err: error }, 'SSO callback refused');
        return toLogin({ ssoError: '1' });
      }
      const userId = await linkedUser(ctx.db, identity, person, ctx.now);
      if (!userId) {
        ctx.log.info({ issuer: person.issuer }, 'SSO sign-in of an unknown or unverified identity refused');
        return toLogin({ ssoError: '1' });
      }
      const code = crypto.randomBytes(32).toString('base64url');
      await ctx.db.update(ssoFlows).set({ userId, exchangeHash: digest(code) }).where(eq(ssoFlows.state, state));
      return toLogin({ ssoCode: code });
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.ssoExchange,
    auth: 'public',
    access: anyone,
    body: SsoExchangeDto,
    rateLimited: true,
    transaction: false,
    audit: { action: 'auth.sso-login', summary: (_ctx, result: LoginResult) => (result.otpRequired ? 'SSO accepted, OTP sent' : 'signed in with SSO') },
    description: '{ code } from /login?ssoCode=…, once → LoginResult (OTP step unless the IdP enforces MFA)',
    handler: async (ctx): Promise<LoginResult> => {
      const [flow] = await ctx.db
        .update(ssoFlows)
        .set({ usedAt: ctx.now })
        .where(and(eq(ssoFlows.exchangeHash, digest(ctx.body.code)), isNull(ssoFlows.usedAt), gt(ssoFlows.expiresAt, ctx.now)))
        .returning({ userId: ssoFlows.userId });
      const [account] = flow?.userId ? await ctx.db.select().from(users).where(eq(users.id, flow.userId)).limit(1) : [];
      if (!account?.isActive || account.isLocked) throw new HttpError(401, Messages.ssoFailed);
      ctx.audit({ actor: { id: account.id, email: account.email }, target: account.email });
      if (realms.mfaEnforced || !config.switches.twoFactor) return login.completeSignIn(ctx.db, account.id, ctx.now, { ip: ctx.ip, userAgent: ctx.userAgent });
      return login.startSecondFactor(account.id, account.email, account.totpEnabledAt !== null, ctx.now);
    },
  });
}

/** The account of an IdP identity: linked before, or linked now by a verified, allowed email. */
async function linkedUser(db: DbExecutor, identity: Identity, person: SsoIdentity, now: Date): Promise<string | undefined> {
  const [linked] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, person.issuer), eq(ssoIdentities.subject, person.subject)))
    .limit(1);
  if (linked) return linked.userId;
  if (!person.email || !person.emailVerified) return undefined;
  if (!isAllowedEmailDomain(person.email, identity.config.profile.allowedEmailDomains)) return undefined;
  const account = await findUserByEmail(db, person.email);
  if (!account?.isActive) return undefined;
  await db.insert(ssoIdentities).values({ issuer: person.issuer, subject: person.subject, userId: account.id, createdAt: now }).onConflictDoNothing();
  identity.log.info({ userId: account.id, issuer: person.issuer }, 'SSO identity linked to an account');
  return account.id;
}
