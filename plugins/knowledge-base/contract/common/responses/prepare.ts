import type { ChannelResponses } from './channel-responses';
import type { HtmlSanitizer } from './html-policy';
import { normaliseChannelResponses } from './normalise';
import { responseErrors, validateChannelResponses, type ResponseCheckOptions, type ResponseProblem } from './validate';

export interface PreparedResponses {
  /** The responses to store: normalised, html sanitised. */
  responses: ChannelResponses[];
  /** Every problem: `errors` then `warnings`. */
  problems: ResponseProblem[];
  /**
   * The problems that block the save, with `index` and `field` as in the list given (as the editor
   * holds it, so a 422 maps back onto its fields); a route answers 422 with the first message (§8).
   */
  errors: ResponseProblem[];
  /** The warnings of what is stored (a channel with no responses, §5), for the client to show. */
  warnings: ResponseProblem[];
}

/** Every html message passed through the sanitiser. */
export function sanitizeChannelResponses(list: readonly ChannelResponses[], sanitize: HtmlSanitizer): ChannelResponses[] {
  return list.map((channel) => ({
    ...channel,
    messages: channel.messages.map((message) => (message.type === 'html' ? { ...message, html: sanitize(message.html) } : message)),
  }));
}

/**
 * What a route runs on an intent's responses before it stores them (after the DTO check): validate
 * (errors, positioned in the list given) → normalise (§5 save rules) → sanitise html → normalise
 * again (html that sanitised to nothing is dropped) → the warnings of the result. Store
 * `responses` when `errors` is empty.
 */
export function prepareResponsesForSave(list: readonly ChannelResponses[], sanitize: HtmlSanitizer, options: ResponseCheckOptions = {}): PreparedResponses {
  const errors = responseErrors(validateChannelResponses(list, options));
  const responses = normaliseChannelResponses(sanitizeChannelResponses(normaliseChannelResponses(list), sanitize));
  const warnings = validateChannelResponses(responses).filter((p) => p.severity === 'warning');
  return { responses, problems: [...errors, ...warnings], errors, warnings };
}
