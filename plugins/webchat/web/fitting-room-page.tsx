import { AnchorButton, FormGroup, HTMLSelect } from '@civic/sdk/web/blueprint';
import { CogIcon, ShareIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { Page, PageSkeleton } from '@civic/sdk/web';
import { SettingsLoadError } from './settings-load-error';
import { useConsoleChat } from './use-console-chat';
import { ChatWidget } from './widget/chat-widget';
import type { ChatEnvironment } from './widget/chat-client';

/**
 * /fitting-room/{appId}: the real widget with the saved settings, on the draft environment, so
 * staff try content exactly as a citizen will see it once published.
 */
export const FittingRoomPage = observer(function FittingRoomPage() {
  const { appId = '' } = useParams();
  const [environment, setEnvironment] = useState<ChatEnvironment>('draft');
  const { entry, settings, client, reload } = useConsoleChat(appId, environment);

  return (
    <Page
      title="Fitting room"
      description="Try the bot as citizens will see it. On the draft environment, what you change shows here before it is published."
      actions={
        <>
          <AnchorButton href={`/app-settings/web-chat/${encodeURIComponent(appId)}`} text="Web Chat settings" icon={<CogIcon />} />
          <AnchorButton href={`/sharing/${encodeURIComponent(appId)}`} target="_blank" rel="noreferrer" text="Open sharing page" icon={<ShareIcon />} />
        </>
      }
    >
      <FormGroup label="Environment" labelFor="fitting-room-environment" inline helperText="Draft: what editors changed. Production: what citizens get now.">
        <HTMLSelect
          id="fitting-room-environment"
          value={environment}
          onChange={(e) => setEnvironment(e.currentTarget.value as ChatEnvironment)}
          options={[
            { value: 'draft', label: 'Draft' },
            { value: 'production', label: 'Production' },
          ]}
        />
      </FormGroup>
      {settings ? (
        <div data-testid="fitting-room" style={{ height: 'calc(100vh - 260px)', minHeight: 560, border: '1px dashed #8f99a8', borderRadius: 8 }}>
          <ChatWidget key={`${appId}-${environment}`} settings={settings} client={client} mode="contained" defaultOpen />
        </div>
      ) : entry?.status === 'error' ? (
        <SettingsLoadError error={entry.error} onRetry={reload} />
      ) : (
        <PageSkeleton lines={6} />
      )}
    </Page>
  );
});
