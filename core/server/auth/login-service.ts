import type { LoginFailureInfo, LoginResult } from '@civic/core/common/model/api';
import { AuthLevel } from '@civic/core/common/model/user';
import type { DbExecutor } from '../db/database';
import type { LoginFailureCounter } from './login-failure-counter';
import type { LoginNonceStore } from './login-nonce-store';
import { decryptLoginPayload } from './login-payload';
import { verifyDummyPassword, verifyPassword } from './password-hasher';
import type { SessionStore } from './session-store';
import type { SessionTokens } from './session-tokens';
import { findUserByEmail, loadSessionUser, normaliseEmail } from './user-directory';

export type LoginOutcome = { ok: true; result: LoginResult } | { ok: false; failure: LoginFailureInfo };

/**
 * Password sign-in (§7, identity issue). Every way to fail — malformed, tampered, stale or replayed
 * payload, unknown email, inactive account, wrong password — takes one argon2 verification and ends
 * in the same failure, so neither the answer nor its timing tells them apart.
 *
 * Two-factor: the profile switch is on by default, but the OTP step is built by the identity work;
 * until it lands a correct password gives a full (authLevel 2) session directly.
 */
export class LoginService {
  constructor(
    private readonly db: DbExecutor,
    private readonly loginKey: Buffer,
    private readonly nonces: LoginNonceStore,
    private readonly failures: LoginFailureCounter,
    private readonly sessions: SessionStore,
    private readonly tokens: SessionTokens,
  ) {}

  async login(emailInput: string, passwordField: string, now: Date): Promise<LoginOutcome> {
    const email = normaliseEmail(emailInput);
    const payload = decryptLoginPayload(passwordField, this.loginKey, now);
    const fresh = payload ? await this.nonces.accept(payload.iv, now) : false;
    const account = await findUserByEmail(this.db, email);

    const password = payload?.password ?? passwordField;
    const verified =
      fresh && account?.isActive && account.passwordHash
        ? await verifyPassword(account.passwordHash, password)
        : await verifyDummyPassword(password);
    if (!verified || !account) return { ok: false, failure: await this.failures.recordFailure(email, now) };

    const result = await this.db.transaction(async (tx) => {
      await this.failures.reset(tx, email);
      const session = await this.sessions.create(tx, account.id, now);
      const user = await loadSessionUser(tx, account.id, AuthLevel.FULL);
      if (!user) throw new Error('account vanished during sign-in');
      return { token: await this.tokens.issue(user, session, now), user };
    });
    return { ok: true, result };
  }
}
