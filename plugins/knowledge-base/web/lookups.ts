import { useEffect, useState } from '@civic/sdk/web/react';
import { useService } from '@civic/sdk/web';
import { ApiClient, isApiError } from '@civic/sdk/web/services';
import { KbApi, type EntityRef, type NamedRef } from '../common/api';

export interface Lookups {
  categories: NamedRef[];
  labels: NamedRef[];
  entities: EntityRef[];
}

const EMPTY: Lookups = { categories: [], labels: [], entities: [] };

/** GET a list another plugin owns; a missing route (404) or a refusal means "none" here. */
async function optionalList<T>(api: ApiClient, path: string, key: string): Promise<T[]> {
  try {
    const data = await api.get<Record<string, T[] | undefined>>(path);
    return data?.[key] ?? [];
  } catch (error) {
    if (isApiError(error) && [403, 404].includes(error.status)) return [];
    return [];
  }
}

/** Categories, labels and entities of the app, for filters, bulk classification and tagging. */
export function useLookups(appId: string): Lookups {
  const api = useService<ApiClient>(ApiClient);
  const [lookups, setLookups] = useState<Lookups>(EMPTY);
  useEffect(() => {
    let live = true;
    void Promise.all([
      optionalList<NamedRef>(api, KbApi.categories(appId), 'categories'),
      optionalList<NamedRef>(api, KbApi.labels(appId), 'labels'),
      optionalList<EntityRef>(api, KbApi.entities(appId), 'entities'),
    ]).then(([categories, labels, entities]) => {
      if (live) setLookups({ categories, labels, entities });
    });
    return () => {
      live = false;
    };
  }, [api, appId]);
  return lookups;
}
