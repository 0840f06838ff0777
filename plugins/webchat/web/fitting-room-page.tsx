import { AnchorButton, Button, Callout } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useMemo } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { ApiClient, Page, PageSkeleton, useService } from '@civic/sdk/web';
import { createConsoleChatClient } from './console-chat-client';
import { WebChatSettingsStore } from './webchat-settings-store';
import { ChatWidget } from './widget/chat-widget';

/**
 * /fitting-room/{appId}: the real widget with the saved settings, on the draft environment, so
 * staff try content exactly as a citizen will see it once published.
 */
export const FittingRoomPage = observer(function FittingRoomPage() {
  const { appId = '' } = useParams();
  const store = useService<WebChatSettingsStore>(WebChatSettingsStore);
  const api = useService<ApiClient>(ApiClient);
  const entry = store.entry(appId);
  const settings = entry?.settings;
  const client = useMemo(
    () => createConsoleChatClient(api, appId, 'draft', settings?.appOrchestratorTimeout),
    [api, appId, settings?.appOrchestratorTimeout],
  );

  useEffect(() => {
    void store.load(appId);
  }, [store, appId]);

  return (
    <Page
      title="Fitting room"
      description="Try the bot as citizens will see it. Answers come from the draft: what you change shows here before it is published."
      actions={
        <>
          <AnchorButton href={`/app-settings/web-chat/${encodeURIComponent(appId)}`} text="Web Chat settings" icon="cog" />
          <AnchorButton href={`/sharing/${encodeURIComponent(appId)}`} target="_blank" rel="noreferrer" text="Open sharing page" icon="share" />
        </>
      }
    >
      {settings ? (
        <div data-testid="fitting-room" style={{ height: 'calc(100vh - 260px)', minHeight: 560, border: '1px dashed #8f99a8', borderRadius: 8 }}>
          <ChatWidget key={appId} settings={settings} client={client} mode="contained" defaultOpen />
        </div>
      ) : entry?.status === 'error' ? (
        <Callout intent="danger" role="alert" title="The web chat settings could not be loaded">
          <p>{entry.error}</p>
          <Button text="Try again" onClick={() => void store.load(appId)} />
        </Callout>
      ) : (
        <PageSkeleton lines={6} />
      )}
    </Page>
  );
});
