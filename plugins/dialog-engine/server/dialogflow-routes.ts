import { apps, asc, gt, HttpError, isNull, or, type DomainEvents, type RouteAdder } from '@civic/sdk/server';
import { engineConfigured } from '../contract/events';
import { dialogEngineConfigs } from './db/schema';
import { Messages } from '@civic/sdk/common/messages';
import { ENVIRONMENTS, type DialogFlowAppRow, type EngineConfig, type Environment, type TestMessageResult, type TrainingStatus } from '../common/api';
import { EngineConfigDto, handlerUrlProblem, TestMessageDto } from '../common/chat.dto';
import { canConfigureEngine } from '../common/permissions';
import type { DialogEngine } from './engine/dialog-engine';

function environmentOf(value: string | undefined): Environment {
  if (!(ENVIRONMENTS as readonly string[]).includes(value ?? '')) throw HttpError.notFound();
  return value as Environment;
}

/**
 * /dialogFlow (platform admins): which engine answers for each app and environment, the external
 * handler URLs, training status, and "test a message" (intent, confidence, top matches; no transcript).
 */
export function registerDialogFlowRoutes(routes: RouteAdder, engine: DialogEngine, events: DomainEvents): void {
  routes.add({
    method: 'GET',
    url: '/api/v1/admin/dialog-engine/apps',
    access: canConfigureEngine,
    description: 'Every app with its engine per environment and training status',
    handler: async (ctx): Promise<{ apps: DialogFlowAppRow[] }> => {
      const rows = await ctx.db
        .select({ appId: apps.appId, appName: apps.appName, nlpEngineService: apps.nlpEngineService, qnaHandler: apps.qnaHandler, dialogHandler: apps.dialogHandler })
        .from(apps)
        .where(or(isNull(apps.decommissionAt), gt(apps.decommissionAt, ctx.now)))
        .orderBy(asc(apps.appName));
      const configs = await ctx.db.select().from(dialogEngineConfigs);
      return {
        apps: rows.map((row) => {
          const of = (environment: Environment): EngineConfig => {
            const saved = configs.find((config) => config.appId === row.appId && config.environment === environment);
            return {
              appId: row.appId,
              environment,
              engine: (saved?.engine ?? row.nlpEngineService) as EngineConfig['engine'],
              qnaHandler: saved ? saved.qnaHandler : row.qnaHandler,
              dialogHandler: saved ? saved.dialogHandler : row.dialogHandler,
              linkedAppIds: saved?.linkedAppIds ?? [],
            };
          };
          return {
            appId: row.appId,
            appName: row.appName,
            configs: [of('draft'), of('production')],
            training: { draft: engine.status(row.appId, 'draft'), production: engine.status(row.appId, 'production') },
          };
        }),
      };
    },
  });

  routes.add({
    method: 'PUT',
    url: '/api/v1/admin/dialog-engine/apps/:appId/:environment',
    app: 'appId',
    access: canConfigureEngine,
    body: EngineConfigDto,
    audit: { action: 'dialog-engine.configure', target: (ctx) => `${ctx.app.appId}/${ctx.params.environment}`, summary: (ctx) => `Engine ${ctx.body.engine} for ${ctx.params.environment}` },
    description: "Sets an app's engine and handler URLs for one environment",
    handler: async (ctx): Promise<{ config: EngineConfig }> => {
      const environment = environmentOf(ctx.params.environment);
      const qnaHandler = ctx.body.qnaHandler?.trim() || null;
      const dialogHandler = ctx.body.dialogHandler?.trim() || null;
      const fields: Record<string, string[]> = {};
      if (qnaHandler && handlerUrlProblem(qnaHandler)) fields.qnaHandler = [Messages.invalidHttpsUrl];
      if (dialogHandler && handlerUrlProblem(dialogHandler)) fields.dialogHandler = [Messages.invalidHttpsUrl];
      if (Object.keys(fields).length > 0) throw HttpError.invalid([Messages.invalidHttpsUrl], fields);
      if (ctx.body.engine === 'CIVIC_X' && (!qnaHandler || !dialogHandler)) {
        throw HttpError.invalid([Messages.externalEngineHandlers], {
          ...(qnaHandler ? {} : { qnaHandler: [Messages.externalEngineHandlers] }),
          ...(dialogHandler ? {} : { dialogHandler: [Messages.externalEngineHandlers] }),
        });
      }
      const linkedAppIds = [...new Set((ctx.body.linkedAppIds ?? []).map((id) => id.trim()).filter((id) => id && id !== ctx.app.appId))];
      const values = { engine: ctx.body.engine, qnaHandler, dialogHandler, linkedAppIds, updatedAt: ctx.now };
      await ctx.db
        .insert(dialogEngineConfigs)
        .values({ appId: ctx.app.appId, environment, ...values })
        .onConflictDoUpdate({ target: [dialogEngineConfigs.appId, dialogEngineConfigs.environment], set: values });
      // Delivered on commit, here and on every other server: none answers with the old engine for long.
      await events.publish(ctx.db, engineConfigured, { appId: ctx.app.appId });
      engine.forget(ctx.app.appId);
      return { config: await engine.config(ctx.db, ctx.app, environment) };
    },
  });

  routes.add({
    method: 'POST',
    url: '/api/v1/admin/dialog-engine/apps/:appId/:environment/test',
    app: 'appId',
    access: canConfigureEngine,
    body: TestMessageDto,
    transaction: false,
    audit: { action: 'dialog-engine.test-message', target: (ctx) => `${ctx.app.appId}/${ctx.params.environment}`, summary: () => 'Tested a message' },
    description: 'Answers one message without storing a transcript: intent, confidence, top matches',
    handler: async (ctx): Promise<TestMessageResult> => {
      const environment = environmentOf(ctx.params.environment);
      const result = await engine.answer(ctx.db, ctx.app, environment, { text: ctx.body.text, channel: 'PLATFORM_UNSPECIFIED', state: { contexts: [], pending: null }, sessionId: 'test', reader: ctx.user });
      return {
        messages: result.messages,
        intentName: result.intentName,
        confidence: result.confidence,
        fallback: result.fallback,
        topMatches: result.topMatches,
        training: engine.status(ctx.app.appId, environment),
        contentVersion: result.contentVersion,
      };
    },
  });

  routes.add({
    method: 'POST',
    url: '/api/v1/admin/dialog-engine/apps/:appId/:environment/train',
    app: 'appId',
    access: canConfigureEngine,
    status: 202,
    audit: { action: 'dialog-engine.train', target: (ctx) => `${ctx.app.appId}/${ctx.params.environment}` },
    description:
      'Starts a training job of an app and environment (kind "training", listed with the app\'s jobs) unless its content is trained already; answers the job id (null when nothing to train) and the training status',
    handler: async (ctx): Promise<{ jobId: string | null; training: TrainingStatus }> => {
      const appId = ctx.app.appId;
      const environment = environmentOf(ctx.params.environment);
      const content = await engine.content(ctx.db, appId, environment).catch(() => null);
      // Unpublished production still gets its job: it fails, saying why, where the app's jobs are listed.
      const hash = content ? content.hash : 'unpublished';
      const jobId = await engine.requestTraining(ctx.db, appId, environment, hash, { id: ctx.user.id, email: ctx.user.email });
      return { jobId, training: engine.status(appId, environment) };
    },
  });
}
