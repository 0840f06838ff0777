import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { signedIn } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import { ProfilePatchDto } from '@civic/core/common/dto/profile.dto';
import type { LoginResult, SessionInfo } from '@civic/core/common/model/api';
import { describeDevice } from '@civic/core/common/identity/describe-device';
import { AuthLevel } from '@civic/core/common/model/user';
import { SecurityEvents } from '../audit/security-event';
import { sessions, users } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { RouteAdder } from '../http/route-registry';
import type { Identity } from './identity';
import { loadSessionUser } from './user-directory';

/** /settings: the caller's own profile and sessions. Every change is audited; nobody else's rows are reachable. */
export function registerProfileRoutes(routes: RouteAdder, identity: Identity): void {
  routes.add({
    method: 'PATCH',
    url: CoreApi.me,
    access: signedIn,
    body: ProfilePatchDto,
    // The renewed token would still carry the old name: the handler sends its own.
    renewToken: 'never',
    audit: {
      action: 'auth.update-profile',
      target: (ctx) => ctx.user.email,
      summary: () => 'changed their name',
    },
    description: '{ name } (≤ 50) → { token, user }: the signed-in user renames themselves',
    handler: async (ctx): Promise<LoginResult> => {
      const name = ctx.body.name.trim();
      await ctx.db.update(users).set({ name, updatedAt: ctx.now }).where(eq(users.id, ctx.user.id));
      ctx.audit({ details: { before: { name: ctx.user.name }, after: { name } } });
      const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, ctx.user.sessionId)).limit(1);
      const user = await loadSessionUser(ctx.db, ctx.user.id, AuthLevel.FULL);
      if (!user || !session) throw HttpError.unauthorized();
      return { token: await identity.sessionTokens.issue(user, session, ctx.now), user };
    },
  });

  routes.add({
    method: 'GET',
    url: CoreApi.sessions,
    access: signedIn,
    description: "The caller's live sessions (device, IP, last seen), this one marked current",
    handler: async (ctx): Promise<{ sessions: SessionInfo[] }> => {
      const idleSince = new Date(ctx.now.getTime() - identity.sessions.idleMs);
      const rows = await ctx.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, ctx.user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now), gt(sessions.lastSeenAt, idleSince)))
        .orderBy(desc(sessions.lastSeenAt));
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          ip: row.ip,
          userAgent: row.userAgent,
          device: describeDevice(row.userAgent),
          current: row.id === ctx.user.sessionId,
        })),
      };
    },
  });

  routes.add({
    method: 'POST',
    url: CoreApi.sessionsRevokeOthers,
    access: signedIn,
    audit: { action: SecurityEvents.sessionsRevoked, target: (ctx) => ctx.user.email, summary: (_ctx, result: { revoked: number }) => `signed out ${result.revoked} other session(s)` },
    description: 'Signs the caller out everywhere else: every session but this one ends at once',
    handler: async (ctx): Promise<{ revoked: number }> => {
      const ended = await ctx.db
        .update(sessions)
        .set({ revokedAt: ctx.now })
        .where(and(eq(sessions.userId, ctx.user.id), isNull(sessions.revokedAt), ne(sessions.id, ctx.user.sessionId)))
        .returning({ id: sessions.id });
      return { revoked: ended.length };
    },
  });

  routes.add({
    method: 'DELETE',
    url: CoreApi.sessionRoute,
    access: signedIn,
    audit: { action: SecurityEvents.sessionRevoked, target: (ctx) => ctx.user.email, summary: (ctx) => `signed out session ${ctx.params.sessionId.slice(0, 8)}` },
    description: "Ends one of the caller's sessions (another person's, or an unknown id → 404)",
    handler: async (ctx) => {
      const id = ctx.params.sessionId;
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw HttpError.notFound();
      const ended = await ctx.db
        .update(sessions)
        .set({ revokedAt: ctx.now })
        .where(and(eq(sessions.id, id), eq(sessions.userId, ctx.user.id), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw HttpError.notFound();
      return {};
    },
  });
}
