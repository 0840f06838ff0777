import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useMemo } from '@civic/sdk/web/react';
import { ApiClient, PageSkeleton, useService } from '@civic/sdk/web';
import type { PanelProps } from '@civic/sdk/common';
import { createConsoleChatClient } from './console-chat-client';
import { WebChatSettingsStore } from './webchat-settings-store';
import { ChatWidget } from './widget/chat-widget';
import { SettingsLoadError } from './settings-load-error';

/**
 * "Try it" beside the intent and Q&A editors: the real widget with the app's saved settings on the
 * draft environment, so an editor asks what a citizen would ask right after saving (unsaved edits
 * are not in the draft yet, and the panel says so).
 */
export const TryItPanel = observer(function TryItPanel({ appId }: PanelProps) {
  const store = useService<WebChatSettingsStore>(WebChatSettingsStore);
  const api = useService<ApiClient>(ApiClient);
  const entry = store.entry(appId);
  const settings = entry?.settings;
  const client = useMemo(() => createConsoleChatClient(api, appId, 'draft', settings?.appOrchestratorTimeout), [api, appId, settings?.appOrchestratorTimeout]);

  useEffect(() => {
    void store.load(appId);
  }, [store, appId]);

  if (entry?.status === 'error') {
    return (
      <SettingsLoadError error={entry.error} onRetry={() => void store.load(appId)} />
    );
  }
  if (!settings) return <PageSkeleton lines={4} />;
  return (
    <div>
      <p className="bp6-text-muted">Answers come from the saved draft: save your changes first to try them.</p>
      <div data-testid="try-it" style={{ height: 520, maxWidth: 480, border: '1px dashed #8f99a8', borderRadius: 8 }}>
        <ChatWidget key={appId} settings={settings} client={client} mode="contained" defaultOpen />
      </div>
    </div>
  );
});
