import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import type { AuthConfig, LoginResult, SessionUser } from '@civic/core/common/model';
import { ApiClient } from '../api/api-client';
import { SessionEvents } from '../api/session-events';
import { TokenStore } from '../api/token-store';
import { SessionService } from '../session/session-service';
import { ToastService } from '../toasts/toast-service';
import { isTokenExpired } from './decode-token';
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
  /** Throws ApiError with the server's message (and `detail`: failed-login counter, locked flag). */
  login(email: string, password: string): Promise<SessionUser>;
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
      const user = await this.api.get<SessionUser>(CoreApi.me);
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

  async login(email: string, password: string): Promise<SessionUser> {
    const { loginKey } = await this.authConfig();
    const encrypted = await encryptLoginPassword(password, loginKey);
    const result = await this.api.post<LoginResult>(
      CoreApi.login,
      { email, password: encrypted },
      { authenticated: false },
    );
    this.tokens.set(result.token);
    this.signIn(result.user);
    return result.user;
  }

  async logout(): Promise<void> {
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
