import crypto from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { CaptchaChallenge } from '@civic/core/common/model/api';
import type { DbExecutor } from '../db/database';
import type { LoginNonceStore } from './login-nonce-store';

/** Enough work to slow scripts (~0.1–1 s in a browser), not people. */
const MAX_NUMBER = 100_000;
/**
 * Shorter than the spent-store's memory (login-nonce-store keeps 8 minutes), so a spent signature
 * is never forgotten while its challenge could still be accepted.
 */
const CHALLENGE_MINUTES = 5;

/**
 * Self-hosted proof-of-work captcha (ALTCHA v1 payloads, verified with altcha-lib). Stateless
 * challenges signed with an HMAC key derived from the secrets key; each solved challenge is
 * accepted once (its signature goes through the same insert-or-fail store as login IVs).
 */
export class CaptchaService {
  private readonly hmacKey: string;

  constructor(
    secretsKey: Buffer,
    private readonly spent: LoginNonceStore,
  ) {
    this.hmacKey = Buffer.from(crypto.hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'civic-console captcha', 32)).toString('hex');
  }

  async challenge(now: Date): Promise<CaptchaChallenge> {
    const challenge = await createChallenge({
      hmacKey: this.hmacKey,
      maxNumber: MAX_NUMBER,
      expires: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
    });
    return { algorithm: challenge.algorithm, challenge: challenge.challenge, maxnumber: challenge.maxnumber, salt: challenge.salt, signature: challenge.signature };
  }

  /** True for a correct solution of one of our unexpired challenges, the first time it is seen. */
  async verify(executor: DbExecutor, payload: string | undefined, now: Date): Promise<boolean> {
    if (!payload || payload.length > 4096) return false;
    let signature: unknown;
    try {
      signature = (JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature?: unknown }).signature;
      if (typeof signature !== 'string' || !(await verifySolution(payload, this.hmacKey, true))) return false;
    } catch {
      return false;
    }
    // Spent with the request: a refused request (rolled back) leaves it unspent, which gains nothing.
    return this.spent.accept(`captcha:${signature}`, now, executor);
  }
}
