import { useEffect, useMemo } from '@civic/sdk/web/react';
import { ApiClient, useService } from '@civic/sdk/web';
import { createConsoleChatClient } from './console-chat-client';
import { WebChatSettingsStore } from './webchat-settings-store';
import type { ChatEnvironment } from './widget/chat-client';

/**
 * The app's saved widget settings (loaded with the first use) and a console chat client on
 * `environment` that honours their orchestrator timeout: what the fitting room and "Try it" show.
 * Call it from an observer: the settings entry is observable.
 */
export function useConsoleChat(appId: string, environment: ChatEnvironment) {
  const store = useService<WebChatSettingsStore>(WebChatSettingsStore);
  const api = useService<ApiClient>(ApiClient);
  const entry = store.entry(appId);
  const timeout = entry?.settings?.appOrchestratorTimeout;
  const client = useMemo(() => createConsoleChatClient(api, appId, environment, timeout), [api, appId, environment, timeout]);

  useEffect(() => {
    void store.load(appId);
  }, [store, appId]);

  return { entry, settings: entry?.settings, client, reload: () => void store.load(appId) };
}
