import { createHash, eq, type FileDownload, HttpError, jobs as jobTable, parseSlots, type DbExecutor, type DomainEvents, type JobService, type RouteAdder } from '@civic/sdk/server';
import type { DeploymentSwitches } from '@civic/sdk/common/model';
import { switchedOffKinds } from '../../knowledge-base/contract/common/responses/index';
import type { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import { JobKinds, PublishingApi, type AgentImportPreview, type JobView } from '../common/api';
import { PublishingMessages } from '../common/messages';
import { canEditPublishing, canViewPublishing } from '../common/permissions';
import { ImportAgentConfirmDto, ImportAgentDto } from '../common/publishing.dto';
import { planAgent, writeAgentChunk, type AgentChunk, type AgentServices } from './agent-apply';
import { compareAgent } from './agent-preview';
import { readAgentZip } from './agent-read';
import { exportAgent, ZIP_LIMITS, type ImportedAgent } from './agent-zip';
import { assertIntentRoom, intentLimitProblem } from './intent-limit';
import { toJobView } from './job-view';
import { runStagedJob } from './staged-import';
import { findVersion } from './versions';

const ZIP = 'application/zip';

function zipName(appId: string, what: string): string {
  return `${appId}-${what}.zip`;
}

/**
 * While the deployment switches File messages off (§9 CIVIC_FILE_RESPONSES), an agent whose intents
 * carry one is refused, naming each such intent (the editors refuse a File message the same way).
 */
export function refuseSwitchedOffKinds(agent: ImportedAgent, switches: DeploymentSwitches): void {
  const off = new Set(switchedOffKinds(switches));
  if (off.size === 0) return;
  const problems = agent.intents
    .filter((intent) => intent.responses.some((channel) => channel.messages.some((message) => off.has(message.type))))
    .map((intent) => PublishingMessages.importFileSwitchedOff(intent.name));
  if (problems.length > 0) throw HttpError.invalid(problems);
}

/** The zip import job's payload: the file as uploaded (base64), until the job ends. */
interface AgentJobPayload {
  fileName: string;
  content?: string;
  agent?: ImportedAgent;
}

export function registerImportExport(routes: RouteAdder, jobs: JobService, events: DomainEvents, drafts: KnowledgeSnapshots, switches: DeploymentSwitches, writers: AgentServices): void {
  const intentCounts = writers.counts;
  jobs.register<AgentJobPayload>(
    JobKinds.importAgent,
    // The zip was read and checked by the route; the job reads it again on a worker (the job row holds the file, not the
    // agent: writing 4 MB of JSON in the request's transaction held the database for 1.6 s), stages it and writes it in
    // short transactions, all or nothing.
    (ctx) => {
      const appId = ctx.appId ?? '';
      const stamp = { userId: ctx.createdBy, now: ctx.now() };
      const { fileName, content, agent } = ctx.payload;
      return runStagedJob<AgentJobPayload, AgentChunk>(ctx, events, {
        // A job queued by the release before holds the agent itself.
        plan: async () => planAgent(writers, appId, agent ?? (await readAgentZip(Buffer.from(content ?? '', 'base64')))),
        write: async (tx, chunk) => {
          await writeAgentChunk(writers, tx, appId, chunk, stamp);
          return undefined;
        },
        result: { fileName },
        // The file has served its purpose: the job row keeps its name, not its content.
        finish: async (tx) => {
          await tx.update(jobTable).set({ payload: { fileName } }).where(eq(jobTable.id, ctx.id));
        },
      });
    },
    { transaction: false, retryLimit: 3, resumable: true },
  );

  routes.add({
    method: 'GET',
    url: PublishingApi.exportRoute,
    app: 'appId',
    access: canViewPublishing,
    description: "§7 export: the app's draft as a Dialogflow ES agent zip",
    download: true,
    handler: async (ctx) => {
      const snapshot = await drafts.readDraft(ctx.db, ctx.app.appId);
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

  /** The zip, read before the transaction opens in one of the user's upload slots (size, type, bombs, on a worker). */
  const readUpload = (userId: string, content: string) => {
    const data = Buffer.from(content, 'base64');
    if (data.byteLength === 0) throw HttpError.invalid([PublishingMessages.fileRequired]);
    return parseSlots.run(userId, () => readAgentZip(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
  };
  /** The agent against the draft; the file's bytes enter the preview token as their digest. */
  const compare = async (db: DbExecutor, appId: string, agent: ImportedAgent, content: string) =>
    compareAgent(agent, await drafts.readDraft(db, appId), createHash('sha256').update(content).digest('hex'));

  routes.add({
    method: 'POST',
    url: PublishingApi.importPreviewRoute,
    app: 'appId',
    access: canEditPublishing,
    body: ImportAgentDto,
    bodyLimit: ZIP_LIMITS.maxBytes * 1.5,
    audit: { action: 'publishing.import-preview', summary: (ctx) => `Previewed agent zip import ${ctx.body.fileName}` },
    description:
      'Reads a Dialogflow ES agent zip (the same checks as the import) and answers, per intent and entity type, whether importing it would add it, change it (and what) or leave it unchanged, with totals and a preview token; nothing is saved',
    prepare: (ctx) => readUpload(ctx.user.id, ctx.body.content),
    handler: async (ctx): Promise<AgentImportPreview> => {
      const agent = ctx.prepared;
      refuseSwitchedOffKinds(agent, switches);
      const comparison = await compare(ctx.db, ctx.app.appId, agent, ctx.body.content);
      const tierLimit = await intentLimitProblem(intentCounts, ctx.db, ctx.app.appId, comparison.intents.new);
      return { fileName: ctx.body.fileName, agentName: agent.displayName, ...comparison, tierLimit };
    },
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.importRoute,
    app: 'appId',
    access: canEditPublishing,
    body: ImportAgentConfirmDto,
    status: 202,
    // base64 is 4/3 of the bytes; the slack lets a slightly-too-big file reach the clear size message.
    bodyLimit: ZIP_LIMITS.maxBytes * 1.5,
    audit: {
      action: 'publishing.import',
      summary: (ctx, result: { overwritten: number }) => `Imported agent zip ${ctx.body.fileName}${result.overwritten > 0 ? ` (overwriting ${result.overwritten} changed intents or entity types, confirmed)` : ''}`,
    },
    description:
      'Checks a Dialogflow ES agent zip (size, type by content, names, unpacked size, JSON) and starts an import job. An import that would overwrite changed intents or entity types of the draft needs overwrite: true or the previewToken of its preview (409 otherwise, and 409 when the token no longer matches the file and the draft)',
    prepare: (ctx) => readUpload(ctx.user.id, ctx.body.content),
    handler: async (ctx): Promise<{ job: JobView; overwritten: number }> => {
      const agent = ctx.prepared;
      refuseSwitchedOffKinds(agent, switches);
      const comparison = await compare(ctx.db, ctx.app.appId, agent, ctx.body.content);
      const { previewToken, overwrite } = ctx.body;
      if (previewToken !== undefined && previewToken !== comparison.previewToken) throw HttpError.conflict(PublishingMessages.importPreviewStale);
      const overwritten = comparison.intents.changed + comparison.entityTypes.changed;
      const confirmed = overwrite === true || (overwrite === undefined && previewToken !== undefined);
      if (overwritten > 0 && !confirmed) throw HttpError.conflict(PublishingMessages.importWouldOverwrite(comparison.intents.changed, comparison.entityTypes.changed));
      await assertIntentRoom(intentCounts, ctx.db, ctx.app.appId, comparison.intents.new);
      const job = await jobs.enqueue(ctx.db, {
        kind: JobKinds.importAgent,
        appId: ctx.app.appId,
        payload: { fileName: ctx.body.fileName, content: ctx.body.content } satisfies AgentJobPayload,
        createdBy: { id: ctx.user.id, email: ctx.user.email },
      });
      return { job: toJobView(job), overwritten };
    },
  });
}
