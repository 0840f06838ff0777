import type { SessionUser } from '@civic/core/common/model/user';
import type { SessionRow } from './session-store';
import type { AccessToken, TokenService } from './token-service';

/**
 * Token lifetimes. A token lives twice the idle limit (never past the session's absolute cap) and is
 * renewed in any response once half of that has passed: so a user who was active just before a
 * renewal was due still holds a valid token for the whole idle window. The session row, not the
 * token, decides idleness.
 */
export class SessionTokens {
  constructor(
    private readonly tokens: TokenService,
    private readonly idleMs: number,
  ) {}

  issue(user: SessionUser, session: SessionRow, now: Date): Promise<string> {
    const expiresAt = new Date(Math.min(now.getTime() + 2 * this.idleMs, session.expiresAt.getTime()));
    return this.tokens.sign(user, session.id, now, expiresAt);
  }

  shouldRenew(token: AccessToken, now: Date): boolean {
    const lifetime = token.expiresAt.getTime() - token.issuedAt.getTime();
    return now.getTime() - token.issuedAt.getTime() > lifetime / 2;
  }
}
