import type { AuditTrail } from '../audit/audit-trail';
import type { ServerConfig } from '../config/server-config';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';
import type { Mailer } from '../mail/mailer';
import { OutboxMailer } from '../mail/outbox-mailer';
import { SmtpMailer } from '../mail/smtp-mailer';
import { CaptchaService } from './captcha-service';
import { LoginFailureCounter } from './login-failure-counter';
import { LoginNonceStore } from './login-nonce-store';
import { OneTimeLinks } from './one-time-links';
import { OtpService } from './otp-service';
import { RateLimiter } from './rate-limiter';
import { SessionCache } from './session-cache';
import { SessionStore } from './session-store';
import { SessionTokens } from './session-tokens';
import { TokenService } from './token-service';
import { TotpService } from './totp-service';

/** The identity services of one server, built once and shared by the auth routes and the guard. */
export interface Identity {
  config: ServerConfig;
  database: Database;
  log: Logger;
  tokens: TokenService;
  sessions: SessionStore;
  /** This process's copy of sessions and accounts for the request path, and its batched "last seen" marks. */
  sessionCache: SessionCache;
  sessionTokens: SessionTokens;
  failures: LoginFailureCounter;
  nonces: LoginNonceStore;
  otp: OtpService;
  links: OneTimeLinks;
  captcha: CaptchaService;
  totp: TotpService;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The audit trail: security events (failed sign-ins, lockouts, wrong codes) are written to it. */
  audit: AuditTrail;
  /**
   * Demo convenience: the embedded database without SMTP also logs OTP codes, so `npm start`
   * can be used without a mail server. Never with SMTP configured, never on PostgreSQL.
   */
  logOtpForDemo: boolean;
  /** Absolute link into the console, from CIVIC_PUBLIC_URL (never the Host header). */
  consoleUrl(path: string, query?: Record<string, string>): string;
}

export function createIdentity(config: ServerConfig, database: Database, log: Logger, audit: AuditTrail): Identity {
  const db = database.db;
  const tokens = new TokenService(config.keys.tokenPrivateKey, config.keys.tokenPublicKey, config.now);
  const sessions = new SessionStore(db, config.profile.session);
  const nonces = new LoginNonceStore(db);
  const mailer: Mailer = config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from, log) : new OutboxMailer(database, log, config.now);
  return {
    config,
    database,
    log,
    tokens,
    sessions,
    sessionCache: new SessionCache(db, () => config.now().getTime()),
    sessionTokens: new SessionTokens(tokens, sessions.idleMs),
    failures: new LoginFailureCounter(db, config.profile.lockout),
    nonces,
    otp: new OtpService(db, config.profile.identity),
    links: new OneTimeLinks(tokens),
    captcha: new CaptchaService(config.keys.secretsKey, nonces),
    totp: new TotpService(config.keys.secretsKey),
    mailer,
    rateLimiter: new RateLimiter(db),
    audit,
    logOtpForDemo: !config.mail.smtpUrl && database.kind === 'pglite',
    consoleUrl(path, query) {
      const url = new URL(`${config.publicUrl}${path}`);
      for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
      return url.toString();
    },
  };
}
