import { ContainerModule } from '@civic/sdk/web/inversify';
import { ApiClient, NavBadgeProvider } from '@civic/sdk/web/services';
import { InboxStoreImpl, MatchedInboxStore, UnmatchedInboxStore, type InboxStore } from './inbox-store';
import { PendingBadge, PendingBadgeImpl } from './pending-badge';
import { TrainingHistoryStore, TrainingHistoryStoreImpl } from './history-store';
import { TrainingHubStore, TrainingHubStoreImpl } from './hub-store';
import { ClustersStore, ClustersStoreImpl } from './clusters-store';

/** The training plugin's web bindings: the two inboxes, the pending badge, the history. */
export const trainingModule = new ContainerModule(({ bind }) => {
  bind<PendingBadge>(PendingBadge).to(PendingBadgeImpl).inSingletonScope();
  bind<NavBadgeProvider>(NavBadgeProvider).toService(PendingBadge);
  bind<InboxStore>(UnmatchedInboxStore)
    .toDynamicValue((ctx) => new InboxStoreImpl(false, ctx.get<ApiClient>(ApiClient), ctx.get<PendingBadge>(PendingBadge)))
    .inSingletonScope();
  bind<InboxStore>(MatchedInboxStore)
    .toDynamicValue((ctx) => new InboxStoreImpl(true, ctx.get<ApiClient>(ApiClient), ctx.get<PendingBadge>(PendingBadge)))
    .inSingletonScope();
  bind<TrainingHubStore>(TrainingHubStore).to(TrainingHubStoreImpl).inSingletonScope();
  bind<ClustersStore>(ClustersStore).to(ClustersStoreImpl).inSingletonScope();
  bind<TrainingHistoryStore>(TrainingHistoryStore).to(TrainingHistoryStoreImpl).inSingletonScope();
});
