import { HTMLTable } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { EmptyState, LoadError, Page, PageSkeleton, useService } from '@civic/sdk/web';
import type { TrainingAction, TrainingHistoryEntry } from '../common/api';
import { TrainingHistoryStore } from './history-store';
import { describeAccuracy } from './accuracy-calls';

const ACTION_LABELS: Record<TrainingAction, string> = {
  'added-phrase': 'Added as training phrase',
  'created-intent': 'Created intent',
  dismissed: 'Dismissed',
  status: 'Review status changed',
};

/** Before, after and the change, each saying what it was measured on; a step without a measurement shows dashes. */
function AccuracyCells(props: { entry: TrainingHistoryEntry }) {
  const a = props.entry.accuracy;
  if (!a) {
    const why = props.entry.intentId ? 'Not measured' : undefined;
    return (
      <>
        <td title={why}>—</td>
        <td title={why}>—</td>
        <td title={why}>—</td>
      </>
    );
  }
  const d = describeAccuracy(a);
  return (
    <>
      <td>{d.before}</td>
      <td>{d.after}</td>
      <td className={a.delta > 0 ? 'civic-training-better' : a.delta < 0 ? 'civic-training-worse' : undefined}>
        {d.delta} <span className="civic-training-basis">on {d.basis}</span>
      </td>
    </>
  );
}

/** /history/{appId} (CIVIC_HISTORY): who trained what, when. */
export const HistoryPage = observer(function HistoryPage() {
  const { appId = '' } = useParams();
  const store = useService<TrainingHistoryStore>(TrainingHistoryStore);
  useEffect(() => {
    void store.load(appId);
  }, [store, appId]);
  return (
    <Page title="History" description="Who trained the bot with which questions, when, and the effect: the draft's accuracy just before and just after each step, on the app's test cases or, without them, on reviewed questions the bot never learned as phrases.">
      {store.status === 'error' && <LoadError title="The history could not be loaded" error={store.error} onRetry={() => void store.load(appId)} />}
      {store.status === 'loading' && store.items.length === 0 && <PageSkeleton />}
      {store.status === 'ready' && store.items.length === 0 && <EmptyState title="No training yet" description="Train the bot from Uncategorised or Questions; each step shows here." />}
      {store.items.length > 0 && (
        <HTMLTable compact striped aria-label="Training history">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Intent</th>
              <th scope="col">Questions</th>
              <th scope="col">Reason</th>
              <th scope="col">Accuracy before</th>
              <th scope="col">Accuracy after</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {store.items.map((e) => (
              <tr key={e.id}>
                <td>{new Date(e.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'long' })}</td>
                <td>{e.by}</td>
                <td>{ACTION_LABELS[e.action]}</td>
                <td>{e.intentName ?? '—'}</td>
                <td>{e.transcriptIds.length}</td>
                <td>{e.reason ?? '—'}</td>
                <AccuracyCells entry={e} />
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Page>
  );
});
