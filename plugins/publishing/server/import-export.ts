import {
  and,
  categories,
  entityTypes,
  eq,
  type FileDownload,
  glossaryTerms,
  HttpError,
  intentCategories,
  intentLabels,
  intents,
  labels,
  parseSlots,
  readDraftSnapshot,
  sql,
  trainingPhrases,
  type DbExecutor,
  type JobService,
  type RouteAdder,
} from '@civic/sdk/server';
import { JobKinds, PublishingApi, type JobView } from '../common/api';
import { PublishingMessages } from '../common/messages';
import { canEditPublishing, canViewPublishing } from '../common/permissions';
import { ImportAgentDto } from '../common/publishing.dto';
import { readAgentZip } from './agent-read';
import { exportAgent, ZIP_LIMITS, type ImportedAgent } from './agent-zip';
import { toJobView } from './job-view';
import { findVersion } from './versions';

const ZIP = 'application/zip';

function zipName(appId: string, what: string): string {
  return `${appId}-${what}.zip`;
}

/** Upserts the agent into the app's draft by name (intents, entities, glossary, classification): re-running it changes nothing. */
export async function applyAgent(
  db: DbExecutor,
  appId: string,
  agent: ImportedAgent,
  userId: string | null,
  now: Date,
  progress: (percent: number, counts?: Record<string, number>) => void,
): Promise<Record<string, number>> {
  const idOfName = async (table: typeof categories | typeof labels, names: string[]) => {
    const ids = new Map<string, string>();
    for (const name of names) {
      const [existing] = await db.select({ id: table.id }).from(table).where(and(eq(table.appId, appId), sql`lower(${table.name}) = lower(${name})`));
      const id = existing?.id ?? (await db.insert(table).values({ appId, name }).returning({ id: table.id }))[0].id;
      ids.set(name.toLowerCase(), id);
    }
    return ids;
  };
  const categoryIds = await idOfName(categories, agent.categories);
  const labelIds = await idOfName(labels, agent.labels);

  for (const entity of agent.entityTypes) {
    const values = { kind: entity.kind, enableFuzzyExtraction: entity.fuzzy, entries: entity.entries, updatedAt: now };
    const [existing] = await db.select({ id: entityTypes.id }).from(entityTypes).where(and(eq(entityTypes.appId, appId), sql`lower(${entityTypes.displayName}) = lower(${entity.name})`));
    if (existing) await db.update(entityTypes).set({ ...values, version: sql`${entityTypes.version} + 1` }).where(eq(entityTypes.id, existing.id));
    else await db.insert(entityTypes).values({ appId, displayName: entity.name, ...values });
  }
  for (const term of agent.glossary) {
    const [existing] = await db.select({ id: glossaryTerms.id }).from(glossaryTerms).where(and(eq(glossaryTerms.appId, appId), sql`lower(${glossaryTerms.term}) = lower(${term.term})`));
    if (existing) await db.update(glossaryTerms).set({ synonyms: term.synonyms, definition: term.definition, updatedAt: now, version: sql`${glossaryTerms.version} + 1` }).where(eq(glossaryTerms.id, existing.id));
    else await db.insert(glossaryTerms).values({ appId, term: term.term, synonyms: term.synonyms, definition: term.definition });
  }
  progress(15);

  const ids = new Map<string, string>();
  let done = 0;
  for (const intent of agent.intents) {
    const values = {
      kind: intent.kind,
      defaultKind: intent.defaultKind,
      webhookState: intent.webhook_state,
      action: intent.action,
      events: intent.events,
      inputContexts: intent.inputContexts,
      outputContexts: intent.outputContexts,
      parameters: intent.parameters,
      responses: intent.responses,
      answerOwner: intent.answerOwner,
      sourceUrl: intent.sourceUrl,
      reviewBy: intent.reviewBy,
      updatedAt: now,
      updatedBy: userId,
    };
    const [existing] = await db.select({ id: intents.id }).from(intents).where(and(eq(intents.appId, appId), sql`lower(${intents.displayName}) = lower(${intent.name})`));
    let id: string;
    if (existing) {
      id = existing.id;
      await db.update(intents).set({ ...values, version: sql`${intents.version} + 1` }).where(eq(intents.id, id));
      await db.delete(trainingPhrases).where(eq(trainingPhrases.intentId, id));
      await db.delete(intentCategories).where(eq(intentCategories.intentId, id));
      await db.delete(intentLabels).where(eq(intentLabels.intentId, id));
    } else {
      [{ id }] = await db.insert(intents).values({ appId, displayName: intent.name, ...values }).returning({ id: intents.id });
    }
    ids.set(intent.name.toLowerCase(), id);
    if (intent.trainingPhrases.length) {
      await db.insert(trainingPhrases).values(
        intent.trainingPhrases.map((phrase, position) => ({
          intentId: id,
          appId,
          position,
          referenceId: phrase.reference_id,
          type: phrase.type,
          parts: phrase.parts,
          text: phrase.text,
          entityTypes: [...new Set(phrase.parts.flatMap((part) => (part.entity_type ? [part.entity_type] : [])))],
        })),
      );
    }
    const cats = intent.categories.map((name) => categoryIds.get(name.toLowerCase())).filter((x): x is string => Boolean(x));
    if (cats.length) await db.insert(intentCategories).values([...new Set(cats)].map((categoryId) => ({ intentId: id, categoryId })));
    const labs = intent.labels.map((name) => labelIds.get(name.toLowerCase())).filter((x): x is string => Boolean(x));
    if (labs.length) await db.insert(intentLabels).values([...new Set(labs)].map((labelId) => ({ intentId: id, labelId })));
    done += 1;
    progress(15 + (75 * done) / agent.intents.length, { intents: done });
  }
  for (const intent of agent.intents) {
    const id = ids.get(intent.name.toLowerCase());
    const parentId = intent.parentName ? (ids.get(intent.parentName.toLowerCase()) ?? null) : null;
    if (id) await db.update(intents).set({ parentId: parentId === id ? null : parentId }).where(eq(intents.id, id));
  }
  return {
    intents: agent.intents.length,
    phrases: agent.intents.reduce((sum, intent) => sum + intent.trainingPhrases.length, 0),
    entities: agent.entityTypes.length,
    glossary: agent.glossary.length,
  };
}

export function registerImportExport(routes: RouteAdder, jobs: JobService): void {
  jobs.register<{ fileName: string; agent: ImportedAgent }>(JobKinds.importAgent, async (ctx) => {
    const counts = await applyAgent(ctx.db, ctx.appId ?? '', ctx.payload.agent, ctx.createdBy, ctx.now(), (percent, counts) => {
      ctx.throwIfCancelled();
      ctx.progress(percent, counts);
    });
    return { counts, result: { fileName: ctx.payload.fileName } };
  });

  routes.add({
    method: 'GET',
    url: PublishingApi.exportRoute,
    app: 'appId',
    access: canViewPublishing,
    description: "§7 export: the app's draft as a Dialogflow ES agent zip",
    download: true,
    handler: async (ctx) => {
      const snapshot = await readDraftSnapshot(ctx.db, ctx.app.appId);
      return { fileName: zipName(ctx.app.appId, 'draft'), contentType: ZIP, data: exportAgent(snapshot, ctx.app.appName) } satisfies FileDownload;
    },
  });

  routes.add({
    method: 'GET',
    url: PublishingApi.versionExportRoute,
    app: 'appId',
    access: canViewPublishing,
    description: 'A published version as a Dialogflow ES agent zip',
    download: true,
    handler: async (ctx) => {
      const version = await findVersion(ctx.db, ctx.app.appId, ctx.params.versionId);
      return { fileName: zipName(ctx.app.appId, `v${version.number}`), contentType: ZIP, data: exportAgent(version.snapshot, ctx.app.appName) } satisfies FileDownload;
    },
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.importRoute,
    app: 'appId',
    access: canEditPublishing,
    body: ImportAgentDto,
    status: 202,
    // base64 is 4/3 of the bytes; the slack lets a slightly-too-big file reach the clear size message.
    bodyLimit: ZIP_LIMITS.maxBytes * 1.5,
    audit: { action: 'publishing.import', summary: (ctx) => `Imported agent zip ${ctx.body.fileName}` },
    description: 'Checks a Dialogflow ES agent zip (size, type by content, names, unpacked size, JSON) and starts an import job',
    // The zip is read before the transaction opens, in one of the user's upload slots.
    prepare: async (ctx) => {
      const data = Buffer.from(ctx.body.content, 'base64');
      if (data.byteLength === 0) throw HttpError.invalid([PublishingMessages.fileRequired]);
      return parseSlots.run(ctx.user.id, () => readAgentZip(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
    },
    handler: async (ctx): Promise<{ job: JobView }> => {
      const agent = ctx.prepared;
      const job = await jobs.enqueue(ctx.db, {
        kind: JobKinds.importAgent,
        appId: ctx.app.appId,
        payload: { fileName: ctx.body.fileName, agent },
        createdBy: { id: ctx.user.id, email: ctx.user.email },
      });
      return { job: toJobView(job) };
    },
  });
}
