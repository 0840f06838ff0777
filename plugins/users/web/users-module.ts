import { ContainerModule } from '@civic/sdk/web/inversify';
import { UsersStore, UsersStoreImpl } from './users-store';

/** The users plugin's web bindings. */
export const usersModule = new ContainerModule(({ bind }) => {
  bind<UsersStore>(UsersStore).to(UsersStoreImpl).inSingletonScope();
});
