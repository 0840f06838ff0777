import { InputGroup } from '@civic/sdk/web/blueprint';
import { ApplicationsIcon, SearchIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useId, useState } from '@civic/sdk/web/react';
import { AppContextService, EmptyState, Page, useService } from '@civic/sdk/web';
import { AppsTable } from './apps-table';
import { formatCount } from '@civic/sdk/common/format';

/** /dashboard, the landing page: the user's apps, sorted by tier then app id (§6). */
export const DashboardPage = observer(function DashboardPage() {
  const apps = useService<AppContextService>(AppContextService);
  const [query, setQuery] = useState('');
  const filterId = useId();
  const q = query.trim().toLowerCase();
  const shown = q
    ? apps.apps.filter((app) =>
        [app.appName, app.appId, app.agency.name, app.subscriptionTier].some((t) => t.toLowerCase().includes(q)),
      )
    : apps.apps;

  if (apps.apps.length === 0) {
    return (
      <Page title="Dashboard">
        <EmptyState
          icon={<ApplicationsIcon size={48} />}
          title="No apps yet"
          description="You do not hold a role on any app yet. Ask an admin of the app you work on to add you to its team."
        />
      </Page>
    );
  }

  return (
    <Page
      title="Dashboard"
      toolbar={
        <>
          <label htmlFor={filterId} className="civic-visually-hidden">
            Filter apps
          </label>
          <InputGroup
            id={filterId}
            type="search"
            leftIcon={<SearchIcon />}
            placeholder="Filter by name, id, agency or tier"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <span className="civic-count" aria-live="polite">
            {shown.length === 1 ? '1 app' : `${formatCount(shown.length)} apps`}
          </span>
        </>
      }
    >
      {shown.length > 0 ? (
        <AppsTable apps={shown} />
      ) : (
        <EmptyState icon={<SearchIcon size={48} />} title="No matching apps" description="Try another filter." />
      )}
    </Page>
  );
});
