import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { call } from './api-call';
import { clearKnowledge, waitForJob } from './knowledge-fixtures';
import { signIn } from './login';
import { importChunks, importStages, tierLimits } from './tables';
import { startTestServer, type TestServer } from './test-server';

export interface ImportJob {
  status: string;
  counts: Record<string, number>;
  errors: string[];
}

/**
 * A test server for a large staged import (the bulk CSV, the agent zip) into one app, as its editor,
 * and the requests the import's tests make beside it.
 */
export interface ImportServer {
  t: TestServer;
  editor: string;
  /** POSTs the file to the app's import route (`bulk-import`, `import`); the job's id (202). */
  start(route: 'bulk-import' | 'import', fileName: string, base64: string): Promise<string>;
  job(id: string): Promise<ImportJob>;
  /** Job `id` once it has ended (`waitForJob`). */
  wait(id: string, timeoutMs: number): Promise<Record<string, unknown>>;
  /** Intents or Q&A pairs in the app's draft, by the list's counts. */
  inDraft(kind: 'intent' | 'qna'): Promise<number>;
  /** Staged rows and chunks left in the import stage (none once a job has ended). */
  stagesLeft(): Promise<number>;
  /**
   * Asks for the draft (and /healthz) while job `id` runs: the count seen when part of the `total`
   * was in the draft and the job still ran, or undefined if the job ended first.
   */
  partSeenWhileRunning(id: string, total: number, kind: 'intent' | 'qna'): Promise<number | undefined>;
  /** Cancels job `id` once it has left the queue; the job once it has ended. */
  cancelOnceStarted(id: string, timeoutMs: number): Promise<Record<string, unknown>>;
}

/** Starts the server with `appId`'s knowledge cleared and room for 50,000 intents on its (Plus) tier; signs its editor in. */
export async function startImportServer(appId: string): Promise<ImportServer> {
  const t = await startTestServer({ beforeStart: (db) => clearKnowledge(db, appId) });
  await t.server.db.db.update(tierLimits).set({ maxIntents: 50_000 }).where(eq(tierLimits.tier, 'Plus'));
  const editor = await signIn(t.http, 'editor@demo.gov.sg');
  const base = `/api/v1/apps/${appId}`;
  const job = async (id: string) => (await call(t.http, 'GET', `${base}/jobs/${id}`, { token: editor })).body.data.job as ImportJob;
  const inDraft = async (kind: 'intent' | 'qna') => {
    const response = await call(t.http, 'GET', `${base}/intents?${kind === 'qna' ? 'kind=qna&' : ''}limit=1`, { token: editor });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data.counts[kind] as number;
  };
  const wait = (id: string, timeoutMs: number) => waitForJob(t.http, editor, appId, id, timeoutMs);
  return {
    t,
    editor,
    job,
    wait,
    inDraft,
    async start(route, fileName, base64) {
      const response = await call(t.http, 'POST', `${base}/${route}`, { token: editor, json: { fileName, content: base64 } });
      assert.equal(response.status, 202, JSON.stringify(response.body));
      return response.body.data.job.id as string;
    },
    async stagesLeft() {
      return (await t.server.db.db.select().from(importStages)).length + (await t.server.db.db.select().from(importChunks)).length;
    },
    async partSeenWhileRunning(id, total, kind) {
      for (;;) {
        const count = await inDraft(kind);
        if (count > 0 && count < total) {
          const health = await call(t.http, 'GET', '/healthz', {});
          assert.equal(health.status, 200);
          if ((await job(id)).status === 'running') return count;
        }
        const { status } = await job(id);
        if (status !== 'running' && status !== 'queued') return undefined;
      }
    },
    async cancelOnceStarted(id, timeoutMs) {
      while ((await job(id)).status === 'queued') await new Promise((r) => setTimeout(r, 10));
      await call(t.http, 'POST', `${base}/jobs/${id}/cancel`, { token: editor });
      return wait(id, timeoutMs);
    },
  };
}
