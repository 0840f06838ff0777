import { Messages } from '@civic/core/common/messages';
import type { DbExecutor } from '../db/database';
import { HttpError } from '../http/http-error';
import type { RequestUser } from '../http/route-definition';
import type { SessionRow, SessionStore } from './session-store';
import { InvalidTokenError, type AccessToken, type TokenService } from './token-service';
import { loadSessionAndUser } from './user-directory';

export interface Authenticated {
  user: RequestUser;
  token: AccessToken;
  session: SessionRow;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i;

/**
 * Turns an Authorization header into the caller: a verified token, its live session, and the
 * account as it is now (active, current roles). Any failure is the same bare 401.
 */
export class Authenticator {
  constructor(
    private readonly db: DbExecutor,
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
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
    const found = await loadSessionAndUser(this.db, token.sessionId, token.user.authLevel);
    if (!found || !this.sessions.isLive(found.session, token.user.id, now)) throw HttpError.unauthorized();
    const { session, user } = found;
    if (!user) throw HttpError.unauthorized();
    await this.sessions.touch(session, now);
    return { user: { ...user, sessionId: session.id }, token, session };
  }
}
