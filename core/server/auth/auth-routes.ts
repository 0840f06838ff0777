import { anyone, signedIn } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import type { DbExecutor } from '../db/database';
import { LoginDto } from '@civic/core/common/dto/login.dto';
import { Messages } from '@civic/core/common/messages';
import type { AuthConfig, CaptchaChallenge, LoginResult, MeResult } from '@civic/core/common/model/api';
import type { ServerConfig } from '../config/server-config';
import { HttpError } from '../http/http-error';
import type { RouteAdder } from '../http/route-registry';
import type { Identity } from './identity';
import type { LoginService } from './login-service';
import { requireCaptcha } from './require-captcha';

export interface AuthRouteDeps {
  config: ServerConfig;
  login: LoginService;
  identity: Identity;
  /** Whether single sign-on is offered: mounted, and a realm (plugin's or environment's) is there now. */
  ssoEnabled?: (db: DbExecutor) => Promise<boolean>;
}

/** Sign-in and session routes (§7). OTP, signup/activation and password routes have their own files. */
export function registerAuthRoutes(routes: RouteAdder, { config, login, identity, ssoEnabled }: AuthRouteDeps): void {
  const sessions = identity.sessions;
  routes.add({
    method: 'GET',
    url: CoreApi.authConfig,
    auth: 'public',
    access: anyone,
    description: 'The login key the browser encrypts the password with, and which sign-in steps apply',
    handler: async (ctx): Promise<AuthConfig> => ({
      loginKey: config.keys.loginKey.toString('base64'),
      twoFactor: config.switches.twoFactor,
      captcha: config.switches.captcha,
      ssoEnabled: ssoEnabled ? await ssoEnabled(ctx.db) : config.sso !== undefined,
      allowedEmailDomains: [...config.profile.allowedEmailDomains],
    }),
  });

  routes.add({
    method: 'GET',
    url: CoreApi.captcha,
    auth: 'public',
    access: anyone,
    rateLimited: true,
    description: 'A proof-of-work captcha challenge (ALTCHA v1) for login, signup and forgot-password',
    handler: (ctx): Promise<CaptchaChallenge> => identity.captcha.challenge(ctx.now),
  });

  routes.add({
    method: 'POST',
    url: CoreApi.login,
    auth: 'public',
    access: anyone,
    body: LoginDto,
    // The failure counter and the spent nonce must persist even though the answer is an error.
    transaction: false,
    rateLimited: true,
    audit: { action: 'auth.login', summary: (_ctx, result: LoginResult) => (result.otpRequired ? 'password accepted, OTP sent' : 'signed in') },
    description: 'Password sign-in; password = base64(iv):base64(AES-256-GCM(password|unixSeconds))',
    handler: async (ctx): Promise<LoginResult> => {
      await requireCaptcha(identity, ctx.db, ctx.body.captcha, ctx.now);
      const outcome = await login.login(ctx.body.email, ctx.body.password, ctx.now, { ip: ctx.ip, userAgent: ctx.userAgent });
      if (outcome.kind === 'failed') {
        ctx.log.info({ failedLoginCounter: outcome.failure.failedLoginCounter, isLocked: outcome.failure.isLocked }, 'sign-in refused');
        throw new HttpError(401, Messages.loginFailed, { detail: { ...outcome.failure } });
      }
      if (outcome.kind === 'inactive') throw new HttpError(403, Messages.activationRequired, { detail: { ...outcome.detail } });
      const { user } = outcome.result;
      ctx.audit({ actor: { id: user.id, email: user.email }, target: user.email });
      return outcome.result;
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.logout,
    access: anyone,
    description: 'Signs out: revokes this session, so its token stops working at once',
    renewToken: 'never',
    beforePasswordChange: true,
    audit: { action: 'auth.logout', summary: () => 'signed out' },
    handler: async (ctx) => {
      await sessions.revoke(ctx.db, ctx.user.sessionId, ctx.now);
      return {};
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.extendSession,
    access: signedIn,
    renewToken: 'always',
    beforePasswordChange: true,
    audit: { action: 'auth.extend-session', summary: () => 'stayed signed in' },
    description: 'Marks the session active and returns a fresh token (called on real user activity)',
    handler: async (ctx) => {
      await sessions.markActive(ctx.db, ctx.user.sessionId, ctx.now);
      return {};
    },
  });

  routes.add({
    method: 'GET',
    url: CoreApi.me,
    access: anyone,
    beforePasswordChange: true,
    description: 'The signed-in user, fresh from the database, and whether an authenticator app is enrolled',
    handler: async (ctx): Promise<MeResult> => {
      const { sessionId, ...user } = ctx.user;
      // The account row this request was authenticated with (the session cache's copy).
      const snapshot = await identity.sessionCache.load(sessionId);
      return { ...user, hasTotp: snapshot?.totpEnabled ?? false };
    },
  });
}
