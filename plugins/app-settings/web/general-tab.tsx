import { observer } from '@civic/sdk/web/mobx';
import { useEffect } from '@civic/sdk/web/react';
import { engineLabel } from '@civic/sdk/common/model';
import { PageSkeleton, useService, LoadError } from '@civic/sdk/web';
import { AppSettingsStore } from './app-settings-store';

/** General: the app's facts, read-only here (platform admins change them in Chat Apps). */
export const GeneralTab = observer(function GeneralTab(props: { appId: string }) {
  const store = useService<AppSettingsStore>(AppSettingsStore);
  useEffect(() => {
    void store.load(props.appId);
  }, [store, props.appId]);

  const entry = store.entry(props.appId);
  const settings = entry?.settings;
  if (!settings) {
    if (entry?.status === 'error') {
      return (
        <LoadError title="The settings could not be loaded" error={entry.error} onRetry={() => void store.load(props.appId)} />
      );
    }
    return <PageSkeleton lines={8} />;
  }

  const facts: Array<[string, string]> = [
    ['App name', settings.appName],
    ['App ID', settings.appId],
    ['Description', settings.description || '—'],
    ['Agency', settings.agency.name],
    ['Subscription tier', settings.subscriptionTier],
    ['Engine', engineLabel(settings.nlpEngine.service)],
    ['Project ID', settings.projectId || '—'],
    ['Hosting', settings.hosting || '—'],
    ['Playground', settings.isPlaygroundEnabled ? 'Enabled' : 'Disabled'],
    ['Generative answers', settings.isGenerative ? 'On' : 'Off'],
  ];
  return (
    <section aria-labelledby="general-heading" className="civic-settings-section">
      <h2 id="general-heading" className="civic-section-title">
        General
      </h2>
      <dl className="civic-facts">
        {facts.map(([term, value]) => (
          <div key={term} className="civic-fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
});
