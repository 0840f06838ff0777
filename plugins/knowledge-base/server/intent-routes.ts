import { and, eq, HttpError, type DbExecutor, type HandlerContext, type RouteAdder } from '@civic/sdk/server';
import type { EntityTypeCatalog } from '../../entities/contract/server/index';
import type { SnapshotSources } from './draft-snapshot';
import { intents } from './db/schema';
import type { IntentDeleteResponse, IntentListResponse, IntentResponse } from '../common/api';
import { KbApi } from '../common/api';
import type { ResponseCheckOptions } from '../contract/common/responses/index';
import { IntentCreateDto, IntentListQueryDto, IntentUpdateDto } from '../common/intent.dto';
import { KbMessages } from '../common/messages';
import { normaliseParameters, normalisePhrases } from '../common/normalise';
import { canEditKnowledgeBase, canViewKnowledgeBase } from '../common/permissions';
import { listIntentTree, subtreeIds } from './intent-tree';
import { checkIntentLimit, checkNameFree, checkParent, isUniqueViolation, loadIntent, writeClassification, writePhrases } from './intent-store';
import { prepareResponses } from './save-responses';

type Ctx<B> = HandlerContext<B, unknown, 'session', 'appId'>;

function prepare(body: IntentCreateDto, responseOptions: ResponseCheckOptions) {
  const parameters = normaliseParameters(body.parameters ?? []);
  if (parameters.problem) throw HttpError.invalid([parameters.problem]);
  if (body.kind === 'qna' && body.parentId) throw HttpError.invalid([KbMessages.qnaNoParent]);
  const responses = prepareResponses(body.responses, responseOptions);
  return {
    phrases: normalisePhrases(body.trainingPhrases ?? []),
    parameters: parameters.value,
    /** The intent row's columns the body sets, the same on create and save. */
    columns: {
      kind: body.kind ?? 'intent',
      displayName: body.displayName,
      parentId: body.parentId ?? null,
      webhookState: body.webhook_state ?? 'WEBHOOK_STATE_UNSPECIFIED',
      action: body.action ?? '',
      events: body.events ?? [],
      inputContexts: body.inputContexts ?? [],
      outputContexts: body.outputContexts ?? [],
      parameters: parameters.value,
      responses,
      answerOwner: body.answerOwner ?? null,
      sourceUrl: body.sourceUrl ?? null,
      reviewBy: body.reviewBy ?? null,
    },
  };
}

/**
 * A parameter names an entity type the app has (or a system one, `@sys.…`): one that does not exist
 * would never be filled, and a mandatory one would ask its prompt forever.
 */
async function checkParameterEntities(catalog: EntityTypeCatalog, db: DbExecutor, appId: string, parameters: ReadonlyArray<{ display_name: string; entity_type_display_name: string }>): Promise<void> {
  const named = parameters.map((parameter) => ({ parameter: parameter.display_name, entity: parameter.entity_type_display_name.replace(/^@/, '') })).filter(({ entity }) => entity !== '' && !entity.startsWith('sys.'));
  if (named.length === 0) return;
  const existing = new Set((await catalog.list(db, appId)).map((type) => type.display_name.toLowerCase()));
  const missing = named.filter(({ entity }) => !existing.has(entity.toLowerCase()));
  if (missing.length > 0) {
    const messages = missing.map(({ parameter, entity }) => KbMessages.unknownEntity(parameter, entity));
    throw HttpError.invalid(messages, { parameters: messages });
  }
}

async function mustLoad(ctx: Ctx<unknown>, intentId: string): Promise<IntentResponse> {
  const intent = await loadIntent(ctx.db, ctx.app.appId, intentId);
  if (!intent) throw HttpError.notFound();
  return { intent };
}

/**
 * Intents and Q&A pairs of an app's draft (§2 intents, QandA; §4 intent tree). `responseOptions`
 * carries the message kinds the deployment switched off, refused on save.
 */
export function registerIntentRoutes(routes: RouteAdder, sources: SnapshotSources, responseOptions: ResponseCheckOptions = {}): void {
  routes.add({
    method: 'GET',
    url: KbApi.intentsRoute,
    app: 'appId',
    access: canViewKnowledgeBase,
    query: IntentListQueryDto,
    description: 'A page of the intent tree (level 1 intents, then their follow-ups), searched, filtered and sorted',
    handler: (ctx): Promise<IntentListResponse> => listIntentTree(ctx.db, ctx.app.appId, ctx.query),
  });

  routes.add({
    method: 'GET',
    url: KbApi.intentRoute,
    app: 'appId',
    access: canViewKnowledgeBase,
    description: 'One intent or Q&A pair with its training phrases, parameters, responses, parent and follow-ups',
    handler: (ctx) => mustLoad(ctx as Ctx<unknown>, uuidParam(ctx.params.intentId)),
  });

  routes.add({
    method: 'POST',
    url: KbApi.intentsRoute,
    app: 'appId',
    access: canEditKnowledgeBase,
    body: IntentCreateDto,
    status: 201,
    audit: {
      action: 'knowledge-base.intent.create',
      target: (_ctx, result: IntentResponse) => result.intent.id,
      summary: (ctx) => `${ctx.body.kind ?? 'intent'} "${ctx.body.displayName}"`,
    },
    description: 'Creates an intent or (kind qna) a Q&A pair; refused with 422 when the tier limit is reached',
    handler: async (ctx): Promise<IntentResponse> => {
      const body = ctx.body;
      const { phrases, parameters, columns } = prepare(body, responseOptions);
      await checkParameterEntities(sources.entityTypes, ctx.db, ctx.app.appId, parameters);
      await checkIntentLimit(ctx.db, ctx.app.appId, ctx.app.subscriptionTier);
      await checkNameFree(ctx.db, ctx.app.appId, body.displayName);
      if (body.parentId) await checkParent(ctx.db, ctx.app.appId, body.parentId);
      let id: string;
      try {
        const [row] = await ctx.db
          .insert(intents)
          .values({
            appId: ctx.app.appId,
            ...columns,
            createdAt: ctx.now,
            updatedAt: ctx.now,
            updatedBy: ctx.user.id,
          })
          .returning({ id: intents.id });
        id = row.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw HttpError.conflict(KbMessages.duplicateIntentName);
        throw error;
      }
      await writePhrases(ctx.db, ctx.app.appId, id, phrases, false);
      await writeClassification(sources.classes, ctx.db, ctx.app.appId, id, body.categoryIds, body.labelIds, false);
      return mustLoad(ctx as Ctx<unknown>, id);
    },
  });

  routes.add({
    method: 'PUT',
    url: KbApi.intentRoute,
    app: 'appId',
    access: canEditKnowledgeBase,
    body: IntentUpdateDto,
    audit: {
      action: 'knowledge-base.intent.update',
      target: (ctx) => ctx.params.intentId,
      summary: (ctx) => `"${ctx.body.displayName}" from version ${ctx.body.version}`,
    },
    description: 'Saves the whole intent; `version` must be the one edited, else 409 and nothing changes',
    handler: async (ctx): Promise<IntentResponse> => {
      const intentId = uuidParam(ctx.params.intentId);
      const body = ctx.body;
      const [current] = await ctx.db
        .select({ version: intents.version, kind: intents.kind })
        .from(intents)
        .where(and(eq(intents.id, intentId), eq(intents.appId, ctx.app.appId)));
      if (!current) throw HttpError.notFound();
      if (current.version !== body.version) throw new HttpError(409, KbMessages.intentConflict, { detail: { currentVersion: current.version } });
      const kind = body.kind ?? current.kind;
      const { phrases, parameters, columns } = prepare({ ...body, kind }, responseOptions);
      await checkParameterEntities(sources.entityTypes, ctx.db, ctx.app.appId, parameters);
      await checkNameFree(ctx.db, ctx.app.appId, body.displayName, intentId);
      if (body.parentId) await checkParent(ctx.db, ctx.app.appId, body.parentId, intentId);
      const updated = await ctx.db
        .update(intents)
        .set({
          ...columns,
          version: body.version + 1,
          updatedAt: ctx.now,
          updatedBy: ctx.user.id,
        })
        .where(and(eq(intents.id, intentId), eq(intents.appId, ctx.app.appId), eq(intents.version, body.version)))
        .returning({ id: intents.id });
      // A save that raced past the check above still finds the version moved on.
      if (updated.length === 0) throw new HttpError(409, KbMessages.intentConflict);
      await writePhrases(ctx.db, ctx.app.appId, intentId, phrases, true);
      await writeClassification(sources.classes, ctx.db, ctx.app.appId, intentId, body.categoryIds, body.labelIds, true);
      return mustLoad(ctx as Ctx<unknown>, intentId);
    },
  });

  routes.add({
    method: 'DELETE',
    url: KbApi.intentRoute,
    app: 'appId',
    access: canEditKnowledgeBase,
    audit: {
      action: 'knowledge-base.intent.delete',
      target: (ctx) => ctx.params.intentId,
      summary: (_ctx, result: IntentDeleteResponse) => `deleted ${result.deletedIds.length} intent(s) with follow-ups`,
    },
    description: 'Deletes the intent and all of its follow-ups (§4); the Default Welcome and Default Fallback intents are refused (409)',
    handler: async (ctx): Promise<IntentDeleteResponse> => {
      const intentId = uuidParam(ctx.params.intentId);
      const [row] = await ctx.db.select({ id: intents.id, defaultKind: intents.defaultKind }).from(intents).where(and(eq(intents.id, intentId), eq(intents.appId, ctx.app.appId)));
      if (!row) throw HttpError.notFound();
      // The welcome and fallback intents are how every conversation starts and what an unknown question gets.
      if (row.defaultKind) throw HttpError.conflict(KbMessages.defaultIntentKept);
      const deletedIds = await subtreeIds(ctx.db, intentId);
      // Follow-ups go with it through the parent_id cascade.
      await ctx.db.delete(intents).where(eq(intents.id, intentId));
      return { deletedIds };
    },
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID names nothing: 404 (never a database error). */
export function uuidParam(value: string | undefined): string {
  if (!value || !UUID.test(value)) throw HttpError.notFound();
  return value;
}
