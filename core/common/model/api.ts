import type { SessionUser } from './user';

/** The envelope of every API answer (ARCHITECTURE "Data flow"). */
export interface ApiSuccess<T> {
  data: T;
  /** A renewed session token; it replaces the stored one (§7). */
  token?: string;
}

export interface ApiFailure {
  message: string;
  /** Validation messages, first one shown (§8); or structured detail for auth failures. */
  info?: string[];
  /** Field → messages, for mapping a 422 back onto a form. */
  fields?: Record<string, string[]>;
  correlationId?: string;
  /** Structured detail of some failures, e.g. LoginFailureInfo on a failed login. */
  detail?: unknown;
}

/** What the server tells the browser at start: the deployment's plugins and switches. */
export interface ConsoleConfig {
  profile: string;
  version: string;
  plugins: string[];
  switches: DeploymentSwitches;
  /** Subscriber page apps (§6 "two specific apps"). */
  subscriberAppIds: string[];
  helpGuideUrl: string;
  helpdeskUrl: string;
  nextGenConsoleUrl: string;
  /** §4: idle minutes before the "Session Timeout" dialog (profile identity.inactivityPromptMinutes). */
  inactivityPromptMinutes: number;
  /** §4: minutes after the prompt before the automatic logoff (profile identity.autoLogoffMinutes). */
  autoLogoffMinutes: number;
  /** How long a sign-in stays locked after too many failures (profile lockout.lockMinutes). */
  lockMinutes: number;
}

/** §9 "configured switches". */
export interface DeploymentSwitches {
  twoFactor: boolean;
  captcha: boolean;
  history: boolean;
  fileResponses: boolean;
  /** Publishing needs a second app admin's approval on every app (optional; off when absent). */
  publishApproval?: boolean;
}

/** Unleash frontend API shape, so a real Unleash proxy can replace ours. */
export interface UnleashFrontendResponse {
  toggles: Array<{
    name: string;
    enabled: boolean;
    variant: { name: string; enabled: boolean };
    impressionData: boolean;
  }>;
}

/** Public auth config: the key the browser encrypts the login password with (§7). */
export interface AuthConfig {
  loginKey: string;
  twoFactor: boolean;
  captcha: boolean;
  ssoEnabled: boolean;
  /** §3 email rule: exact domain or a subdomain of one of these (see isAllowedEmailDomain). */
  allowedEmailDomains: string[];
}

/**
 * A successful password sign-in. With two-factor on, `token` is an OTP-step token (typ otp-step,
 * user.authLevel 1) good only for the OTP endpoints; POST /auth/otp/verify gives the full one.
 */
export interface LoginResult {
  token: string;
  user: import('./user').SessionUser;
  /** True when the next step is /twofa-otp. */
  otpRequired?: boolean;
  /** Which second factors the user may use at the OTP step. */
  otpChannels?: Array<'email' | 'totp'>;
}

export interface LoginFailureInfo {
  failedLoginCounter: number;
  isLocked: boolean;
  /**
   * The account is locked by an administrator (not by failed attempts). Said only to someone who gave
   * the account's right password, so it tells an attacker nothing about which accounts exist.
   */
  lockedByAdmin?: true;
}

/** detail of the 403 a sign-in of a not yet activated account gets (§4: to /account-activation). */
export interface ActivationRequiredInfo {
  /** Activation-step token (typ activation): POST /auth/activation/resend { token }. */
  token: string;
  userId: string;
}

/** GET /api/v1/auth/me: the signed-in user, fresh from the database, and their second-factor set-up. */
export interface MeResult extends SessionUser {
  /** Whether an authenticator app (TOTP) is enrolled and confirmed. */
  hasTotp: boolean;
}

/** POST /api/v1/auth/totp/enrol: shown once; confirm with a code to switch it on. */
export interface TotpEnrolment {
  otpauthUri: string;
  /** data:image/png;base64,… */
  qrCodeDataUrl: string;
  secret: string;
}

/** GET /api/v1/auth/captcha: an ALTCHA v1 challenge for the widget's `challengejson`. */
export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** A plain confirmation answer of the identity routes; `message` is what the page shows. */
export interface MessageResult {
  message: string;
}

/** One live sign-in of the caller (GET /api/v1/auth/sessions, /settings). Times are ISO 8601. */
export interface SessionInfo {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  /** A short name for the device behind `userAgent` ("Chrome 131 on Windows 10"), named by the server (describeDevice). */
  device: string;
  /** The session of this request. */
  current: boolean;
}
