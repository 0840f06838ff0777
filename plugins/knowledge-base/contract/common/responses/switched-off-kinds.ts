import type { DeploymentSwitches } from '@civic/sdk/common/model';
import type { ResponseMessageType } from './response-message';

/**
 * The message kinds a deployment's switches turn off (§9 `CIVIC_FILE_RESPONSES`, off by default):
 * the editor does not offer them and the server refuses a save that holds one.
 */
export function switchedOffKinds(switches: Pick<DeploymentSwitches, 'fileResponses'>): ResponseMessageType[] {
  return switches.fileResponses ? [] : ['file'];
}
