import { ContainerModule } from '@civic/sdk/web/inversify';
import { SubscribersStore, SubscribersStoreImpl } from './subscribers-store';

/** The subscribers plugin's web bindings. */
export const subscribersModule = new ContainerModule(({ bind }) => {
  bind<SubscribersStore>(SubscribersStore).to(SubscribersStoreImpl).inSingletonScope();
});
