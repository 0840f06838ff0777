import { observer } from '@civic/sdk/web/mobx';
import { PageSkeleton } from '@civic/sdk/web';
import type { PanelProps } from '@civic/sdk/common';
import { SettingsLoadError } from './settings-load-error';
import { useConsoleChat } from './use-console-chat';
import { ChatWidget } from './widget/chat-widget';

/**
 * "Try it" beside the intent and Q&A editors: the real widget with the app's saved settings on the
 * draft environment, so an editor asks what a citizen would ask right after saving (unsaved edits
 * are not in the draft yet, and the panel says so).
 */
export const TryItPanel = observer(function TryItPanel({ appId }: PanelProps) {
  const { entry, settings, client, reload } = useConsoleChat(appId, 'draft');
  if (entry?.status === 'error') return <SettingsLoadError error={entry.error} onRetry={reload} />;
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
