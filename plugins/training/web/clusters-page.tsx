import { Button, Callout, Card, FormGroup, InputGroup, ProgressBar, Tag } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { EmptyState, errorMessage, Page, ToastService, useAccess, useService } from '@civic/sdk/web';
import { Timing } from '@civic/sdk/common/messages';
import type { ClusterRunResult, QuestionCluster } from '../common/api';
import { TrainingMessages } from '../common/messages';
import { canReviewQuestions } from '../common/permissions';
import { ClustersStore } from './clusters-store';
import './training.css';
import { formatCount } from '@civic/sdk/common/format';

/** /training-by-clusters/{appId}: similar unmatched questions grouped, each turned into an intent in one step. */
export const ClustersPage = observer(function ClustersPage() {
  const { appId = '' } = useParams();
  const store = useService<ClustersStore>(ClustersStore);
  const review = useAccess(canReviewQuestions);
  useEffect(() => store.reset(), [store, appId]);
  const job = store.job;
  return (
    <Page
      title="Training by clusters"
      description="Groups the pending unmatched questions of a date range by similarity, labels each group by its top terms, and turns a group into an intent in one step."
    >
      <form
        className="civic-training-toolbar-row"
        aria-label="Cluster questions"
        onSubmit={(e) => {
          e.preventDefault();
          void store.run(appId);
        }}
      >
        <FormGroup label="From" labelFor="clusters-start">
          <InputGroup id="clusters-start" type="date" value={store.range.startDate} onChange={(e) => store.setRange({ ...store.range, startDate: e.target.value })} />
        </FormGroup>
        <FormGroup label="To" labelFor="clusters-end">
          <InputGroup id="clusters-end" type="date" value={store.range.endDate} onChange={(e) => store.setRange({ ...store.range, endDate: e.target.value })} />
        </FormGroup>
        <Button type="submit" intent="primary" text="Find clusters" loading={store.running} disabled={!review.allowed} title={review.allowed ? undefined : (review.disabledReason ?? 'Editors and admins run clustering')} />
      </form>
      {store.running && job && (
        <div className="civic-form-notice" role="status" aria-live="polite">
          <p>
            Clustering {job.counts.questions ? `${formatCount(job.counts.questions)} questions` : ''}… {job.progress}%
          </p>
          <ProgressBar intent="primary" value={job.progress / 100} aria-label="Clustering progress" />
        </div>
      )}
      {store.error && (
        <Callout intent="danger" role="alert" title="Clustering did not finish">
          {store.error}
        </Callout>
      )}
      {job?.status === 'succeeded' && (
        <p className="civic-training-count" role="status">
          {job.result ? clusterSummary(job.result) : ''}
        </p>
      )}
      {job?.status === 'succeeded' && store.clusters.length === 0 && (
        <EmptyState
          title="No clusters"
          description={
            job.result?.questions
              ? 'None of these questions are close enough to one another to make a group. A longer range gives more to group.'
              : 'No pending unmatched questions in this range. Try a longer one.'
          }
        />
      )}
      {store.clusters.map((cluster) => (
        <ClusterCard key={cluster.id} appId={appId} cluster={cluster} canCreate={review.allowed} />
      ))}
    </Page>
  );
});

function ClusterCard(props: { appId: string; cluster: QuestionCluster; canCreate: boolean }) {
  const store = useService<ClustersStore>(ClustersStore);
  const toasts = useService<ToastService>(ToastService);
  const c = props.cluster;
  const [name, setName] = useState(c.label.slice(0, 100));
  const [busy, setBusy] = useState(false);
  const id = `cluster-name-${c.id}`;
  async function create() {
    if (!name.trim()) return;
    setBusy(true);
    try {
      await store.toIntent(props.appId, c, name.trim());
      toasts.notify(TrainingMessages.intentCreated(name.trim()));
    } catch (error) {
      toasts.show(errorMessage(error), 'danger', Timing.snackbarMs);
      setBusy(false);
    }
  }
  return (
    <Card compact className="civic-training-hub-intent" aria-label={`Cluster ${c.label}`}>
      <h2 className="civic-training-hub-title">
        {c.label} <Tag minimal>{formatCount(c.size)} questions</Tag>
      </h2>
      <ul>
        {c.representatives.map((q) => (
          <li key={q}>{q}</li>
        ))}
      </ul>
      {props.canCreate && (
        <div className="civic-training-hub-row">
          <label htmlFor={id}>Intent name</label>
          <InputGroup id={id} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          <Button intent="primary" text="Create intent" aria-label={`Create intent from cluster ${c.label}`} loading={busy} disabled={c.phrases.length === 0} onClick={() => void create()} />
        </div>
      )}
    </Card>
  );
}

function clusterSummary(result: ClusterRunResult): string {
  const grouped = `${formatCount(result.questions)} ${result.questions === 1 ? 'question' : 'questions'} in ${result.clusters.length} ${result.clusters.length === 1 ? 'cluster' : 'clusters'}`;
  // Runs stored before ungrouped questions were counted have no count.
  if (!result.ungrouped) return grouped;
  return `${grouped}; ${formatCount(result.ungrouped)} of them fit no cluster (one-offs, gibberish)`;
}
