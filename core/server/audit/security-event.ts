import type { DbExecutor } from '../db/database';
import type { AuditTrail } from './audit-trail';

/**
 * Security events: what an attacker's attempts leave behind (failed sign-ins, lockouts, wrong
 * one-time codes, refused requests) and what ends access (session revocations, password resets).
 * They form their own action family, `security.*`, so the audit log filters them in one go.
 */
export const SecurityEvents = {
  signInFailed: 'security.sign-in-failed',
  accountLocked: 'security.account-locked',
  otpFailed: 'security.otp-failed',
  forbidden: 'security.forbidden',
  sessionRevoked: 'security.session-revoked',
  sessionsRevoked: 'security.sessions-revoked',
  passwordReset: 'security.password-reset',
  passwordResetByAdmin: 'security.password-reset-by-admin',
} as const;

export type SecurityEventAction = (typeof SecurityEvents)[keyof typeof SecurityEvents];

export interface SecurityEvent {
  action: SecurityEventAction;
  at: Date;
  actor: { id: string | null; email: string } | null;
  /** The account the event is about (an email), or the route refused. */
  target: string | null;
  summary: string;
  ip: string;
  appId?: string | null;
}

/**
 * Writes a security event on its own, outside any request transaction: the request it describes
 * fails, and its rollback must not take the record with it. A failure to write is logged by the
 * caller's logger and never changes the answer the client gets.
 */
export async function recordSecurityEvent(trail: AuditTrail, db: DbExecutor, event: SecurityEvent): Promise<void> {
  await trail.append(db, {
    at: event.at,
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? 'anonymous',
    appId: event.appId ?? null,
    action: event.action,
    target: event.target,
    summary: event.summary,
    ip: event.ip,
  });
}
