import { apps, eq, findAppRecord, HttpError, type AppCreatedHandler, type RouteAdder, type UserAdmin, auditDiff } from '@civic/sdk/server';
import { NlpEngine } from '@civic/sdk/common/model';
import { AdminApi, type AdminAppDetail, type ChatAppPage } from '../common/api';
import { AppCreateDto, AppPatchDto } from '../common/app-patch.dto';
import { ChatAppQueryDto } from '../common/chatapp-query.dto';
import { AdminMessages } from '../common/messages';
import { canAdministerPlatform } from '../common/permissions';
import { agencyIdByName, appPatchChanges, assertEngineHandlers, toAdminAppDetail } from './app-patch';
import { queryChatApps } from './chat-app-query';

export interface ChatAppDeps {
  users: UserAdmin;
  appCreated: AppCreatedHandler;
}

function describePatch(body: AppPatchDto): string {
  const fields = Object.keys(body).filter((key) => key !== 'unsets');
  const parts = fields.length ? [`changed ${fields.join(', ')}`] : [];
  if (body.unsets?.length) parts.push(`unset ${body.unsets.join(', ')}`);
  return parts.join('; ') || 'nothing';
}

/** Chat app management (§7): the table, create, read one, patch (incl. decommission). */
export function registerChatAppRoutes(routes: RouteAdder, deps: ChatAppDeps): void {
  routes.add({
    method: 'POST',
    url: AdminApi.chatAppMgmt,
    access: canAdministerPlatform,
    body: ChatAppQueryDto,
    unaudited: 'a search sent as POST (§7 chatapp-mgmt); it changes nothing',
    description: 'Chat apps with the table filter (items of field/operator/value, AND/OR), date range, sort and paging (150 a page)',
    handler: (ctx): Promise<ChatAppPage> => queryChatApps(ctx.db, ctx.body, ctx.now),
  });

  routes.add({
    method: 'POST',
    url: AdminApi.apps,
    access: canAdministerPlatform,
    body: AppCreateDto,
    status: 201,
    audit: { action: 'platform-admin.app-create', target: (ctx) => ctx.body.appId, summary: (ctx) => `created ${ctx.body.appId} (${ctx.body.subscriptionTier})` },
    description: 'Creates an app with defaults; the creator becomes its admin and plugins add their defaults (default intents …)',
    handler: async (ctx): Promise<AdminAppDetail> => {
      const { appId } = ctx.body;
      const [existing] = await ctx.db.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, appId)).limit(1);
      if (existing) throw HttpError.conflict(AdminMessages.appExists);
      const agencyId = await agencyIdByName(ctx.db, ctx.body.agencyName);
      const engine = ctx.body.nlpEngine;
      const service = engine?.service ?? NlpEngine.BUILT_IN;
      assertEngineHandlers(service, engine?.qnaHandler, engine?.dialogHandler);
      await ctx.db.insert(apps).values({
        appId,
        appName: ctx.body.appName.trim(),
        description: ctx.body.description ?? '',
        agencyId,
        subscriptionTier: ctx.body.subscriptionTier,
        nlpEngineService: service,
        qnaHandler: engine?.qnaHandler ?? null,
        dialogHandler: engine?.dialogHandler ?? null,
        // No site may embed the chat until the admin names it (issue 15), not every government domain.
        allowedDomains: [],
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await deps.users.setRoles(ctx.db, ctx.user.id, { [appId]: '2' }, ctx.now);
      await deps.appCreated(ctx.db, appId);
      const created = await findAppRecord(ctx.db, appId);
      if (!created) throw HttpError.notFound();
      return toAdminAppDetail(created);
    },
  });

  routes.add({
    method: 'GET',
    url: AdminApi.appRoute,
    app: 'appId',
    access: canAdministerPlatform,
    description: 'Every field of the app patch form, as stored',
    handler: (ctx): AdminAppDetail => toAdminAppDetail(ctx.app),
  });

  routes.add({
    method: 'PATCH',
    url: AdminApi.appRoute,
    app: 'appId',
    access: canAdministerPlatform,
    body: AppPatchDto,
    audit: { action: 'platform-admin.app-patch', target: (ctx) => ctx.app.appId, summary: (ctx) => describePatch(ctx.body) },
    description: 'App patch (§3); empty liveChatService, authenticationService or goLiveAt go in unsets (§5); external engine needs both handlers',
    handler: async (ctx): Promise<AdminAppDetail> => {
      const changes = await appPatchChanges(ctx.db, ctx.app, ctx.body);
      await ctx.db.update(apps).set({ ...changes, updatedAt: ctx.now }).where(eq(apps.appId, ctx.app.appId));
      const updated = await findAppRecord(ctx.db, ctx.app.appId);
      if (!updated) throw HttpError.notFound();
      const after = toAdminAppDetail(updated);
      ctx.audit({ details: auditDiff(toAdminAppDetail(ctx.app) as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>) });
      return after;
    },
  });
}
