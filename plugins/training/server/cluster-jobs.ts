import { HttpError, type JobService, type RouteAdder } from '@civic/sdk/server';
import { seededRandom } from '@civic/sdk/server/random';
import type { QuestionFeatures, TranscriptReview } from '../../dialog-engine/contract/server/index';
import { CLUSTER_JOB_KIND, CLUSTER_MAX_IDS, CLUSTER_MAX_PHRASES, CLUSTER_MAX_QUESTIONS, ClusterApi, type ClusterJobView, type ClusterRunResult, type QuestionCluster } from '../common/api';
import { ClusterRunDto } from '../common/cluster-run.dto';
import { canReviewQuestions, canViewTraining } from '../common/permissions';
import { maskPersonalData } from '../common/personal-data';
import { clusterVectors, describeClusters } from './clustering';
import { searchRange } from './transcript-routes';

interface ClusterPayload {
  start: string;
  end: string;
}

/**
 * A question joins its cluster only this similar (cosine over the engine's features) to the
 * cluster's centre; the rest are ungrouped. Measured on Banking77's real questions
 * (tests/bench/cluster-bench.ts): see README "Training by clusters figures".
 */
const MIN_MEMBER_SIMILARITY = 0.2;

/**
 * Groups the questions' texts into clusters (pure but for the features service): the job's work.
 * The same question asked again is one point (it counts in the size, not in the shape: twenty
 * "asdfgh" would otherwise pull a centre their way), masked before anything reads it (no label or
 * term is made from a citizen's email or number).
 */
export function clusterQuestions(
  features: QuestionFeatures,
  rows: ReadonlyArray<{ transcriptId: string; data: string }>,
  hooks: { progress?: (fraction: number) => void; throwIfCancelled?: () => void } = {},
): ClusterRunResult {
  const started = Date.now();
  const texts: string[] = [];
  const asked: number[][] = [];
  const byKey = new Map<string, number>();
  rows.forEach((row, i) => {
    const text = maskPersonalData(row.data).text.trim();
    const key = text.toLowerCase().replace(/\s+/g, ' ');
    let at = byKey.get(key);
    if (at === undefined) {
      byKey.set(key, (at = texts.length));
      texts.push(text);
      asked.push([]);
    }
    asked[at].push(i);
  });
  const vectors = features.vectors(texts);
  hooks.progress?.(0.1);
  const result = clusterVectors(vectors, {
    minK: 2,
    maxK: 24,
    sampleSize: 800,
    iterations: 12,
    random: seededRandom(texts.length + 17),
    progress: (f) => hooks.progress?.(0.1 + f * 0.85),
    throwIfCancelled: hooks.throwIfCancelled,
  });
  const described = describeClusters(texts, result, { minSimilarity: MIN_MEMBER_SIMILARITY });
  const clusters: QuestionCluster[] = described.clusters
    .map((c) => {
      const phrases = c.members
        .map((d) => rows[asked[d][0]].data.trim())
        .filter((text) => !maskPersonalData(text).masked)
        .slice(0, CLUSTER_MAX_PHRASES);
      const members = c.members.flatMap((d) => asked[d]);
      return {
        id: 0,
        label: c.topTerms.join(' '),
        topTerms: c.topTerms,
        representatives: c.representatives,
        size: members.length,
        transcriptIds: members.slice(0, CLUSTER_MAX_IDS).map((i) => rows[i].transcriptId),
        phrases,
        cohesion: Math.round(c.cohesion * 1000) / 1000,
      };
    })
    .sort((a, b) => b.size - a.size)
    .map((cluster, id) => ({ ...cluster, id }));
  const ungrouped = described.ungrouped.reduce((n, d) => n + asked[d].length, 0);
  return { clusters, questions: rows.length, ungrouped, k: result.k, silhouette: Math.round(result.silhouette * 1000) / 1000, millis: Date.now() - started };
}

/** Training by clusters as a job: pending unmatched questions of a range, grouped, labelled; polled for progress. */
export function registerClusterJobs(routes: RouteAdder, jobs: JobService, review: TranscriptReview, features: QuestionFeatures): void {
  jobs.register<ClusterPayload>(
    CLUSTER_JOB_KIND,
    async (ctx) => {
      if (!ctx.appId) throw new Error('A cluster run belongs to an app');
      const page = await review.search(
        ctx.db,
        { appId: ctx.appId, start: new Date(ctx.payload.start), end: new Date(ctx.payload.end), matched: false, reviewStatus: { operator: 'equals', value: 'PENDING' }, items: [], link: 'AND' },
        { sortBy: 'createdAt', sortOrder: 'desc', limit: CLUSTER_MAX_QUESTIONS },
      );
      ctx.progress(5, { questions: page.rows.length });
      const result = clusterQuestions(features, page.rows, { progress: (f) => ctx.progress(Math.round(f * 100), { questions: page.rows.length }), throwIfCancelled: () => ctx.throwIfCancelled() });
      await ctx.commit(async () => ({ result, counts: { questions: result.questions, clusters: result.clusters.length } }));
    },
    { transaction: false, concurrency: 1, retryLimit: 0, timeLimitSeconds: 300 },
  );

  routes.add({
    method: 'POST',
    url: ClusterApi.runsRoute,
    app: 'appId',
    access: canReviewQuestions,
    body: ClusterRunDto,
    status: 202,
    audit: { action: 'training.cluster', summary: () => 'started training by clusters' },
    description: `Starts a training-by-clusters job: the range's pending unmatched questions (at most ${CLUSTER_MAX_QUESTIONS}), grouped by k-means++ over the engine's features, k by silhouette`,
    handler: async (ctx): Promise<{ job: { id: string; status: string } }> => {
      const range = searchRange(ctx.body, ctx.now);
      const job = await jobs.enqueue(ctx.db, { kind: CLUSTER_JOB_KIND, appId: ctx.app.appId, payload: { start: range.start.toISOString(), end: range.end.toISOString() }, createdBy: { id: ctx.user.id, email: ctx.user.email } });
      return { job: { id: job.id, status: job.status } };
    },
  });

  routes.add({
    method: 'GET',
    url: ClusterApi.runRoute,
    app: 'appId',
    access: canViewTraining,
    description: 'A training-by-clusters run: its progress, then its clusters',
    handler: async (ctx): Promise<ClusterJobView> => {
      const id = ctx.params.jobId;
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw HttpError.notFound();
      const job = await jobs.get(ctx.db, id);
      if (!job || job.appId !== ctx.app.appId || job.kind !== CLUSTER_JOB_KIND) throw HttpError.notFound();
      return { id: job.id, status: job.status, progress: job.progress, counts: job.counts, errors: job.errors, result: (job.result as ClusterRunResult | null) ?? null };
    },
  });
}
