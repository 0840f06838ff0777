import { Messages } from '@civic/core/common/messages';
import { HttpError } from '../http/http-error';
import type { RequestUser } from '../http/route-definition';
import type { SessionCache } from './session-cache';
import type { SessionRow, SessionStore } from './session-store';
import { InvalidTokenError, type AccessToken, type TokenService } from './token-service';

export interface Authenticated {
  user: RequestUser;
  token: AccessToken;
  session: SessionRow;
  /** The account has an authenticator app enrolled (read with the session). */
  totpEnabled: boolean;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i;

/**
 * Turns an Authorization header into the caller: a verified token, its live session, and the
 * account as it is now (active, current roles). Any failure is the same bare 401. The session and
 * account come from the process's SessionCache (at most SESSION_CACHE_MS old, invalidated at once
 * by changes made through this process); verified tokens from the TokenService's own cache.
 */
export class Authenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
    private readonly cache: SessionCache,
  ) {}

  async authenticate(header: string | undefined, now: Date): Promise<Authenticated> {
    if (!header) throw HttpError.unauthorized(Messages.unauthenticated);
    const match = BEARER.exec(header.trim());
    if (!match) throw HttpError.unauthorized();
    let token: AccessToken;
    try {
      token = await this.tokens.verify(match[1]);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw HttpError.unauthorized();
      throw error;
    }
    const found = await this.cache.load(token.sessionId);
    if (!found || !this.sessions.isLive(found.session, token.user.id, now)) throw HttpError.unauthorized();
    const { session, user, totpEnabled } = found;
    if (!user) throw HttpError.unauthorized();
    this.cache.touch(session, now);
    // The level of this sign-in (password only, or a second factor too) is the token's.
    return { user: { ...user, authLevel: token.user.authLevel, sessionId: session.id }, token, session, totpEnabled };
  }
}
