import type { ChannelResponses } from './channel-responses';
import type { HtmlSanitizer } from './html-policy';
import { normaliseChannelResponses } from './normalise';
import { responseErrors, validateChannelResponses, type ResponseProblem } from './validate';

export interface PreparedResponses {
  /** The responses to store: normalised, html sanitised. */
  responses: ChannelResponses[];
  /** Every problem (errors and warnings); indices refer to `responses`. */
  problems: ResponseProblem[];
  /** The problems that block the save; a route answers 422 with the first one's message (§8). */
  errors: ResponseProblem[];
  /** The warnings (channel with no responses), for the client to show. */
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
 * What a route runs on an intent's responses before it stores them (after the DTO check):
 * normalise (§5 save rules) → sanitise html → normalise again (html that sanitised to nothing is
 * dropped) → validate. Store `responses` when `errors` is empty.
 */
export function prepareResponsesForSave(list: readonly ChannelResponses[], sanitize: HtmlSanitizer): PreparedResponses {
  const responses = normaliseChannelResponses(sanitizeChannelResponses(normaliseChannelResponses(list), sanitize));
  const problems = validateChannelResponses(responses);
  const errors = responseErrors(problems);
  return { responses, problems, errors, warnings: problems.filter((p) => p.severity === 'warning') };
}
