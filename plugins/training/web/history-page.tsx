import { HTMLTable } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { EmptyState, LoadError, Page, PageSkeleton, useService } from '@civic/sdk/web';
import type { TrainingAction } from '../common/api';
import { TrainingHistoryStore } from './history-store';

const ACTION_LABELS: Record<TrainingAction, string> = {
  'added-phrase': 'Added as training phrase',
  'created-intent': 'Created intent',
  dismissed: 'Dismissed',
  status: 'Review status changed',
};

/** /history/{appId} (CIVIC_HISTORY): who trained what, when. */
export const HistoryPage = observer(function HistoryPage() {
  const { appId = '' } = useParams();
  const store = useService<TrainingHistoryStore>(TrainingHistoryStore);
  useEffect(() => {
    void store.load(appId);
  }, [store, appId]);
  return (
    <Page title="History" description="Who trained the bot with which questions, when, and the effect: how many of those questions the intent answered before, and how many the draft answers now.">
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
              <th scope="col">Effect (answered by the intent)</th>
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
                <td>{e.effect ? `${Math.round(e.effect.before * 100)}% before → ${Math.round(e.effect.after * 100)}% now (${e.effect.questions} ${e.effect.questions === 1 ? 'question' : 'questions'})` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Page>
  );
});
