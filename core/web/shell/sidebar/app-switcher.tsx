import { CogIcon } from '@blueprintjs/icons';
import { observer } from '../../mobx/observer';
import { useId } from 'react';
import { generatePath, Link, useLocation, useNavigate } from 'react-router-dom';
import type { AppSummary } from '@civic/core/common/model';
import { AppContextService } from '../../apps/app-context-service';
import { useService } from '../../di/container-context';
import { contributionAccess } from '../../plugins/plugin-access';
import { PluginCatalog } from '../../plugins/plugin-catalog';
import { AppPicker } from './app-picker';
import { appSwitchTarget } from './app-switch-rules';

/**
 * The app switcher (§2, §6): the user's apps sorted by tier then app id, searchable by name, id or
 * agency; choosing one applies the §2 switching rules. The gear opens the app's settings.
 */
export const AppSwitcher = observer(function AppSwitcher() {
  const apps = useService<AppContextService>(AppContextService);
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const navigate = useNavigate();
  const location = useLocation();
  const labelId = useId();
  const current = apps.currentApp;
  const settingsRoute = catalog.landmark('settings');
  if (apps.apps.length === 0) return null;

  async function switchTo(app: AppSummary) {
    if (app.appId === apps.currentAppId) return;
    const match = catalog.match(location.pathname);
    const ctx = await apps.accessContextFor(app.appId);
    const target = appSwitchTarget({
      current: match
        ? {
            path: match.route.path,
            appParam: match.route.appParam,
            params: match.params,
            canAccess: contributionAccess(match.plugin, match.route),
            onAppSwitch: match.route.onAppSwitch,
          }
        : null,
      newAppId: app.appId,
      ctx,
      home: catalog.landmark('home'),
      route: (pattern) => catalog.routes().find(({ item }) => item.path === pattern)?.item ?? null,
    });
    // An app page makes its URL's app current itself; elsewhere the switch is all there is.
    if (target) navigate(target);
    else await apps.selectApp(app.appId);
  }

  return (
    <div className="civic-app-switcher">
      <span id={labelId} className="civic-sidebar-heading">
        Current app
      </span>
      <div className="civic-app-switcher-row">
        <AppPicker apps={apps.apps} current={current} labelId={labelId} onPick={(app) => void switchTo(app)} />
        {/* §2: the gear opens App settings — the route that declares itself the app's settings, if any. */}
        {current && settingsRoute?.appParam && (
          <Link
            className="civic-icon-link"
            to={generatePath(settingsRoute.path, { [settingsRoute.appParam]: current.appId })}
            aria-label="App settings"
            title="App settings"
          >
            <CogIcon aria-hidden="true" />
          </Link>
        )}
      </div>
    </div>
  );
});
