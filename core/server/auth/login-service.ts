import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ActivationRequiredInfo, LoginFailureInfo, LoginResult } from '@civic/core/common/model/api';
import { AuthLevel } from '@civic/core/common/model/user';
import type { DbExecutor } from '../db/database';
import { users } from '../db/schema';
import { MailTemplates } from '../mail/mail-templates';
import type { Identity } from './identity';
import { recordSecurityEvent, SecurityEvents, type SecurityEventAction } from '../audit/security-event';
import { noticeLock } from './lock-notice';
import { decryptLoginPayload } from './login-payload';
import { verifyDummyPassword, verifyPassword } from './password-hasher';
import type { SessionClient } from './session-store';
import { findUserByEmail, loadSessionUser, normaliseEmail } from './user-directory';

export type LoginOutcome =
  | { kind: 'ok'; result: LoginResult }
  | { kind: 'failed'; failure: LoginFailureInfo }
  | { kind: 'inactive'; detail: ActivationRequiredInfo };

/**
 * Password sign-in (§7, identity issue). Every way to fail — malformed, tampered, stale or replayed
 * payload, unknown email, wrong password, locked email — takes one argon2 verification and ends in
 * the same 401, so neither the answer nor its timing tells them apart (a lock adds isLocked, which
 * is per email whether or not an account exists). A right password on a not yet activated account
 * is the one exception (403 → /account-activation), as §4 asks. With two-factor on, success gives an
 * OTP-step token only.
 */
export class LoginService {
  constructor(private readonly id: Identity) {}

  async login(emailInput: string, passwordField: string, now: Date, client?: SessionClient): Promise<LoginOutcome> {
    const { failures, nonces, config } = this.id;
    const db = this.id.database.db;
    const email = normaliseEmail(emailInput);
    const payload = decryptLoginPayload(passwordField, config.keys.loginKey, now);
    const fresh = payload ? await nonces.accept(payload.iv, now) : false;
    const status = await failures.status(email, now);
    const account = await findUserByEmail(db, email);
    const locked = status.isLocked || account?.isLocked === true;

    const password = payload?.password ?? passwordField;
    // Locked by an administrator (and not by failures): the password is still checked — one argon2
    // verification either way — so its owner can be told why, and nobody else learns anything.
    const adminLockOnly = !status.isLocked && account?.isLocked === true;
    const verified =
      (!locked || adminLockOnly) && fresh && account?.passwordHash ? await verifyPassword(account.passwordHash, password) : await verifyDummyPassword(password);
    if (locked) {
      await this.audit(SecurityEvents.signInFailed, email, account, now, client, adminLockOnly ? 'sign-in refused: the account is locked by an administrator' : 'sign-in refused: the account is locked');
      return { kind: 'failed', failure: { failedLoginCounter: status.failedLoginCounter, isLocked: true, ...(adminLockOnly && verified ? { lockedByAdmin: true as const } : {}) } };
    }
    if (!verified || !account) {
      const { info, lockedNow } = await failures.recordFailure(email, now);
      const why = !fresh ? 'a stale, replayed or unreadable sign-in payload' : !account ? 'no such account' : 'wrong password';
      await this.audit(SecurityEvents.signInFailed, email, account, now, client, `sign-in failed (${info.failedLoginCounter}): ${why}`);
      if (info.isLocked && lockedNow) await this.audit(SecurityEvents.accountLocked, email, account, now, client, `sign-in locked after ${info.failedLoginCounter} failures`);
      if (lockedNow && account) await noticeLock(this.id, account, now, client);
      return { kind: 'failed', failure: info };
    }
    // Not reset here: wrong one-time codes count on the same failures, and a right password must not
    // wipe them (codes could be guessed for ever, 4 at a time). A completed sign-in resets them.
    if (!account.isActive) {
      await failures.reset(db, email);
      // Good only for asking for a new activation mail: it names no link row, so it activates nothing.
      const expiresAt = new Date(now.getTime() + config.profile.identity.activationLinkHours * 3600_000);
      const token = await this.id.tokens.signStep('activation', account.id, crypto.randomUUID(), now, expiresAt);
      return { kind: 'inactive', detail: { token, userId: account.id } };
    }
    if (config.switches.twoFactor) return { kind: 'ok', result: await this.startSecondFactor(account.id, account.email, account.totpEnabledAt !== null, now) };
    return { kind: 'ok', result: await this.completeSignIn(db, account.id, now, client) };
  }

  /** A security event about this email (the account's id when there is one), chained on its own. */
  private async audit(action: SecurityEventAction, email: string, account: { id: string } | undefined, now: Date, client: SessionClient | undefined, summary: string): Promise<void> {
    await recordSecurityEvent(this.id.audit, this.id.database.db, { action, at: now, actor: { id: account?.id ?? null, email }, target: email, summary, ip: client?.ip ?? 'unknown' });
  }

  /** Password (or SSO without enforced MFA) done: mails a code and gives the OTP-step token. */
  async startSecondFactor(userId: string, email: string, hasTotp: boolean, now: Date): Promise<LoginResult> {
    const db = this.id.database.db;
    const { attemptId, code, expiresAt } = await this.id.otp.start(db, userId, now);
    await this.id.mailer.send(MailTemplates.otp(email, code, this.id.config.profile.identity.otpMinutes));
    if (this.id.logOtpForDemo) this.id.log.warn({ to: email, otp: code }, 'DEMO ONLY (embedded database, no SMTP_URL): one-time password');
    const user = await loadSessionUser(db, userId, AuthLevel.PASSWORD);
    if (!user) throw new Error('account vanished during sign-in');
    const token = await this.id.tokens.signStep('otp-step', userId, attemptId, now, expiresAt);
    return { token, user, otpRequired: true, otpChannels: hasTotp ? ['email', 'totp'] : ['email'] };
  }

  /** Every factor done: a session and a full (authLevel 2) access token. */
  async completeSignIn(executor: DbExecutor, userId: string, now: Date, client?: SessionClient): Promise<LoginResult> {
    return executor.transaction(async (tx) => {
      const [account] = await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId)).returning({ email: users.email });
      // Every factor passed: the failures counted against the email (passwords and codes) start again.
      if (account) await this.id.failures.reset(tx, normaliseEmail(account.email));
      const session = await this.id.sessions.create(tx, userId, now, client);
      const user = await loadSessionUser(tx, userId, AuthLevel.FULL);
      if (!user) throw new Error('account vanished during sign-in');
      return { token: await this.id.sessionTokens.issue(user, session, now), user };
    });
  }
}
