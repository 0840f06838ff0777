import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { anyone, signedIn } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import { ChangePasswordDto, ForgotPasswordDto, ResetPasswordDto } from '@civic/core/common/dto/password-flows.dto';
import { Messages } from '@civic/core/common/messages';
import type { LoginResult, MessageResult } from '@civic/core/common/model/api';
import { AuthLevel } from '@civic/core/common/model/user';
import { SecurityEvents } from '../audit/security-event';
import { sessions, users } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { RouteAdder } from '../http/route-registry';
import { MailTemplates } from '../mail/mail-templates';
import { mailResetLink } from './account-links';
import { afterAnswer } from './background-mail';
import { requireCaptcha } from './require-captcha';
import type { Identity } from './identity';
import { hashPassword, verifyDummyPassword, verifyPassword } from './password-hasher';
import { revokeUserSessions } from './session-store';
import { findUserByEmail, loadSessionUser, normaliseEmail } from './user-directory';

/** /forgot-password, /reset-password and /settings/reset-password (§4). */
export function registerPasswordRoutes(routes: RouteAdder, identity: Identity): void {
  routes.add({
    method: 'POST',
    url: CoreApi.forgotPassword,
    auth: 'public',
    access: anyone,
    body: ForgotPasswordDto,
    rateLimited: true,
    audit: { action: 'auth.forgot-password', summary: () => 'password reset requested' },
    description: '{ email, captcha }: mails a reset link if the account exists; the same answer either way',
    handler: async (ctx): Promise<MessageResult> => {
      await requireCaptcha(identity, ctx.db, ctx.body.captcha, ctx.now);
      const email = normaliseEmail(ctx.body.email);
      ctx.audit({ target: email });
      const account = await findUserByEmail(ctx.db, email);
      const now = ctx.now;
      // After the answer, and an unknown email signs a token too (thrown away): the answer takes the
      // same time whether or not the account exists (it was ~10 ms faster for unknown emails).
      afterAnswer(identity, 'password reset mail', () =>
        !account
          ? identity.tokens.signStep('reset', crypto.randomUUID(), crypto.randomUUID(), now, new Date(now.getTime() + 60_000))
          : account.isLocked
            ? // Locked by an administrator: the owner learns why no link came (only the mailbox hears it).
              identity.mailer.send(MailTemplates.lockedByAdmin(account.email))
            : mailResetLink(identity, identity.database.db, account, now),
      );
      return { message: Messages.forgotPasswordSent };
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.resetPassword,
    auth: 'public',
    access: anyone,
    body: ResetPasswordDto,
    rateLimited: true,
    audit: { action: SecurityEvents.passwordReset, summary: () => 'password reset with a mailed link' },
    description: '{ token, password, confirmPassword }: sets the password, ends every session; used/expired link → 401',
    handler: async (ctx): Promise<MessageResult> => {
      const userId = await identity.links.consume(ctx.db, 'reset', ctx.body.token, ctx.now);
      if (!userId) throw new HttpError(401, Messages.resetLinkExpired);
      // As in the settings change: the new password must differ. The refusal rolls the transaction
      // back, so the link is not spent and the user can try another password with it.
      const [current] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
      if (current?.hash && (await verifyPassword(current.hash, ctx.body.password))) {
        throw HttpError.invalid([Messages.passwordSameAsOld], { password: [Messages.passwordSameAsOld] });
      }
      // The link proves the mailbox: it also activates an invited or not yet activated account.
      const [user] = await ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(ctx.body.password), hasResetPassword: true, isActive: true, passwordChangedAt: ctx.now, updatedAt: ctx.now })
        .where(eq(users.id, userId))
        .returning({ id: users.id, email: users.email });
      if (!user) throw new HttpError(401, Messages.resetLinkExpired);
      await identity.links.voidAll(ctx.db, 'reset', user.id, ctx.now);
      await revokeUserSessions(ctx.db, user.id, ctx.now);
      await identity.failures.reset(ctx.db, user.email);
      ctx.audit({ actor: user, target: user.email });
      return { message: Messages.passwordUpdated };
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.changePassword,
    access: signedIn,
    body: ChangePasswordDto,
    beforePasswordChange: true,
    // The token the pipeline would renew still says hasResetPassword false: the handler sends its own.
    renewToken: 'never',
    audit: { action: 'auth.change-password', summary: () => 'password changed' },
    description: '{ oldPassword, password, confirmPassword } → { token, user }: ends the other sessions',
    handler: async (ctx): Promise<LoginResult> => {
      const [account] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
      const oldOk = account?.hash ? await verifyPassword(account.hash, ctx.body.oldPassword) : await verifyDummyPassword(ctx.body.oldPassword);
      if (!oldOk) throw HttpError.invalid([Messages.oldPasswordWrong], { oldPassword: [Messages.oldPasswordWrong] });
      await ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(ctx.body.password), hasResetPassword: true, passwordChangedAt: ctx.now, updatedAt: ctx.now })
        .where(eq(users.id, ctx.user.id));
      await revokeUserSessions(ctx.db, ctx.user.id, ctx.now, ctx.user.sessionId);
      const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, ctx.user.sessionId)).limit(1);
      const user = await loadSessionUser(ctx.db, ctx.user.id, AuthLevel.FULL);
      if (!user || !session) throw HttpError.unauthorized();
      return { token: await identity.sessionTokens.issue(user, session, ctx.now), user };
    },
  });
}
