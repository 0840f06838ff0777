import { Suspense, useLayoutEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useService } from '../di/container-context';
import { PageTitleService } from '../page/page-title-service';
import { PageSkeleton } from '../shell/page-skeleton';

/** A page the core serves itself (identity screens): sets its title and loads its code lazily. */
export function CorePage(props: { title: string; Page: LazyExoticComponent<ComponentType> }) {
  const titles = useService<PageTitleService>(PageTitleService);
  useLayoutEffect(() => titles.setTitle(props.title), [titles, props.title]);
  const { Page } = props;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}
