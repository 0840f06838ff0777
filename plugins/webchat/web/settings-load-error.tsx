import { Button, Callout } from '@civic/sdk/web/blueprint';

/** The web chat settings did not load: why, and a retry (Web Chat tab, fitting room, Try it). */
export function SettingsLoadError({ error, onRetry }: { error?: string; onRetry(): void }) {
  return (
    <Callout intent="danger" role="alert" title="The web chat settings could not be loaded">
      <p>{error}</p>
      <Button text="Try again" onClick={onRetry} />
    </Callout>
  );
}
