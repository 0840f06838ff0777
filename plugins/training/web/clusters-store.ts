import { inject, injectable } from '@civic/sdk/web/inversify';
import { makeObservable, observable, observableRef, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, errorMessage } from '@civic/sdk/web/services';
import { DateRanges } from '@civic/sdk/common/messages';
import { ClusterApi, TrainingApi, type ClusterJobView, type QuestionCluster } from '../common/api';
import { createIntent } from './knowledge-calls';
import { PendingBadge } from './pending-badge';
import { presetRange } from './inbox-store';
import { measureBefore } from './accuracy-calls';

const POLL_MS = 700;

/** /training-by-clusters/{appId}: run the clustering job, follow its progress, turn a cluster into an intent. */
export const ClustersStore = Symbol('training.ClustersStore');
export interface ClustersStore {
  readonly job: ClusterJobView | null;
  readonly clusters: readonly QuestionCluster[];
  readonly range: { startDate: string; endDate: string };
  readonly error: string | null;
  readonly running: boolean;
  setRange(range: { startDate: string; endDate: string }): void;
  run(appId: string): Promise<void>;
  toIntent(appId: string, cluster: QuestionCluster, name: string): Promise<void>;
  reset(): void;
}

@injectable()
export class ClustersStoreImpl implements ClustersStore {
  job: ClusterJobView | null = null;
  clusters: readonly QuestionCluster[] = [];
  range = presetRange(DateRanges.trainingDefaultDays);
  error: string | null = null;
  running = false;

  constructor(
    @inject(ApiClient) private readonly api: ApiClient,
    @inject(PendingBadge) private readonly badge: PendingBadge,
  ) {
    makeObservable(this, { job: observableRef, clusters: observableRef, range: observableRef, error: observable, running: observable });
  }

  setRange(range: { startDate: string; endDate: string }): void {
    runInAction(() => (this.range = range));
  }

  reset(): void {
    runInAction(() => {
      this.job = null;
      this.clusters = [];
      this.error = null;
    });
  }

  async run(appId: string): Promise<void> {
    runInAction(() => {
      this.running = true;
      this.error = null;
      this.clusters = [];
    });
    try {
      const { job } = await this.api.post<{ job: { id: string } }>(ClusterApi.runs(appId), { start: this.range.startDate, end: this.range.endDate });
      for (;;) {
        const view = await this.api.get<ClusterJobView>(ClusterApi.run(appId, job.id));
        runInAction(() => (this.job = view));
        if (view.status === 'succeeded') {
          runInAction(() => (this.clusters = view.result?.clusters ?? []));
          break;
        }
        if (view.status === 'failed' || view.status === 'cancelled') {
          runInAction(() => (this.error = view.errors[0] ?? `The run ${view.status}`));
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      runInAction(() => (this.error = errorMessage(error)));
    } finally {
      runInAction(() => (this.running = false));
    }
  }

  /** One step: an intent whose phrases are the cluster's questions; the questions are marked trained. */
  async toIntent(appId: string, cluster: QuestionCluster, name: string): Promise<void> {
    const beforeMeasurementId = cluster.transcriptIds.length > 0 ? await measureBefore(this.api, appId) : undefined;
    const intent = await createIntent(this.api, appId, { displayName: name, kind: 'intent', phrases: cluster.phrases, answer: '' });
    if (cluster.transcriptIds.length > 0) {
      await this.api.post(TrainingApi.trained(appId), { transcriptIds: cluster.transcriptIds, action: 'created-intent', intentId: intent.id, intentName: intent.displayName, phrase: cluster.phrases[0], beforeMeasurementId });
    }
    runInAction(() => (this.clusters = this.clusters.filter((c) => c.id !== cluster.id)));
    void this.badge.refresh();
  }
}
