import { createRoot } from '@civic/sdk/web/react-dom';
// The response views' stylesheet, as text for the shadow root (page styles never reach inside it).
import responseViewsCss from '../../../knowledge-base/contract/web/responses/response-views.css?inline';
import { WebChatApi, type PublicWebChatSettingsResponse } from '../../common/api';
import { ChatWidget } from '../widget/chat-widget';
import { createFetchChatClient } from '../widget/chat-client';

/**
 * The embeddable widget: `<script src="https://console/webchat/embed.js" data-app-id="…" async>`.
 * Reads the app's public widget settings from the console that served this script, then mounts
 * the widget in a shadow root so the host page's styles and ours never meet. No Blueprint, no
 * console services: React and the widget only.
 */
function boot(script: HTMLScriptElement | null): void {
  const appId = script?.dataset.appId;
  if (!script || !appId) {
    console.error('Civic web chat: the script tag needs data-app-id="<app id>"');
    return;
  }
  const baseUrl = new URL(script.src, window.location.href).origin;
  fetch(`${baseUrl}${WebChatApi.publicSettings(appId)}`, { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`widget settings answered ${response.status}`);
      const { data } = (await response.json()) as { data: PublicWebChatSettingsResponse };
      const settings = data.webchatSettings;
      const host = document.createElement('div');
      host.setAttribute('data-civic-webchat', appId);
      document.body.appendChild(host);
      const shadow = host.attachShadow({ mode: 'open' });
      const styles = document.createElement('style');
      styles.textContent = responseViewsCss;
      const mount = document.createElement('div');
      shadow.append(styles, mount);
      const client = createFetchChatClient({
        appId,
        baseUrl,
        environment: settings.appEnvironmentOverride || 'production',
        timeoutMs: settings.appOrchestratorTimeout,
      });
      createRoot(mount).render(<ChatWidget settings={settings} client={client} mode="floating" baseUrl={baseUrl} />);
    })
    .catch((error: unknown) => console.error('Civic web chat could not start:', error));
}

// currentScript is only set while the script first runs, so read it now, not after DOMContentLoaded.
const current = document.currentScript as HTMLScriptElement | null;
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => boot(current));
else boot(current);
