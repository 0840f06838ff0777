import { DEFAULT_PLATFORM, PLATFORMS, RESPONSE_MESSAGE_TYPES, type ChannelResponses } from '@civic/sdk/common/responses';
import { HttpError } from '@civic/sdk/server';
import { KbMessages } from '../common/messages';

/** A new intent answers on the web chat channel, default response on, no messages yet (§2 Intent detail). */
export function defaultResponses(): ChannelResponses[] {
  return [{ platform: DEFAULT_PLATFORM, enable_default_response: true, messages: [] }];
}

/**
 * The responses of a save, checked for shape (one entry per known channel, known message kinds).
 * Throws a 422 naming the first problem.
 */
export function prepareResponses(input: unknown[] | undefined): ChannelResponses[] {
  if (input === undefined) return defaultResponses();
  const seen = new Set<string>();
  const result: ChannelResponses[] = [];
  for (const entry of input) {
    if (!entry || typeof entry !== 'object') throw HttpError.invalid([KbMessages.responsesInvalid]);
    const channel = entry as Partial<ChannelResponses>;
    if (!PLATFORMS.includes(channel.platform as ChannelResponses['platform']) || seen.has(String(channel.platform))) {
      throw HttpError.invalid([KbMessages.responsesInvalid]);
    }
    seen.add(String(channel.platform));
    if (!Array.isArray(channel.messages)) throw HttpError.invalid([KbMessages.responsesInvalid]);
    for (const message of channel.messages as unknown[]) {
      const type = (message as { type?: unknown } | null)?.type;
      if (!message || typeof message !== 'object' || !RESPONSE_MESSAGE_TYPES.includes(type as never)) {
        throw HttpError.invalid([KbMessages.responsesInvalid]);
      }
    }
    result.push({ platform: channel.platform as ChannelResponses['platform'], enable_default_response: channel.enable_default_response !== false, messages: channel.messages });
  }
  return result;
}
