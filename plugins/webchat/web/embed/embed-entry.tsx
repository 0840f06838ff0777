import { createRoot } from '@civic/sdk/web/react-dom';
// The response views' stylesheet, as text for the shadow root (page styles never reach inside it).
import responseViewsCss from '../../../knowledge-base/contract/web/responses/response-views.css?inline';
import { WebChatApi, type PublicWebChatSettingsResponse } from '../../common/api';
import { WebChatMessages } from '../../common/messages';
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
  const shadowRoot = () => {
    const host = document.createElement('div');
    host.setAttribute('data-civic-webchat', appId);
    document.body.appendChild(host);
    return host.attachShadow({ mode: 'open' });
  };
  fetch(`${baseUrl}${WebChatApi.publicSettings(appId)}`, { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (response.status === 403) {
        // This page's site is not on the app's allowed domains: tell the visitor, not only the console.
        const note = document.createElement('p');
        note.setAttribute('role', 'status');
        note.textContent = WebChatMessages.embedRefusedVisitor;
        note.style.cssText = 'position:fixed;right:16px;bottom:16px;margin:0;max-width:280px;padding:8px 12px;border-radius:8px;background:#fff;color:#1c2127;border:1px solid #738091;font:14px/1.4 system-ui,sans-serif;z-index:2147483647';
        shadowRoot().append(note);
        throw new Error(`this site is not on the app's allowed domains (${window.location.origin})`);
      }
      if (!response.ok) throw new Error(`widget settings answered ${response.status}`);
      const { data } = (await response.json()) as { data: PublicWebChatSettingsResponse };
      const settings = data.webchatSettings;
      const shadow = shadowRoot();
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
