import { errorMessage, LoadError, Page, PageSkeleton } from '@civic/sdk/web';
import type { ReactNode } from '@civic/sdk/web/react';
import type { RangeInfo } from '../common/api';
import { AnalyticsToolbar } from './analytics-toolbar';
import type { ReportState } from './use-report';
import './analytics.css';

/** The page around every analytics report: the toolbar, then loading, error or the content. */
export function AnalyticsPageFrame<T extends { range: RangeInfo; channels?: string[] }>(props: {
  title: string;
  description: string;
  report: ReportState<T>;
  children: (data: T) => ReactNode;
  /** false: no channel and environment filters (feature analytics). */
  filters?: boolean;
  /** Buttons on the right of the header (downloads). */
  actions?: ReactNode;
  /**
   * Cards with data of their own, after the report's (the Intents page's point cloud): shown with the
   * page, not when the report comes, each with its own skeleton and error until its data is there.
   */
  alongside?: ReactNode;
}) {
  const { data, error, loading, reload } = props.report;
  return (
    <Page title={props.title} description={props.description} actions={props.actions} toolbar={<AnalyticsToolbar channels={data?.channels ?? []} range={data?.range} filters={props.filters} />}>
      {error !== undefined && <LoadError title={`${props.title} could not be loaded`} error={errorMessage(error)} onRetry={reload} />}
      {data === undefined && error === undefined && <PageSkeleton />}
      {(data !== undefined || props.alongside !== undefined) && (
        <div className="civic-analytics-grid" aria-busy={loading}>
          {data !== undefined && props.children(data)}
          {props.alongside}
        </div>
      )}
    </Page>
  );
}
