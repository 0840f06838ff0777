import { ContainerModule } from '@civic/sdk/web/inversify';
import { EntitiesStore, EntitiesStoreImpl } from './entities-store';

/** The entities plugin's web bindings. */
export const entitiesModule = new ContainerModule(({ bind }) => {
  bind<EntitiesStore>(EntitiesStore).to(EntitiesStoreImpl).inSingletonScope();
});
