import { ContainerModule } from '@civic/sdk/web/inversify';
import { WorkspaceStore, WorkspaceStoreImpl } from './workspace-store';

/** The workspace plugin's web bindings. */
export const workspaceModule = new ContainerModule(({ bind }) => {
  bind<WorkspaceStore>(WorkspaceStore).to(WorkspaceStoreImpl).inSingletonScope();
});
