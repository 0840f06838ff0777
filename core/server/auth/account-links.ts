import type { DbExecutor } from '../db/database';
import { MailTemplates } from '../mail/mail-templates';
import { sendInBackground } from './background-mail';
import type { Identity } from './identity';

/** Mails a fresh activation link (/account-activation?token=…), voiding the user's older ones. */
export async function mailActivationLink(identity: Identity, db: DbExecutor, user: { id: string; email: string }, now: Date): Promise<void> {
  await identity.links.voidAll(db, 'activation', user.id, now);
  const token = await identity.links.issue(db, 'activation', user.id, identity.config.profile.identity.activationLinkHours * 3600_000, now);
  sendInBackground(identity, MailTemplates.activation(user.email, identity.consoleUrl('/account-activation', { token })));
}

/** Mails a password reset link (/reset-password?token=…; single use, 30 minutes), voiding older ones. */
export async function mailResetLink(identity: Identity, db: DbExecutor, user: { id: string; email: string }, now: Date): Promise<void> {
  const minutes = identity.config.profile.identity.resetLinkMinutes;
  await identity.links.voidAll(db, 'reset', user.id, now);
  const token = await identity.links.issue(db, 'reset', user.id, minutes * 60_000, now);
  sendInBackground(identity, MailTemplates.passwordReset(user.email, identity.consoleUrl('/reset-password', { token }), minutes));
}
