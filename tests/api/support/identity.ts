import { desc, eq } from 'drizzle-orm';
import type { Got } from 'got';
import { solveChallenge } from 'altcha-lib/v1';
import { outbox } from './tables';
import { call } from './api-call';
import type { TestServer } from './test-server';

/** The 6-digit code of an OTP mail. */
export function otpOf(text: string): string {
  const match = /one-time password is (\d{6})/.exec(text);
  if (!match) throw new Error(`no OTP in mail: ${text}`);
  return match[1];
}

/** The `token` query parameter of the first console link in a mail. */
export function linkTokenOf(text: string): { url: URL; token: string } {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match) throw new Error(`no link in mail: ${text}`);
  const url = new URL(match[1]);
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`no token in link ${url.toString()}`);
  return { url, token };
}

/** The newest outbox mail to `to` whose subject matches, waiting briefly (mail is sent in the background). */
export async function outboxMail(t: TestServer, to: string, subject: RegExp): Promise<{ subject: string; body: string }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const rows = await t.server.db.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id));
    const found = rows.find((row) => subject.test(row.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no outbox mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
