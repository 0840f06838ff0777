import type { DbExecutor } from '../db/database';
import { MailTemplates, type Invitation } from '../mail/mail-templates';
import { sendInBackground } from './background-mail';
import type { Identity } from './identity';

/** Mails a fresh activation link (/account-activation?token=…), voiding the user's older ones. */
export async function mailActivationLink(identity: Identity, db: DbExecutor, user: { id: string; email: string }, now: Date): Promise<void> {
  await identity.links.voidAll(db, 'activation', user.id, now);
  const token = await identity.links.issue(db, 'activation', user.id, identity.config.profile.identity.activationLinkHours * 3600_000, now);
  sendInBackground(identity, MailTemplates.activation(user.email, identity.consoleUrl('/account-activation', { token })));
}

/**
 * Mails an invitation: with a set-password link (reset kind; it activates too) or, when the admin
 * gave an initial password, an activation link — good for the profile's invitationLinkDays.
 */
export async function mailInvitation(identity: Identity, db: DbExecutor, user: { id: string; email: string }, invitation: Invitation, setsPassword: boolean, now: Date): Promise<void> {
  const days = identity.config.profile.identity.invitationLinkDays;
  const purpose = setsPassword ? 'reset' : 'activation';
  await identity.links.voidAll(db, purpose, user.id, now);
  const token = await identity.links.issue(db, purpose, user.id, days * 86_400_000, now);
  const link = identity.consoleUrl(setsPassword ? '/reset-password' : '/account-activation', { token });
  sendInBackground(identity, MailTemplates.invitation(user.email, { ...invitation, link, days, setsPassword }));
}

/** Tells an existing account it was added to an app's team, with a link to sign in. */
export function mailAddedToApp(identity: Identity, user: { email: string }, added: Required<Pick<Invitation, 'appName' | 'roleName'>> & Pick<Invitation, 'inviterName'>): void {
  sendInBackground(identity, MailTemplates.addedToApp(user.email, { ...added, link: identity.consoleUrl('/login') }));
}

/** Mails a password reset link (/reset-password?token=…; single use, 30 minutes), voiding older ones. */
export async function mailResetLink(identity: Identity, db: DbExecutor, user: { id: string; email: string }, now: Date): Promise<void> {
  const minutes = identity.config.profile.identity.resetLinkMinutes;
  await identity.links.voidAll(db, 'reset', user.id, now);
  const token = await identity.links.issue(db, 'reset', user.id, minutes * 60_000, now);
  sendInBackground(identity, MailTemplates.passwordReset(user.email, identity.consoleUrl('/reset-password', { token }), minutes));
}
