import { ApiClient, useService } from '@civic/sdk/web';
import { useCallback, useEffect, useState } from '@civic/sdk/web/react';
import { AnalyticsFilters } from './analytics-filters';

export interface ReportState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/**
 * Fetches a report for the current range and filters (call it from an observer component: it reads
 * the filters). An answer to an older request is dropped. `path` undefined waits.
 */
export function useReport<T>(path: string | undefined, extra: Record<string, string | undefined> = {}): ReportState<T> {
  const api = useService<ApiClient>(ApiClient);
  const filters = useService<AnalyticsFilters>(AnalyticsFilters);
  const blocked = filters.problem !== undefined;
  const key = JSON.stringify({ ...filters.query, ...extra });
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: undefined, loading: true });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!path || blocked) return;
    let current = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    api
      .get<T>(path, { query: JSON.parse(key) as Record<string, string | undefined> })
      .then((data) => current && setState({ data, error: undefined, loading: false }))
      .catch((error: unknown) => current && setState((s) => ({ ...s, error, loading: false })));
    return () => {
      current = false;
    };
  }, [api, path, key, blocked, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
