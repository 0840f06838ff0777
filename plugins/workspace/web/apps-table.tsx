import { HTMLTable, Tag } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { Link } from '@civic/sdk/web/router';
import { engineLabel, RoleName, type AppSummary } from '@civic/sdk/common/model';
import { PluginCatalog, RoleService, useService } from '@civic/sdk/web';

/** Another plugin's page: linked only while that plugin is enabled. */
const APP_SETTINGS_ROUTE = '/app-settings/:appId';

const TIER_INTENT = { Enterprise: 'primary', Plus: 'success', Starter: 'warning', Internal: 'none' } as const;

/** The dashboard's list of apps: facts at a glance and the two ways in. */
export const AppsTable = observer(function AppsTable(props: { apps: readonly AppSummary[] }) {
  const roles = useService<RoleService>(RoleService);
  const hasSettings = useService<PluginCatalog>(PluginCatalog).hasRoute(APP_SETTINGS_ROUTE);
  return (
    <HTMLTable className="civic-apps-table">
      <caption className="civic-visually-hidden">Your apps</caption>
      <thead>
        <tr>
          <th scope="col">App</th>
          <th scope="col">Tier</th>
          <th scope="col">Agency</th>
          <th scope="col">Engine</th>
          <th scope="col">Your role</th>
          <th scope="col">
            <span className="civic-visually-hidden">Links</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.apps.map((app) => {
          const role = roles.roleOn(app.appId);
          const id = encodeURIComponent(app.appId);
          return (
            <tr key={app.appId}>
              <th scope="row">
                <div>{app.appName}</div>
                <div className="civic-muted">{app.appId}</div>
              </th>
              <td>
                <Tag minimal intent={TIER_INTENT[app.subscriptionTier]}>
                  {app.subscriptionTier}
                </Tag>
              </td>
              <td>{app.agency.name}</td>
              <td>{engineLabel(app.nlpEngine.service)}</td>
              <td>{role ? RoleName[role] : '—'}</td>
              <td>
                <div className="civic-row-links">
                  <Link to={`/my-workspace/${id}`}>
                    My Workspace<span className="civic-visually-hidden"> of {app.appName}</span>
                  </Link>
                  {hasSettings && (
                    <Link to={`/app-settings/${id}`}>
                      Settings<span className="civic-visually-hidden"> of {app.appName}</span>
                    </Link>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
});
