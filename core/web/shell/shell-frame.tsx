import { observer } from '../mobx/observer';
import { useLocation } from 'react-router-dom';
import { CONSOLE_NAME } from '@civic/core/common/constants';
import { useService } from '../di/container-context';
import { PageLead } from '../page/page-lead';
import { PluginCatalog } from '../plugins/plugin-catalog';
import { identityRoutes } from '../auth/identity-routes';
import { LoadingScreen } from './loading-screen';
import { PAGE_TITLE_ID } from './shell-ids';
import { SkipLink } from './skip-link';

/** What a signed-in page's frame shows before the sidebar's and the page's code have come. */
export interface RouteLeadCopy {
  title: string;
  description?: string;
}

/**
 * The main layout as it stands before its code has come: the sidebar's place and name, the header
 * with the page's title (its Menu button, on a narrow screen, comes with the shell), and the page's description above the §2 loading screen — each where the
 * shell (app-shell.tsx) and `Page` draw them. The build writes it into the page document of a
 * signed-in route (host/web/page-shells.tsx), so the title and description paint with the
 * stylesheet; the console draws it too until the shell is ready, so they do not blink out.
 */
export function ShellFrame(props: { lead?: RouteLeadCopy }) {
  return (
    <div className="civic-shell">
      <SkipLink />
      {/* The sidebar's place, not yet a navigation: the shell's own sidebar is the "Main navigation". */}
      <div className="civic-sidebar" aria-hidden="true">
        <div className="civic-sidebar-brand">{CONSOLE_NAME}</div>
      </div>
      <div className="civic-shell-body">
        <header className="civic-header">
          <h1 id={PAGE_TITLE_ID} className="civic-header-title" tabIndex={-1}>
            {props.lead?.title}
          </h1>
        </header>
        <main id="main-content" className="civic-main" tabIndex={-1}>
          <PageLead description={props.lead?.description}>
            <LoadingScreen />
          </PageLead>
        </main>
      </div>
    </div>
  );
}

/** The title and description of the route at `pathname`, from the enabled plugins' routes and the core's own. */
export function routeLeadAt(catalog: PluginCatalog, pathname: string): RouteLeadCopy | undefined {
  const core = identityRoutes.find((route) => route.path === pathname.replace(/\/+$/, ''));
  if (core) return { title: core.title };
  const route = catalog.match(pathname)?.route;
  return route ? { title: route.title, description: route.description } : undefined;
}

/** `ShellFrame` for the current location: the main layout's loading state. */
export const CurrentShellFrame = observer(function CurrentShellFrame() {
  const catalog = useService<PluginCatalog>(PluginCatalog);
  return <ShellFrame lead={routeLeadAt(catalog, useLocation().pathname)} />;
});

/** `PageLead` of the current route above the §2 loading screen: the shell's loading state for its page. */
export const CurrentPageLoading = observer(function CurrentPageLoading() {
  const catalog = useService<PluginCatalog>(PluginCatalog);
  return (
    <PageLead description={routeLeadAt(catalog, useLocation().pathname)?.description}>
      <LoadingScreen />
    </PageLead>
  );
});
