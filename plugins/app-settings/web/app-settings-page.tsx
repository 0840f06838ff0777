import { Tab, Tabs } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { Suspense } from '@civic/sdk/web/react';
import { useNavigate, useParams } from '@civic/sdk/web/router';
import { contributionAccess, EmptyState, lazyContribution, Page, PageSkeleton, PluginCatalog, useAccessContext, useService } from '@civic/sdk/web';
import { AppSettingsTabs } from '../contract/app-settings-tabs';

export const settingsTabPath = (tabId: string, appId: string) =>
  `/app-settings/${encodeURIComponent(tabId)}/${encodeURIComponent(appId)}`;

/**
 * /app-settings/{appId} and /app-settings/{tabId}/{appId}: the tabs every enabled plugin
 * contributes, in §2 order (General, Web Chat, Knowledge base, Bot Publishing, Gen AI Behaviour,
 * Reports). The URL's tab id selects the tab, so each tab has its own link.
 */
export const AppSettingsPage = observer(function AppSettingsPage() {
  const { appId = '', tabId } = useParams();
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const ctx = useAccessContext();
  const navigate = useNavigate();

  const tabs = catalog
    .tabs(AppSettingsTabs)
    .map(({ plugin, item }) => ({ tab: item, access: contributionAccess(plugin, item)(ctx) }))
    .flatMap(({ tab, access }) => (access === false ? [] : [{ tab, access }]));
  const selected = tabId ?? tabs.find(({ access }) => access === true)?.tab.id;
  const current = tabs.find(({ tab }) => tab.id === selected);

  if (!current) {
    return (
      <Page title="App settings">
        <EmptyState title="No such settings tab" description="This tab does not exist or is not available for this app." />
      </Page>
    );
  }

  return (
    <Page title="App settings">
      <Tabs
        id="app-settings-tabs"
        selectedTabId={current.tab.id}
        onChange={(next) => navigate(settingsTabPath(String(next), appId))}
        large
        renderActiveTabPanelOnly
      >
        {tabs.map(({ tab, access }) => {
          const Panel = lazyContribution(tab);
          const reason = access === true ? undefined : access.disabledReason;
          return (
            <Tab
              key={tab.id}
              id={tab.id}
              disabled={reason !== undefined}
              title={reason ? <span title={reason}>{tab.title}</span> : tab.title}
              panel={
                <Suspense fallback={<PageSkeleton />}>
                  <Panel appId={appId} />
                </Suspense>
              }
            />
          );
        })}
      </Tabs>
    </Page>
  );
});
