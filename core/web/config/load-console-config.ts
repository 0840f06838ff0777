import { CoreApi } from '@civic/core/common/api-paths';
import { Timing } from '@civic/core/common/constants';
import type { ConsoleConfig } from '@civic/core/common/model';

/**
 * The deployment's console config, fetched before anything else exists (the DI container is
 * built from it), so plain fetch rather than the ApiClient. Public: no token needed.
 */
export async function loadConsoleConfig(fetchFn: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<ConsoleConfig> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Timing.unauthenticatedTimeoutMs);
  try {
    const response = await fetchFn(CoreApi.consoleConfig, { headers: { Accept: 'application/json' }, signal: controller.signal });
    if (!response.ok) throw new Error(`The console configuration could not be loaded (HTTP ${response.status})`);
    const body = (await response.json()) as { data?: ConsoleConfig };
    if (!body.data || !Array.isArray(body.data.plugins)) throw new Error('The console configuration is not readable');
    return body.data;
  } finally {
    clearTimeout(timer);
  }
}
