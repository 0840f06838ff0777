import { ContainerModule } from '@civic/sdk/web/inversify';
import { TrainingStore, TrainingStoreImpl } from './training-store';

/** The training plugin's web bindings. */
export const trainingModule = new ContainerModule(({ bind }) => {
  bind<TrainingStore>(TrainingStore).to(TrainingStoreImpl).inSingletonScope();
});
