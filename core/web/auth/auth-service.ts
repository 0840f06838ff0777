import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import type { AuthConfig, CaptchaChallenge, LoginResult, MeResult, MessageResult, SessionInfo, SessionUser, TotpEnrolment } from '@civic/core/common/model';
import { ApiClient } from '../api/api-client';
import { SessionEvents } from '../api/session-events';
import { TokenStore } from '../api/token-store';
import { openSessionChannel } from '../session/session-channel';
import { SessionService } from '../session/session-service';
import { ToastService } from '../toasts/toast-service';
import { decodeTokenClaims, isTokenExpired } from './decode-token';
import { encryptLoginPassword } from './encrypt-login-password';

/** `unknown` until the stored token has been checked at start. */
export type AuthStatus = 'unknown' | 'signedOut' | 'signedIn';

/** How the last session ended: a chosen logout does not bring the next user back to that page. */
export type SignOutCause = 'logout' | 'expired' | 'none';

/** Who is signed in, and the calls that change it (§4 "Auth"). */
export const AuthService = Symbol('AuthService');
export interface AuthService {
  readonly status: AuthStatus;
  /** The signed-in user, as the server reports it (GET /api/v1/auth/me or the login answer). */
  readonly user: SessionUser | null;
  /** Signed in with every factor done (authLevel 2). */
  readonly isFullySignedIn: boolean;
  readonly signOutCause: SignOutCause;
  /** Checks the token kept from an earlier visit; sets `status`. */
  restore(): Promise<void>;
  /**
   * Throws ApiError with the server's message (and `detail`: failed-login counter, locked flag; or
   * the activation token of a 403). With two-factor on, the user comes back at authLevel 1.
   */
  login(email: string, password: string, captcha?: string): Promise<SessionUser>;
  /** /twofa-otp: the mailed code or the authenticator's; a wrong one throws ApiError 401. */
  verifyOtp(otp: string): Promise<SessionUser>;
  resendOtp(): Promise<string>;
  /** /login?code=…: the one-time code the SSO callback hands over, for a token. */
  exchangeSsoCode(code: string): Promise<SessionUser>;
  /** /settings/reset-password: the answer's token and user replace the current ones. */
  changePassword(body: { oldPassword: string; password: string; confirmPassword: string }): Promise<void>;
  /** /settings: renames the signed-in user; the answer's token (with the new name) replaces the current one. */
  updateProfile(name: string): Promise<SessionUser>;
  /** /settings: the user's live sessions, this one marked `current`. */
  listSessions(): Promise<SessionInfo[]>;
  revokeSession(sessionId: string): Promise<void>;
  /** Ends every session of the user but this one; resolves to how many ended. */
  revokeOtherSessions(): Promise<number>;
  /** A public identity call (signup, activation, forgot/reset password): the server's message. */
  publicCall(path: string, body: object): Promise<string>;
  captchaChallenge(): Promise<CaptchaChallenge>;
  enrolTotp(): Promise<TotpEnrolment>;
  confirmTotp(code: string): Promise<string>;
  /** Whether an authenticator app is enrolled (GET /auth/me). */
  hasTotp(): Promise<boolean>;
  /** Needs the current password; a wrong one throws ApiError 422 (fields.password). */
  removeTotp(password: string): Promise<string>;
  /** Ends the session here without telling the server (another tab logged out, an OTP attempt ended). */
  endLocally(cause?: SignOutCause): void;
  logout(): Promise<void>;
  /** STAY LOGGED IN (§4): the answer's token replaces the stored one. */
  extendSession(): Promise<void>;
  refreshUser(): Promise<void>;
  authConfig(): Promise<AuthConfig>;
}

@injectable()
export class AuthServiceImpl implements AuthService {
  status: AuthStatus = 'unknown';
  user: SessionUser | null = null;
  signOutCause: SignOutCause = 'none';
  private config: Promise<AuthConfig> | null = null;

  constructor(
    @inject(ApiClient) private readonly api: ApiClient,
    @inject(TokenStore) private readonly tokens: TokenStore,
    @inject(SessionService) private readonly session: SessionService,
    @inject(ToastService) private readonly toasts: ToastService,
    @inject(SessionEvents) sessionEvents: SessionEvents,
  ) {
    makeObservable<AuthServiceImpl, 'signIn' | 'signOut'>(this, {
      status: observable,
      user: observableRef,
      signOutCause: observable,
      isFullySignedIn: computed,
      signIn: action,
      signOut: action,
    });
    sessionEvents.onExpired(() => this.expire());
  }

  get isFullySignedIn(): boolean {
    return this.user !== null && this.user.authLevel === 2;
  }

  async restore(): Promise<void> {
    const token = this.tokens.token;
    if (!token || isTokenExpired(token)) {
      this.signOut();
      return;
    }
    try {
      // Half signed in (a reload of /twofa-otp): the OTP-step token names the user, not a session.
      const pending = decodeTokenClaims(token)?.typ === 'otp-step';
      const user = await this.api.get<SessionUser>(pending ? CoreApi.otpPending : CoreApi.me, pending ? { sessionCheck: false } : undefined);
      this.signIn(user);
    } catch {
      // A refused or unreadable token is simply no session: show the login page, no toast.
      this.signOut();
    }
  }

  authConfig(): Promise<AuthConfig> {
    this.config ??= this.api.get<AuthConfig>(CoreApi.authConfig, { authenticated: false }).catch((error: unknown) => {
      this.config = null; // let the next attempt try again
      throw error;
    });
    return this.config;
  }

  async login(email: string, password: string, captcha?: string): Promise<SessionUser> {
    const { loginKey } = await this.authConfig();
    const encrypted = await encryptLoginPassword(password, loginKey);
    const result = await this.api.post<LoginResult>(
      CoreApi.login,
      captcha ? { email, password: encrypted, captcha } : { email, password: encrypted },
      { authenticated: false },
    );
    return this.accept(result);
  }

  async verifyOtp(otp: string): Promise<SessionUser> {
    // The OTP-step token goes along; its 401 is a wrong code, not an expired session.
    const result = await this.api.post<LoginResult>(CoreApi.otpVerify, { otp }, { sessionCheck: false });
    return this.accept(result);
  }

  async resendOtp(): Promise<string> {
    const result = await this.api.post<MessageResult>(CoreApi.otpResend, undefined, { sessionCheck: false });
    return result.message;
  }

  async exchangeSsoCode(code: string): Promise<SessionUser> {
    const result = await this.api.post<LoginResult>(CoreApi.ssoExchange, { code }, { authenticated: false });
    return this.accept(result);
  }

  async changePassword(body: { oldPassword: string; password: string; confirmPassword: string }): Promise<void> {
    const result = await this.api.post<LoginResult>(CoreApi.changePassword, body, { sessionCheck: false });
    this.accept(result);
  }

  async updateProfile(name: string): Promise<SessionUser> {
    const result = await this.api.patch<LoginResult>(CoreApi.me, { name });
    return this.accept(result);
  }

  async listSessions(): Promise<SessionInfo[]> {
    return (await this.api.get<{ sessions: SessionInfo[] }>(CoreApi.sessions)).sessions;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.api.delete(CoreApi.session(sessionId));
  }

  async revokeOtherSessions(): Promise<number> {
    return (await this.api.post<{ revoked: number }>(CoreApi.sessionsRevokeOthers)).revoked;
  }

  async publicCall(path: string, body: object): Promise<string> {
    const result = await this.api.post<MessageResult | undefined>(path, body, { authenticated: false });
    return result?.message ?? '';
  }

  captchaChallenge(): Promise<CaptchaChallenge> {
    return this.api.get<CaptchaChallenge>(CoreApi.captcha, { authenticated: false });
  }

  enrolTotp(): Promise<TotpEnrolment> {
    return this.api.post<TotpEnrolment>(CoreApi.totpEnrol);
  }

  async confirmTotp(code: string): Promise<string> {
    return (await this.api.post<MessageResult>(CoreApi.totpConfirm, { code })).message;
  }

  async hasTotp(): Promise<boolean> {
    return (await this.api.get<MeResult>(CoreApi.me)).hasTotp;
  }

  async removeTotp(password: string): Promise<string> {
    return (await this.api.request<MessageResult>('DELETE', CoreApi.totp, { body: { password } })).message;
  }

  endLocally(cause: SignOutCause = 'none'): void {
    if (this.status === 'signedIn') this.signOut(cause);
  }

  private accept(result: LoginResult): SessionUser {
    this.tokens.set(result.token);
    this.signIn(result.user);
    return result.user;
  }

  async logout(): Promise<void> {
    // The other tabs of this console sign out too (§4: consistent across tabs).
    const tabs = openSessionChannel();
    tabs.post({ type: 'logout' });
    tabs.close();
    if (this.tokens.token) {
      try {
        await this.api.post(CoreApi.logout);
      } catch {
        // Logging out locally matters more than telling the server; the token expires anyway.
      }
    }
    this.signOut('logout');
  }

  async extendSession(): Promise<void> {
    await this.api.post(CoreApi.extendSession);
  }

  async refreshUser(): Promise<void> {
    const user = await this.api.get<SessionUser>(CoreApi.me);
    runInAction(() => {
      this.user = user;
    });
  }

  private expire(): void {
    if (this.status !== 'signedIn') return;
    this.signOut('expired');
    this.toasts.error(Messages.sessionExpired);
  }

  private signIn(user: SessionUser): void {
    this.user = user;
    this.status = 'signedIn';
    this.signOutCause = 'none';
  }

  private signOut(cause: SignOutCause = 'none'): void {
    this.tokens.clear();
    this.session.clear();
    this.user = null;
    this.status = 'signedOut';
    this.signOutCause = cause;
  }
}
