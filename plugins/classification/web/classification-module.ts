import { ContainerModule } from '@civic/sdk/web/inversify';
import { ClassificationStore, ClassificationStoreImpl } from './classification-store';

/** The classification plugin's web bindings. */
export const classificationModule = new ContainerModule(({ bind }) => {
  bind<ClassificationStore>(ClassificationStore).to(ClassificationStoreImpl).inSingletonScope();
});
