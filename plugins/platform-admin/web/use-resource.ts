import { useCallback, useEffect, useState } from '@civic/sdk/web/react';
import { errorMessage } from '@civic/sdk/web';

export interface Resource<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): Promise<void>;
}

/** Loads once on mount (and on reload): the small admin lists that need no store of their own. */
export function useResource<T>(load: () => Promise<T>): Resource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await load());
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load is a new closure every render; loading once is the point
  }, []);
  useEffect(() => void reload(), [reload]);
  return { data, error, loading, reload };
}
