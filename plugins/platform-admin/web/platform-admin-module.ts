import { ContainerModule } from '@civic/sdk/web/inversify';
import { ChatAppsStore, ChatAppsStoreImpl } from './chat-apps-store';

/** The platform-admin plugin's web bindings. */
export const platformAdminModule = new ContainerModule(({ bind }) => {
  bind<ChatAppsStore>(ChatAppsStore).to(ChatAppsStoreImpl).inSingletonScope();
});
