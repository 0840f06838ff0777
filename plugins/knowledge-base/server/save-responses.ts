import { DEFAULT_PLATFORM, type ChannelResponses, type ResponseCheckOptions } from '../contract/common/responses/index';
import { prepareResponsesOrThrow } from '../contract/server/responses/index';

/** A new intent answers on the web chat channel, default response on, no messages yet (§2 Intent detail). */
export function defaultResponses(): ChannelResponses[] {
  return [{ platform: DEFAULT_PLATFORM, enable_default_response: true, messages: [] }];
}

/**
 * The responses of a save (already shape-checked by the DTO): §5 rules, html sanitised; a 422 with the
 * first problem (and the editor's positioned problems) when a message is invalid.
 */
export function prepareResponses(input: readonly ChannelResponses[] | undefined, options: ResponseCheckOptions = {}): ChannelResponses[] {
  if (input === undefined) return defaultResponses();
  // Plain objects: the DTO instances must not be stored with their prototypes' defaults hidden.
  return prepareResponsesOrThrow(JSON.parse(JSON.stringify(input)) as ChannelResponses[], 'responses', options).responses;
}
