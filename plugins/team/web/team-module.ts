import { ContainerModule } from '@civic/sdk/web/inversify';
import { TeamStore, TeamStoreImpl } from './team-store';

/** The team plugin's web bindings. */
export const teamModule = new ContainerModule(({ bind }) => {
  bind<TeamStore>(TeamStore).to(TeamStoreImpl).inSingletonScope();
});
