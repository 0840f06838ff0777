import type { ReactNode } from 'react';
import { useRouteDescription } from './page-lead';
import { usePageTitle } from './use-page-title';

export interface PageProps {
  /** Shown in the shell header (the page's one h1) and the browser tab. */
  title?: string;
  /** One short line under the header saying what the page is for (default: the route's `description`). */
  description?: ReactNode;
  /** The primary action (and at most a few secondary ones), on the right. */
  actions?: ReactNode;
  /** Search box, filters, bulk actions. */
  toolbar?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * UX.md page anatomy: a header row (the title lives in the shell header; here the description and
 * the primary action), an optional toolbar, then the content. Plugins never draw their own chrome.
 */
export function Page(props: PageProps) {
  usePageTitle(props.title);
  const routeDescription = useRouteDescription();
  const description = props.description ?? routeDescription;
  const hasHeaderRow = description !== undefined || props.actions !== undefined;
  return (
    <div className={`civic-page${props.className ? ` ${props.className}` : ''}`}>
      {hasHeaderRow && (
        <div className="civic-page-header">
          <div className="civic-page-description">{description}</div>
          {props.actions && <div className="civic-page-actions">{props.actions}</div>}
        </div>
      )}
      {props.toolbar && (
        <div className="civic-page-toolbar" role="toolbar">
          {props.toolbar}
        </div>
      )}
      <div className="civic-page-content">{props.children}</div>
    </div>
  );
}
