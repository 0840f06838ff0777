import crypto, { type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { isRoleCode, type RoleCode } from '@civic/core/common/roles';
import type { SessionUser } from '@civic/core/common/model/user';

export const TOKEN_ISSUER = 'civic-console';
export const TOKEN_AUDIENCE = 'civic-console';
/** Pinned: RS512 only (§5, §9). Nothing else is ever accepted, whatever the header says. */
export const TOKEN_ALGORITHM = 'RS512';
/** The `typ` claim of a full sign-in. The other types are accepted only by their own endpoints. */
export const ACCESS_TOKEN_TYPE = 'access';

/**
 * Short-lived single-purpose tokens: `otp-step` (password done, second factor owed; sid = the OTP
 * attempt), `reset` and `activation` (mailed links; sid = the one-time link row).
 */
export type StepTokenType = 'otp-step' | 'reset' | 'activation' | 'unlock';

/** A verified step token. */
export interface StepToken {
  userId: string;
  /** The OTP attempt or one-time link the token belongs to. */
  id: string;
  expiresAt: Date;
}

/** A verified access token. */
export interface AccessToken {
  user: SessionUser;
  sessionId: string;
  issuedAt: Date;
  expiresAt: Date;
}

/** Verified access tokens kept per process; a token is immutable, so only its expiry is re-checked. */
const VERIFIED_TOKENS_MAX = 10_000;

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(`invalid token: ${reason}`);
    this.name = 'InvalidTokenError';
  }
}

/**
 * Signs and verifies session tokens: RS512 (jose), issuer, audience and token type checked. The
 * claims carry the §3 User fields so the browser can read them; the server trusts only sub and sid
 * and reloads everything else from the database (through the session cache) on every request.
 * Verifying RS512 costs more than the rest of a cached request, so a token verified once is
 * remembered until it expires: the verdict on the same bytes cannot change.
 */
export class TokenService {
  private readonly verified = new Map<string, AccessToken>();

  constructor(
    private readonly privateKey: KeyObject,
    private readonly publicKey: KeyObject,
    private readonly now: () => Date,
  ) {}

  sign(user: SessionUser, sessionId: string, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({
      typ: ACCESS_TOKEN_TYPE,
      sid: sessionId,
      email: user.email,
      name: user.name,
      isPlatformAdmin: user.isPlatformAdmin,
      permissions: user.permissions,
      agencyName: user.agencyName,
      authLevel: user.authLevel,
      hasResetPassword: user.hasResetPassword,
    })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setJti(crypto.randomUUID())
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.privateKey);
  }

  signStep(type: StepTokenType, userId: string, id: string, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({ typ: type, sid: id })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setJti(crypto.randomUUID())
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.privateKey);
  }

  /** Throws InvalidTokenError unless the token is ours, unexpired and of exactly this type. */
  async verifyStep(token: string, type: StepTokenType): Promise<StepToken> {
    const payload = await this.verifySignature(token);
    if (payload.typ !== type) throw new InvalidTokenError(`not a ${type} token`);
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') throw new InvalidTokenError('malformed claims');
    return { userId: sub, id: sid, expiresAt: new Date(exp * 1000) };
  }

  private async verifySignature(token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        typ: 'JWT',
        currentDate: this.now(),
        requiredClaims: ['sub', 'sid', 'iat', 'exp', 'typ'],
      });
      return payload;
    } catch (error) {
      throw new InvalidTokenError((error as Error).message);
    }
  }

  /** Throws InvalidTokenError for anything but a well-formed, unexpired access token signed by us. */
  async verify(token: string): Promise<AccessToken> {
    const known = this.verified.get(token);
    if (known) {
      if (this.now().getTime() < known.expiresAt.getTime()) return known;
      this.verified.delete(token);
      throw new InvalidTokenError('"exp" claim timestamp check failed');
    }
    const verified = await this.verifyAccess(token);
    // Bounded: when full, the oldest entries go first (a Map iterates in insertion order).
    if (this.verified.size >= VERIFIED_TOKENS_MAX) for (const key of [...this.verified.keys()].slice(0, VERIFIED_TOKENS_MAX / 10)) this.verified.delete(key);
    this.verified.set(token, verified);
    return verified;
  }

  private async verifyAccess(token: string): Promise<AccessToken> {
    const payload = await this.verifySignature(token);
    if (payload.typ !== ACCESS_TOKEN_TYPE) throw new InvalidTokenError('not an access token');
    const { sub, sid, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') {
      throw new InvalidTokenError('malformed claims');
    }
    const authLevel = payload.authLevel === 1 || payload.authLevel === 2 ? payload.authLevel : undefined;
    if (authLevel === undefined) throw new InvalidTokenError('malformed authLevel');
    return {
      user: {
        id: sub,
        email: String(payload.email ?? ''),
        name: String(payload.name ?? ''),
        isPlatformAdmin: payload.isPlatformAdmin === true,
        permissions: readPermissions(payload.permissions),
        agencyName: String(payload.agencyName ?? ''),
        authLevel,
        hasResetPassword: payload.hasResetPassword === true,
      },
      sessionId: sid,
      issuedAt: new Date(iat * 1000),
      expiresAt: new Date(exp * 1000),
    };
  }
}

function readPermissions(value: unknown): Record<string, RoleCode> {
  const permissions: Record<string, RoleCode> = {};
  if (value && typeof value === 'object') {
    for (const [appId, role] of Object.entries(value)) if (isRoleCode(role)) permissions[appId] = role;
  }
  return permissions;
}
