import { useEffect } from 'react';
import { useService } from '../di/container-context';
import { PageTitleService } from './page-title-service';

/** Sets the title the shell header shows (and the browser tab) while the page is open. */
export function usePageTitle(title: string | undefined): void {
  const titles = useService<PageTitleService>(PageTitleService);
  useEffect(() => {
    if (title) titles.setTitle(title);
  }, [titles, title]);
}
