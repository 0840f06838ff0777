import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, isNotNull } from 'drizzle-orm';
import { JobError, type DbExecutor, type DomainEvents, type JobContext, type JobOutcome } from '@civic/sdk/server';
import { categories, entityTypes, glossaryTerms, importStages, intents, jobs, tierLimits, trainingPhrases } from './support/tables';
import { clearKnowledge } from './support/knowledge-fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { classesByName } from '../../plugins/classification/server/classes-by-name';
import { entityTypesByName } from '../../plugins/entities/server/entity-types-by-name';
import { intentsByName } from '../../plugins/knowledge-base/server/intents-by-name';
import { intentCounts } from '../../plugins/knowledge-base/server/intent-queries';
import { planAgent, writeAgentChunk, type AgentChunk, type AgentServices } from '../../plugins/publishing/server/agent-apply';
import type { ImportedAgent } from '../../plugins/publishing/server/agent-model';
import { commitToStage, saveChunks, stageStateOf, writeNextChunk } from '../../plugins/publishing/server/import-stage';
import { runStagedJob } from '../../plugins/publishing/server/staged-import';

/**
 * The agent zip import staged (issue 14): the agent is saved as chunks without touching the draft,
 * one short transaction commits to it, then each chunk is written in a transaction of its own — a run
 * stopped past its commit point is finished by the next, and a refusal at the commit point leaves nothing.
 */
const APP = 'demo-plus';
const services: AgentServices = { counts: intentCounts, intents: intentsByName, classNames: classesByName, entityTypes: entityTypesByName };
const stamp = { userId: null, now: new Date('2026-01-02T03:04:05Z') };
let t: TestServer;
const db = () => t.server.db.db;
/** The events the staged job publishes (with the transaction that writes its last chunk). */
const published: string[] = [];
const events: DomainEvents = {
  publish: async (_executor, event) => {
    published.push(event.name);
  },
  subscribe: () => () => undefined,
};

before(async () => {
  t = await startTestServer({ beforeStart: (d) => clearKnowledge(d, APP) });
});
after(async () => {
  await t?.close();
});

/** `count` intents of 40 phrases each (about 24 to a chunk): every 10th a follow-up of the first, which is in the first chunk. */
function agent(prefix: string, count: number): ImportedAgent {
  return {
    displayName: prefix,
    intents: Array.from({ length: count }, (_, i) => ({
      name: `${prefix} ${i}`,
      parentName: i % 10 === 9 ? `${prefix} 0` : null,
      kind: 'intent' as const,
      defaultKind: null,
      webhook_state: 'WEBHOOK_STATE_UNSPECIFIED' as const,
      action: '',
      events: [],
      inputContexts: [],
      outputContexts: [],
      parameters: [],
      responses: [{ platform: 'PLATFORM_UNSPECIFIED' as const, enable_default_response: true, messages: [{ type: 'text' as const, text: [`Answer ${i}`] }] }],
      answerOwner: null,
      sourceUrl: null,
      reviewBy: null,
      trainingPhrases: Array.from({ length: 40 }, (_, p) => ({ reference_id: `p${p}`, type: 'example' as const, parts: [{ text: `${prefix} ${i} phrase ${p}` }], text: `${prefix} ${i} phrase ${p}` })),
      categories: [`${prefix} category ${i % 3}`],
      labels: [],
    })),
    entityTypes: [{ name: `${prefix} colour`, kind: 'KIND_MAP', fuzzy: false, entries: [{ value: 'red', synonyms: ['red'] }] }],
    glossary: [{ term: `${prefix} term`, synonyms: [], definition: 'A term' }],
    categories: [0, 1, 2].map((i) => `${prefix} category ${i}`),
    labels: [],
  };
}

async function newJob(): Promise<string> {
  const [job] = await db().insert(jobs).values({ kind: 'publishing.import-agent', appId: APP, status: 'running' }).returning();
  return job.id;
}

/** What the job runner gives a `{ transaction: false }` handler, enough to run one. */
function context(jobId: string): JobContext<unknown> & { outcome?: JobOutcome; cancellable: boolean } {
  const ctx: JobContext<unknown> & { outcome?: JobOutcome; cancellable: boolean } = {
    id: jobId,
    kind: 'publishing.import-agent',
    appId: APP,
    payload: null,
    createdBy: null,
    createdByEmail: '',
    db: db(),
    log: t.server.log,
    signal: new AbortController().signal,
    attempt: 1,
    now: () => stamp.now,
    progress: () => undefined,
    throwIfCancelled: () => undefined,
    uncancellable: () => {
      ctx.cancellable = false;
    },
    commit: async (write) => {
      await db().transaction(async (tx) => {
        ctx.outcome = (await write(tx)) ?? {};
      });
    },
    cancellable: true,
  };
  return ctx;
}

const job = (given: ImportedAgent) => ({
  plan: async () => planAgent(services, APP, given),
  write: async (tx: DbExecutor, chunk: AgentChunk) => {
    await writeAgentChunk(services, tx, APP, chunk, stamp);
    return undefined;
  },
  result: { fileName: 'agent.zip' },
});
const ofApp = (table: typeof intents | typeof categories | typeof entityTypes | typeof glossaryTerms) => eq(table.appId, APP);

test('a zip import stopped past its commit point, part of it written, is finished by the next run: every intent, phrase and follow-up link once', async () => {
  const given = agent('Resumed', 60);
  const planned = planAgent(services, APP, given);
  assert.ok(planned.chunks.filter((chunk) => chunk.part === 'intents').length >= 2, 'the intents span several chunks');
  const jobId = await newJob();
  await saveChunks(db(), jobId, APP, planned, () => undefined);
  await db().transaction((tx) => commitToStage(tx, jobId, () => planned.check(tx)));
  assert.equal(await db().$count(intents, ofApp(intents)), 0, 'staging and committing to it write nothing of the draft');
  assert.equal(await db().$count(categories, ofApp(categories)), 0);
  // The first run writes the classes, the glossary, the entity types and the first intents, then its server stops.
  for (let i = 0; i < 4; i += 1) await db().transaction((tx) => writeNextChunk<AgentChunk>(tx, jobId, (chunk) => writeAgentChunk(services, tx, APP, chunk, stamp).then(() => undefined)));
  const part = await db().$count(intents, ofApp(intents));
  assert.ok(part > 0 && part < 60, `part of the agent is in (${part})`);

  const ctx = context(jobId);
  await runStagedJob(ctx, events, job(given));
  assert.equal(ctx.cancellable, false, 'a resumed run is past its commit point');
  assert.deepEqual(published, ['knowledge.changed']);
  assert.deepEqual(ctx.outcome?.counts, { intents: 60, phrases: 2_400, entities: 1, glossary: 1 });
  assert.equal(await db().$count(intents, ofApp(intents)), 60);
  assert.equal(await db().$count(trainingPhrases, eq(trainingPhrases.appId, APP)), 2_400);
  assert.equal(await db().$count(categories, ofApp(categories)), 3);
  assert.equal(await db().$count(entityTypes, ofApp(entityTypes)), 1);
  assert.equal(await db().$count(glossaryTerms, ofApp(glossaryTerms)), 1);
  const [root] = await db().select().from(intents).where(and(ofApp(intents), eq(intents.displayName, 'Resumed 0')));
  const children = await db().select().from(intents).where(and(ofApp(intents), isNotNull(intents.parentId)));
  assert.deepEqual(children.map((child) => child.parentId), Array(6).fill(root.id), 'follow-ups in later chunks are linked to their parent in the first');
  assert.equal(await stageStateOf(db(), jobId), undefined, 'the stage is gone');
});

test('a zip import refused at its commit point (the tier limit reached meanwhile) writes nothing and leaves no stage', async () => {
  await clearKnowledge(db(), APP);
  const [plus] = await db().select().from(tierLimits).where(eq(tierLimits.tier, 'Plus'));
  await db().update(tierLimits).set({ maxIntents: 10 }).where(eq(tierLimits.tier, 'Plus'));
  try {
    const jobId = await newJob();
    await assert.rejects(runStagedJob(context(jobId), events, job(agent('Refused', 30))), JobError);
    assert.equal(await db().$count(intents, ofApp(intents)), 0);
    assert.equal(await db().$count(categories, ofApp(categories)), 0);
    assert.equal(await db().$count(entityTypes, ofApp(entityTypes)), 0);
    assert.equal(await db().$count(glossaryTerms, ofApp(glossaryTerms)), 0);
    assert.equal(await db().$count(importStages, eq(importStages.jobId, jobId)), 0, 'its staged chunks were discarded');
  } finally {
    await db().update(tierLimits).set({ maxIntents: plus.maxIntents }).where(eq(tierLimits.tier, 'Plus'));
  }
});
