import { ContainerModule } from '@civic/sdk/web/inversify';
import { WebChatSettingsStore, WebChatSettingsStoreImpl } from './webchat-settings-store';

/** The webchat plugin's web bindings. */
export const webchatModule = new ContainerModule(({ bind }) => {
  bind<WebChatSettingsStore>(WebChatSettingsStore).to(WebChatSettingsStoreImpl).inSingletonScope();
});
