import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { anyone, signedIn } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import { OtpVerifyDto, TotpConfirmDto, TotpRemoveDto } from '@civic/core/common/dto/otp.dto';
import { Messages } from '@civic/core/common/messages';
import type { LoginResult, MessageResult, TotpEnrolment } from '@civic/core/common/model/api';
import { AuthLevel, type SessionUser } from '@civic/core/common/model/user';
import { recordSecurityEvent, SecurityEvents, type SecurityEventAction } from '../audit/security-event';
import { users } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { RouteAdder } from '../http/route-registry';
import { MailTemplates } from '../mail/mail-templates';
import type { Identity } from './identity';
import type { LoginService } from './login-service';
import { verifyDummyPassword, verifyPassword } from './password-hasher';
import { noticeLock } from './lock-notice';
import { readStepToken } from './step-token';
import { loadSessionUser, normaliseEmail } from './user-directory';
import type { DbExecutor } from '../db/database';

/**
 * The OTP step (/twofa-otp) and the authenticator-app set-up (/settings). The OTP endpoints are
 * public to the pipeline and take the OTP-step token themselves; no other route accepts that token.
 */
export function registerSecondFactorRoutes(routes: RouteAdder, identity: Identity, login: LoginService): void {
  /**
   * An authenticator code is good once: its time step must be later than the last one accepted for
   * the user, and the conditional update makes two concurrent uses of one code accept at most one.
   */
  const acceptTotp = async (db: DbExecutor, userId: string, sealed: string, code: string, now: Date): Promise<boolean> => {
    const step = identity.totp.verify(userId, sealed, code, now);
    if (step === undefined) return false;
    const taken = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return taken.length === 1;
  };

  const ended = () => new HttpError(401, Messages.otpAttemptEnded, { detail: { attemptEnded: true } });

  routes.add({
    method: 'GET',
    url: CoreApi.otpPending,
    auth: 'public',
    access: anyone,
    description: 'Bearer OTP-step token → the half-signed-in user (authLevel 1), so a reload of /twofa-otp stays there',
    handler: async (ctx): Promise<SessionUser> => {
      const step = await readStepToken(identity.tokens, ctx.authorization, 'otp-step');
      const [account] = await ctx.db.select({ isActive: users.isActive, isLocked: users.isLocked }).from(users).where(eq(users.id, step.userId)).limit(1);
      if (!account?.isActive || account.isLocked) throw ended();
      const user = await loadSessionUser(ctx.db, step.userId, AuthLevel.PASSWORD);
      if (!user) throw ended();
      return user;
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.otpVerify,
    auth: 'public',
    access: anyone,
    body: OtpVerifyDto,
    rateLimited: true,
    // Wrong tries must be counted even though the answer is an error.
    transaction: false,
    audit: { action: 'auth.otp-verify', summary: () => 'second factor accepted, signed in' },
    description: 'Bearer OTP-step token + { otp }: the mailed code (or the authenticator code) → full token',
    handler: async (ctx): Promise<LoginResult> => {
      const step = await readStepToken(identity.tokens, ctx.authorization, 'otp-step');
      const [account] = await ctx.db.select().from(users).where(eq(users.id, step.userId)).limit(1);
      if (!account?.isActive || account.isLocked) throw ended();
      // Wrong codes count on the account's sign-in failures across attempts: once locked, no code is checked.
      const email = normaliseEmail(account.email);
      if ((await identity.failures.status(email, ctx.now)).isLocked) throw ended();
      const sealed = account.totpEnabledAt ? account.totpSecret : null;
      const totp = sealed ? (code: string) => acceptTotp(ctx.db, account.id, sealed, code, ctx.now) : undefined;
      const check = await identity.otp.check(step.id, step.userId, ctx.body.otp, ctx.now, totp);
      if (check === 'ended') throw ended();
      if (check === 'wrong' || check === 'wrong-ended') {
        const { info, lockedNow } = await identity.failures.recordFailure(email, ctx.now);
        const event = (action: SecurityEventAction, summary: string) =>
          recordSecurityEvent(identity.audit, ctx.db, { action, at: ctx.now, actor: { id: account.id, email: account.email }, target: account.email, summary, ip: ctx.ip });
        await event(SecurityEvents.otpFailed, `wrong one-time code (${info.failedLoginCounter} failures)`);
        if (info.isLocked && lockedNow) await event(SecurityEvents.accountLocked, `sign-in locked after ${info.failedLoginCounter} failures`);
        if (lockedNow) await noticeLock(identity, account, ctx.now, { ip: ctx.ip, userAgent: ctx.userAgent });
        if (info.isLocked || check === 'wrong-ended') throw ended();
        throw new HttpError(401, Messages.wrongOtp, { detail: { attemptEnded: false } });
      }
      ctx.audit({ actor: { id: account.id, email: account.email }, target: account.email });
      return login.completeSignIn(ctx.db, account.id, ctx.now, { ip: ctx.ip, userAgent: ctx.userAgent });
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.otpResend,
    auth: 'public',
    access: anyone,
    rateLimited: true,
    // The mail is sent while the request runs: outside a transaction, the outbox write cannot wait on it.
    transaction: false,
    audit: { action: 'auth.otp-resend', summary: () => 'OTP resent' },
    description: 'Bearer OTP-step token: mails a new code for the same attempt (the old one stops working)',
    handler: async (ctx): Promise<MessageResult> => {
      const step = await readStepToken(identity.tokens, ctx.authorization, 'otp-step');
      const [account] = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, step.userId)).limit(1);
      const code = account ? await identity.otp.resend(ctx.db, step.id, step.userId, ctx.now) : undefined;
      if (!account || !code) throw ended();
      await identity.mailer.send(MailTemplates.otp(account.email, code, identity.config.profile.identity.otpMinutes));
      if (identity.logOtpForDemo) identity.log.warn({ to: account.email, otp: code }, 'DEMO ONLY (embedded database, no SMTP_URL): one-time password');
      ctx.audit({ actor: { id: account.id, email: account.email }, target: account.email });
      return { message: Messages.otpResent };
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.totpEnrol,
    access: signedIn,
    audit: { action: 'auth.totp-enrol', summary: () => 'started authenticator app set-up' },
    description: 'Starts authenticator set-up: otpauth URI, QR code and secret, shown once; confirm to switch on',
    handler: async (ctx): Promise<TotpEnrolment> => {
      const [account] = await ctx.db.select({ enabled: users.totpEnabledAt }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
      if (account?.enabled) throw HttpError.conflict(Messages.totpAlreadyEnabled);
      const { enrolment, sealed } = await identity.totp.enrol(ctx.user.id, ctx.user.email);
      await ctx.db.update(users).set({ totpSecret: sealed, totpEnabledAt: null, totpLastStep: null, updatedAt: ctx.now }).where(eq(users.id, ctx.user.id));
      return enrolment;
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.totpConfirm,
    access: signedIn,
    body: TotpConfirmDto,
    audit: { action: 'auth.totp-confirm', summary: () => 'authenticator app switched on' },
    description: '{ code } from the authenticator just set up: switches it on as a second factor',
    handler: async (ctx): Promise<MessageResult> => {
      const [account] = await ctx.db.select({ sealed: users.totpSecret, enabled: users.totpEnabledAt }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
      if (!account?.sealed || account.enabled) throw HttpError.invalid([Messages.totpNotPending]);
      const step = identity.totp.verify(ctx.user.id, account.sealed, ctx.body.code, ctx.now);
      if (step === undefined) throw HttpError.invalid([Messages.wrongOtp], { code: [Messages.wrongOtp] });
      // The confirming code counts as used: it cannot then sign in.
      await ctx.db.update(users).set({ totpEnabledAt: ctx.now, totpLastStep: step, updatedAt: ctx.now }).where(eq(users.id, ctx.user.id));
      return { message: Messages.saved };
    },
  });

  routes.add({
    method: 'DELETE',
    url: CoreApi.totp,
    access: signedIn,
    audit: { action: 'auth.totp-remove', summary: () => 'authenticator app removed' },
    body: TotpRemoveDto,
    description: '{ password }: removes the authenticator app once the current password is checked; the mailed code remains the second factor',
    handler: async (ctx): Promise<MessageResult> => {
      const [account] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
      const ok = account?.hash ? await verifyPassword(account.hash, ctx.body.password) : await verifyDummyPassword(ctx.body.password);
      if (!ok) throw HttpError.invalid([Messages.currentPasswordWrong], { password: [Messages.currentPasswordWrong] });
      await ctx.db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: ctx.now }).where(eq(users.id, ctx.user.id));
      return { message: Messages.saved };
    },
  });
}
