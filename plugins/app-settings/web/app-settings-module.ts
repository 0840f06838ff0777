import { ContainerModule } from '@civic/sdk/web/inversify';
import { AppSettingsStore, AppSettingsStoreImpl } from './app-settings-store';

/** The app-settings plugin's web bindings. */
export const appSettingsModule = new ContainerModule(({ bind }) => {
  bind<AppSettingsStore>(AppSettingsStore).to(AppSettingsStoreImpl).inSingletonScope();
});
