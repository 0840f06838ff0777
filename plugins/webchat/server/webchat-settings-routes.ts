import { and, desc, eq, gte, HttpError, isDecommissioned, sql, type DbExecutor, type RouteAdder } from '@civic/sdk/server';
import { WebChatApi, type PublicWebChatSettingsResponse, type RefusedOriginsResponse, type WebChatSettingsResponse } from '../common/api';
import { webchatRefusedOrigins } from './db/schema';
import { contrastProblems } from '../common/contrast';
import { WebChatMessages } from '../common/messages';
import { canEditWebChat, canReadPublicWidget, canViewWebChat } from '../common/permissions';
import { originAllowed } from '@civic/sdk/common/validators';
import { WebChatSettingsDto, WebChatSettingsQueryDto } from '../common/webchat-settings.dto';
import { toPublicSettings, withDefaults } from '../common/webchat-settings';
import { describeWebChatChange } from './describe-webchat-change';
import { readWebChatSettings, writeWebChatSettings } from './settings-store';

/** At most this many refused origins are kept per app (a page can send any Origin header). */
export const REFUSED_ORIGINS_KEPT = 100;
/** The Web Chat tab lists the origins refused in this many days. */
export const REFUSED_ORIGINS_DAYS = 30;

async function recordRefusal(db: DbExecutor, appId: string, origin: string, now: Date): Promise<void> {
  const value = origin.slice(0, 200);
  const bumped = await db
    .update(webchatRefusedOrigins)
    .set({ attempts: sql`${webchatRefusedOrigins.attempts} + 1`, lastSeenAt: now })
    .where(and(eq(webchatRefusedOrigins.appId, appId), eq(webchatRefusedOrigins.origin, value)))
    .returning({ origin: webchatRefusedOrigins.origin });
  if (bumped.length > 0) return;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(webchatRefusedOrigins).where(eq(webchatRefusedOrigins.appId, appId));
  if (n >= REFUSED_ORIGINS_KEPT) return;
  await db.insert(webchatRefusedOrigins).values({ appId, origin: value, firstSeenAt: now, lastSeenAt: now }).onConflictDoNothing();
}

/**
 * §7 GET and PUT /api/v1/apps/{appId}/webchat-settings (viewers read; editors and admins write),
 * and the public widget settings the sharing page and the embed script read without signing in.
 */
export function registerWebChatSettingsRoutes(routes: RouteAdder, publicUrl: string): void {
  routes.add({
    method: 'GET',
    url: WebChatApi.settingsRoute,
    app: 'appId',
    access: canViewWebChat,
    query: WebChatSettingsQueryDto,
    description: "The app's web chat widget settings (§3), defaults filled in; isForPlayground=true gives the console preview's view (draft environment)",
    handler: async (ctx): Promise<WebChatSettingsResponse> => {
      const stored = await readWebChatSettings(ctx.db, ctx.app);
      const isForPlayground = ctx.query.isForPlayground === 'true';
      const webchatSettings = isForPlayground ? { ...stored.settings, appEnvironmentOverride: 'draft' as const } : stored.settings;
      return { webchatSettings, version: stored.version, updatedAt: stored.updatedAt?.toISOString() ?? null, isForPlayground, allowedDomains: [...ctx.app.allowedDomains] };
    },
  });

  routes.add({
    method: 'PUT',
    url: WebChatApi.settingsRoute,
    app: 'appId',
    access: canEditWebChat,
    body: WebChatSettingsDto,
    audit: {
      action: 'webchat.settings-update',
      target: (ctx) => ctx.app.appId,
    },
    description: 'Replaces the widget settings (missing fields take their defaults); colour pairs below 4.5:1 and a stale version are refused',
    handler: async (ctx): Promise<WebChatSettingsResponse> => {
      const { version: expected, ...fields } = ctx.body;
      const next = withDefaults(fields);
      const problems = contrastProblems(next);
      if (problems.length > 0) {
        const byField: Record<string, string[]> = {};
        for (const p of problems) (byField[p.field] ??= []).push(p.message);
        throw HttpError.invalid(problems.map((p) => p.message), byField);
      }
      const current = await readWebChatSettings(ctx.db, ctx.app);
      if (expected !== undefined && expected !== current.version) throw HttpError.conflict(WebChatMessages.conflict);
      if (next.appName === '') next.appName = ctx.app.appName;
      const version = await writeWebChatSettings(ctx.db, ctx.app.appId, next, ctx.user.email, ctx.now, current.version);
      if (version === null) throw HttpError.conflict(WebChatMessages.conflict);
      ctx.audit({ summary: describeWebChatChange(current.settings, next) });
      return { webchatSettings: next, version, updatedAt: ctx.now.toISOString(), isForPlayground: false, allowedDomains: [...ctx.app.allowedDomains] };
    },
  });

  routes.add({
    method: 'GET',
    url: WebChatApi.publicSettingsRoute,
    auth: 'public',
    app: 'appId',
    access: canReadPublicWidget,
    cors: true,
    cacheSeconds: 60,
    // The refusal is recorded even though the request fails.
    transaction: false,
    description:
      "Public, cached 60 s: how the widget of an app looks (sharing page, embed script). 403 for a page origin not on the app's allowedDomains (the chat API's list); 404 for unknown or decommissioned apps",
    handler: async (ctx): Promise<PublicWebChatSettingsResponse> => {
      if (isDecommissioned(ctx.app, ctx.now)) throw HttpError.notFound();
      const stored = await readWebChatSettings(ctx.db, ctx.app);
      // Same-origin reads (the sharing page) send no Origin; other sites must be on the app's allowedDomains.
      if (!originAllowed(ctx.origin, publicUrl, ctx.app.allowedDomains)) {
        if (ctx.origin) await recordRefusal(ctx.db, ctx.app.appId, ctx.origin, ctx.now);
        throw new HttpError(403, WebChatMessages.originRefused);
      }
      return { appId: ctx.app.appId, webchatSettings: toPublicSettings(stored.settings) };
    },
  });

  routes.add({
    method: 'GET',
    url: WebChatApi.refusedOriginsRoute,
    app: 'appId',
    access: canViewWebChat,
    description: `Web pages refused the widget in the last ${REFUSED_ORIGINS_DAYS} days (origin not on the app's allowedDomains), most recent first`,
    handler: async (ctx): Promise<RefusedOriginsResponse> => {
      const since = new Date(ctx.now.getTime() - REFUSED_ORIGINS_DAYS * 86_400_000);
      const rows = await ctx.db
        .select()
        .from(webchatRefusedOrigins)
        .where(and(eq(webchatRefusedOrigins.appId, ctx.app.appId), gte(webchatRefusedOrigins.lastSeenAt, since)))
        .orderBy(desc(webchatRefusedOrigins.lastSeenAt))
        .limit(20);
      return { origins: rows.map((row) => ({ origin: row.origin, attempts: row.attempts, firstSeenAt: row.firstSeenAt.toISOString(), lastSeenAt: row.lastSeenAt.toISOString() })) };
    },
  });
}
