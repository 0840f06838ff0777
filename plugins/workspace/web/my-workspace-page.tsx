import { Card, HTMLTable } from '@civic/sdk/web/blueprint';
import { HistoryIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { engineLabel, RoleName } from '@civic/sdk/common/model';
import { EmptyState, Page, PageSkeleton, useService, LoadError } from '@civic/sdk/web';
import type { WorkspaceSummary } from '../common/api';
import { WorkspaceStore } from './workspace-store';

/** /my-workspace/{appId}: what this app is, the user's part in it, its team, what happened lately. */
export const MyWorkspacePage = observer(function MyWorkspacePage() {
  const { appId = '' } = useParams();
  const store = useService<WorkspaceStore>(WorkspaceStore);
  useEffect(() => {
    void store.load(appId);
  }, [store, appId]);

  const entry = store.entry(appId);
  const summary = entry?.summary;
  if (!summary) {
    if (entry?.status === 'error') {
      return (
        <Page title="My Workspace">
          <LoadError title="The workspace could not be loaded" error={entry.error} onRetry={() => void store.load(appId)} />
        </Page>
      );
    }
    return (
      <Page title="My Workspace">
        <PageSkeleton lines={6} />
      </Page>
    );
  }

  return (
    <Page title="My Workspace" description={`${summary.app.appName}, ${summary.app.agency.name}`}>
      <div className="civic-workspace-grid">
        <AboutCard summary={summary} />
        <Card className="civic-card" aria-labelledby="workspace-team">
          <h2 id="workspace-team" className="civic-card-title">
            Your role and team
          </h2>
          <dl className="civic-facts">
            <dt>Your role</dt>
            <dd>{RoleName[summary.role]}</dd>
            <dt>Members</dt>
            <dd>{summary.members.total}</dd>
            <dt>Admins</dt>
            <dd>{summary.members.admins}</dd>
            <dt>Editors</dt>
            <dd>{summary.members.editors}</dd>
            <dt>Viewers</dt>
            <dd>{summary.members.viewers}</dd>
          </dl>
        </Card>
        <ActivityCard summary={summary} />
      </div>
    </Page>
  );
});

function AboutCard({ summary }: { summary: WorkspaceSummary }) {
  const { app } = summary;
  return (
    <Card className="civic-card" aria-labelledby="workspace-about">
      <h2 id="workspace-about" className="civic-card-title">
        About this app
      </h2>
      <dl className="civic-facts">
        <dt>App ID</dt>
        <dd>{app.appId}</dd>
        <dt>Description</dt>
        <dd>{app.description || '—'}</dd>
        <dt>Subscription tier</dt>
        <dd>{app.subscriptionTier}</dd>
        <dt>Engine</dt>
        <dd>{engineLabel(app.nlpEngine.service)}</dd>
        <dt>Project ID</dt>
        <dd>{app.projectId || '—'}</dd>
        <dt>Hosting</dt>
        <dd>{app.hosting || '—'}</dd>
        <dt>Generative answers</dt>
        <dd>{app.isGenerative ? 'On' : 'Off'}</dd>
        <dt>Playground</dt>
        <dd>{app.isPlaygroundEnabled ? 'Enabled' : 'Disabled'}</dd>
      </dl>
    </Card>
  );
}

function ActivityCard({ summary }: { summary: WorkspaceSummary }) {
  return (
    <Card className="civic-card civic-card-wide" aria-labelledby="workspace-activity">
      <h2 id="workspace-activity" className="civic-card-title">
        Recent activity
      </h2>
      {summary.recentActivity.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={<HistoryIcon size={32} />}
          title="No activity yet"
          description="Changes to this app's content and settings will show here."
        />
      ) : (
        <HTMLTable compact striped className="civic-fill">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
            </tr>
          </thead>
          <tbody>
            {summary.recentActivity.map((item, i) => (
              <tr key={`${item.at}-${i}`}>
                <td>
                  <time dateTime={item.at}>{new Date(item.at).toLocaleString(undefined, { timeZoneName: 'short' })}</time>
                </td>
                <td>{item.actor}</td>
                <td>{item.summary || item.action}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
