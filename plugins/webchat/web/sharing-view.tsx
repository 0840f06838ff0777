import { useEffect, useMemo, useState } from '@civic/sdk/web/react';
import { WebChatApi, type PublicWebChatSettingsResponse } from '../common/api';
import { WebChatMessages } from '../common/messages';
import type { PublicWebChatSettings } from '../common/webchat-settings';
import { ChatWidget } from './widget/chat-widget';
import { createFetchChatClient } from './widget/chat-client';

type Loaded = { status: 'loading' } | { status: 'ready'; settings: PublicWebChatSettings } | { status: 'missing' } | { status: 'error' };

/**
 * The sharing page's content (§2 "Sharing page"): the widget full screen — no minimise button,
 * restart enabled, auto launch, production environment; 95% of the window height and 60% of that
 * wide, the whole screen on mobile. Talks to the chat API as a citizen: no token. Rendered by the
 * standalone sharing document (web/embed/sharing-entry.tsx, what a citizen's browser loads) and by
 * the console's /sharing route (reached by navigating inside the console).
 */
export function SharingView({ appId }: { appId: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    fetch(WebChatApi.publicSettings(appId), { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!live) return;
        if (response.status === 404) return setLoaded({ status: 'missing' });
        if (!response.ok) return setLoaded({ status: 'error' });
        const body = (await response.json()) as { data: PublicWebChatSettingsResponse };
        if (!live) return;
        setLoaded({ status: 'ready', settings: { ...body.data.webchatSettings, appAutoLaunch: true } });
        if (body.data.webchatSettings.appName) document.title = body.data.webchatSettings.appName;
      })
      .catch(() => live && setLoaded({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [appId, attempt]);

  const timeout = loaded.status === 'ready' ? loaded.settings.appOrchestratorTimeout : undefined;
  const client = useMemo(() => createFetchChatClient({ appId, environment: 'production', timeoutMs: timeout }), [appId, timeout]);

  if (loaded.status === 'ready') {
    return (
      <>
        <h1 className="civic-visually-hidden">{loaded.settings.appName || 'Chat'}</h1>
        <ChatWidget settings={loaded.settings} client={client} mode="fullscreen" />
      </>
    );
  }
  if (loaded.status === 'missing') {
    return (
      <section>
        <h1>This chat is not available</h1>
        <p>The link may be wrong, or the chat has been retired.</p>
      </section>
    );
  }
  if (loaded.status === 'error') {
    return (
      <section role="alert">
        <h1>{WebChatMessages.startError}</h1>
        <button type="button" onClick={() => setAttempt((n) => n + 1)}>
          {WebChatMessages.retry}
        </button>
      </section>
    );
  }
  return <p role="status">Loading the chat…</p>;
}
