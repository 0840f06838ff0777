import type { Got } from 'got';
import { solveChallenge } from 'altcha-lib/v1';
import { call } from './api-call';

/** Moved to the sdk (`@civic/sdk/testing/server`); re-exported so existing tests import them unchanged. */
export { linkTokenOf, outboxMail } from '@civic/sdk/testing/server/outbox-mail';

/** The 6-digit code of an OTP mail. */
export function otpOf(text: string): string {
  const match = /one-time password is (\d{6})/.exec(text);
  if (!match) throw new Error(`no OTP in mail: ${text}`);
  return match[1];
}

/** Fetches and solves a captcha challenge the way the ALTCHA widget does; returns its payload. */
export async function solveCaptcha(http: Got): Promise<string> {
  const { body } = await call(http, 'GET', '/api/v1/auth/captcha');
  const challenge = body.data as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('captcha not solved');
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** The claims of a JWT, unverified (for assertions). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
}
