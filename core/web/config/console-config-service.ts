import type { ConsoleConfig } from '@civic/core/common/model';

/**
 * What the server told the browser at start (GET /api/v1/console-config): the deployment's plugins,
 * switches and links. Bound as a constant: it does not change while the page lives.
 */
export const ConsoleConfigService = Symbol('ConsoleConfigService');
export interface ConsoleConfigService {
  readonly config: ConsoleConfig;
}

export class ConsoleConfigServiceImpl implements ConsoleConfigService {
  constructor(readonly config: ConsoleConfig) {}
}
