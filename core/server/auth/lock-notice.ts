import { MailTemplates } from '../mail/mail-templates';
import { sendInBackground } from './background-mail';
import type { Identity } from './identity';
import type { SessionClient } from './session-store';

/**
 * Tells an account's owner that signing in was just locked — when, from which IP address and browser
 * — with a single-use link that lifts the lock (valid as long as the lock). Anyone can lock anyone
 * with wrong passwords; the owner, who reads the mail, gets out at once. An account an admin locked
 * gets no link: that lock is not the counter's to lift.
 */
export async function noticeLock(identity: Identity, account: { id: string; email: string; isLocked?: boolean }, now: Date, client: SessionClient | undefined): Promise<void> {
  if (account.isLocked) return;
  const lockMinutes = identity.config.profile.lockout.lockMinutes;
  const db = identity.database.db;
  await identity.links.voidAll(db, 'unlock', account.id, now);
  const token = await identity.links.issue(db, 'unlock', account.id, lockMinutes * 60_000, now);
  sendInBackground(
    identity,
    MailTemplates.accountLocked(account.email, { at: now, ip: client?.ip ?? 'unknown', browser: client?.userAgent, lockMinutes, unlockLink: identity.consoleUrl('/locked-account', { token }) }),
  );
}
