import { observer } from '../mobx/observer';
import { Suspense, useEffect, useLayoutEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useParams } from 'react-router-dom';
import type { PluginManifest, PluginRoute } from '@civic/core/common/plugins';
import { AppContextService } from '../apps/app-context-service';
import { AuthService } from '../auth/auth-service';
import { useService } from '../di/container-context';
import { PageLead, RouteDescriptionContext } from '../page/page-lead';
import { PageTitleService } from '../page/page-title-service';
import { contributionAccess } from '../plugins/plugin-access';
import { NoAccessPage } from '../shell/no-access-page';
import { NotFoundPage } from '../shell/not-found-page';
import { PageSkeleton } from '../shell/page-skeleton';

export interface PluginPageProps {
  plugin: PluginManifest;
  route: PluginRoute;
  Page: LazyExoticComponent<ComponentType>;
}

/**
 * One plugin route: makes the URL's app current, checks the route's predicate (hiding a menu item
 * is not enough), sets the title, and loads the page's code lazily.
 */
export const PluginPage = observer(function PluginPage({ plugin, route, Page }: PluginPageProps) {
  const apps = useService<AppContextService>(AppContextService);
  const auth = useService<AuthService>(AuthService);
  const params = useParams();
  const appId = route.appParam ? params[route.appParam] : undefined;
  const titles = useService<PageTitleService>(PageTitleService);
  const [missingAppId, setMissingAppId] = useState<string | null>(null);
  // The route's title as the default: a layout effect runs before the page's own (passive)
  // usePageTitle, so a page that names itself differently wins.
  useLayoutEffect(() => titles.setTitle(route.title), [titles, route.title]);

  useEffect(() => {
    if (!appId || apps.status !== 'ready' || apps.currentAppId === appId) return;
    let live = true;
    void apps.selectApp(appId).then(() => {
      if (live && !apps.findApp(appId)) setMissingAppId(appId);
    });
    return () => {
      live = false;
    };
  }, [apps, appId, apps.status]);

  if (appId) {
    if (missingAppId === appId) return <NotFoundPage />;
    if (auth.isFullySignedIn && apps.currentAppId !== appId) return <PageLoading description={route.description} />;
  }
  const access = contributionAccess(plugin, route)(apps.accessContext);
  if (access === false) return <NoAccessPage />;
  if (access !== true) return <NoAccessPage reason={access.disabledReason} />;
  return (
    <RouteDescriptionContext.Provider value={route.description}>
      <Suspense fallback={<PageLoading description={route.description} />}>
        <Page />
      </Suspense>
    </RouteDescriptionContext.Provider>
  );
});

/** Skeleton lines under the route's description, where the page will draw them. */
function PageLoading(props: { description?: string }) {
  return (
    <PageLead description={props.description}>
      <PageSkeleton />
    </PageLead>
  );
}
