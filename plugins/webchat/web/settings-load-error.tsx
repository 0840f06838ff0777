import { LoadError } from '@civic/sdk/web';

/** The web chat settings did not load: why, and a retry (Web Chat tab, fitting room, Try it). */
export function SettingsLoadError({ error, onRetry }: { error?: string; onRetry(): void }) {
  return <LoadError title="The web chat settings could not be loaded" error={error} onRetry={onRetry} />;
}
