import { eq } from 'drizzle-orm';
import { anyone } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import { LinkTokenDto } from '@civic/core/common/dto/link-token.dto';
import { SignupDto } from '@civic/core/common/dto/signup.dto';
import { isAllowedEmailDomain } from '@civic/core/common/identity/email-domain';
import { Messages } from '@civic/core/common/messages';
import type { MessageResult } from '@civic/core/common/model/api';
import { users } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { RouteAdder } from '../http/route-registry';
import { MailTemplates } from '../mail/mail-templates';
import { mailActivationLink } from './account-links';
import { requireCaptcha } from './require-captcha';
import { sendInBackground } from './background-mail';
import type { Identity } from './identity';
import { hashPassword, verifyDummyPassword } from './password-hasher';
import { findUserByEmail, normaliseEmail } from './user-directory';

/** /signup and /account-activation (§4). */
export function registerSignupRoutes(routes: RouteAdder, identity: Identity): void {
  const linkExpired = () => new HttpError(401, Messages.activationLinkExpired);

  routes.add({
    method: 'POST',
    url: CoreApi.signup,
    auth: 'public',
    access: anyone,
    body: SignupDto,
    rateLimited: true,
    audit: { action: 'auth.signup', summary: () => 'sign-up requested' },
    description: '{ name, email, password, confirmPassword, captcha } → inactive account + activation mail; same answer if the email is taken',
    handler: async (ctx): Promise<MessageResult> => {
      await requireCaptcha(identity, ctx.db, ctx.body.captcha, ctx.now);
      const email = normaliseEmail(ctx.body.email);
      if (!isAllowedEmailDomain(email, identity.config.profile.allowedEmailDomains)) {
        throw HttpError.invalid([Messages.emailDomainNotAllowed], { email: [Messages.emailDomainNotAllowed] });
      }
      ctx.audit({ target: email });
      const existing = await findUserByEmail(ctx.db, email);
      if (existing) {
        // Same answer and about the same work as a new account: the owner learns by mail instead.
        await verifyDummyPassword(ctx.body.password);
        sendInBackground(identity, MailTemplates.alreadyRegistered(email, identity.consoleUrl('/forgot-password')));
        return { message: Messages.signupReceived };
      }
      const [created] = await ctx.db
        .insert(users)
        .values({ email, name: ctx.body.name.trim(), passwordHash: await hashPassword(ctx.body.password), isActive: false, hasResetPassword: true, createdAt: ctx.now, updatedAt: ctx.now, passwordChangedAt: ctx.now })
        .returning({ id: users.id, email: users.email });
      await mailActivationLink(identity, ctx.db, created, ctx.now);
      return { message: Messages.signupReceived };
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.activate,
    auth: 'public',
    access: anyone,
    body: LinkTokenDto,
    rateLimited: true,
    audit: { action: 'auth.activate', summary: () => 'account activated' },
    description: '{ token } from the mailed link: activates the account once; used/expired → 401',
    handler: async (ctx): Promise<MessageResult> => {
      const userId = await identity.links.consume(ctx.db, 'activation', ctx.body.token, ctx.now);
      if (!userId) throw linkExpired();
      const [user] = await ctx.db.update(users).set({ isActive: true, updatedAt: ctx.now }).where(eq(users.id, userId)).returning({ id: users.id, email: users.email });
      if (!user) throw linkExpired();
      ctx.audit({ actor: user, target: user.email });
      return { message: Messages.accountActivated };
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.activationResend,
    auth: 'public',
    access: anyone,
    body: LinkTokenDto,
    rateLimited: true,
    audit: { action: 'auth.activation-resend', summary: () => 'activation link resent' },
    description: '{ token } from the login 403 detail (or a mailed link): mails a new activation link',
    handler: async (ctx): Promise<MessageResult> => {
      let userId: string;
      try {
        ({ userId } = await identity.tokens.verifyStep(ctx.body.token, 'activation'));
      } catch {
        throw linkExpired();
      }
      const [user] = await ctx.db.select({ id: users.id, email: users.email, isActive: users.isActive }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw linkExpired();
      ctx.audit({ actor: { id: user.id, email: user.email }, target: user.email });
      // A reused link of an account already active: nothing to send, and the page says to sign in.
      if (user.isActive) return { message: Messages.accountActivated };
      await mailActivationLink(identity, ctx.db, user, ctx.now);
      return { message: Messages.activationSent };
    },
  });
}
