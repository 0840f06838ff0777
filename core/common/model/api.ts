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
}

/** §9 "configured switches". */
export interface DeploymentSwitches {
  twoFactor: boolean;
  captcha: boolean;
  history: boolean;
  fileResponses: boolean;
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
}

export interface LoginResult {
  token: string;
  user: import('./user').SessionUser;
}

export interface LoginFailureInfo {
  failedLoginCounter: number;
  isLocked: boolean;
}
