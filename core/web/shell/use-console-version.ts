import { useEffect, useState } from 'react';
import { CoreApi } from '@civic/core/common/api-paths';
import { ApiClient } from '../api/api-client';
import { ConsoleConfigService } from '../config/console-config-service';
import { useService } from '../di/container-context';

/** One request per page load (the public layout and the shell both show the footer). */
const requests = new WeakMap<ApiClient, Promise<string>>();

/** The console version, read from the version file (§1); the config's copy until it arrives. */
export function useConsoleVersion(): string {
  const api = useService<ApiClient>(ApiClient);
  const { config } = useService<ConsoleConfigService>(ConsoleConfigService);
  const [version, setVersion] = useState(config.version);
  useEffect(() => {
    let live = true;
    let request = requests.get(api);
    if (!request) {
      request = api
        .get<{ version?: string }>(CoreApi.version, { raw: true, authenticated: false })
        .then((file) => file?.version ?? config.version)
        .catch(() => {
          requests.delete(api);
          return config.version;
        });
      requests.set(api, request);
    }
    void request.then((v) => {
      if (live) setVersion(v);
    });
    return () => {
      live = false;
    };
  }, [api, config.version]);
  return version;
}
