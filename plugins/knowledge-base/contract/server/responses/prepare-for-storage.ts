import type { ChannelResponses, ResponseCheckOptions, ResponseProblem } from '../../common/responses/index';
import { HttpError } from '@civic/sdk/server';
import { prepareResponsesForStorage } from './sanitize-html';

/** Where the 422 of a responses problem puts it in the request body: `responses.1.messages.0.imageUri`. */
export function responseProblemPath(list: readonly ChannelResponses[], problem: ResponseProblem, fieldPrefix: string): string {
  const channel = list.findIndex((c) => c.platform === problem.platform);
  const parts: Array<string | number> = [channel];
  if (problem.index !== undefined) parts.push('messages', problem.index);
  if (problem.field) parts.push(problem.field);
  return [fieldPrefix, ...parts].filter((p) => p !== '').join('.');
}

/**
 * For a route, after its DTO check: the responses to store (normalised, html sanitised) and the
 * warnings to return; or a 422 (§8: the first message shows) with `fields` keyed by body path
 * (`<fieldPrefix>.<channel>.messages.<index>.<field>`) and `detail.responseProblems` for the
 * editor (`responseProblemsOf(error)` in the contract's `web/responses`).
 */
export function prepareResponsesOrThrow(
  list: readonly ChannelResponses[],
  fieldPrefix = 'responses',
  options: ResponseCheckOptions = {},
): { responses: ChannelResponses[]; warnings: ResponseProblem[] } {
  const prepared = prepareResponsesForStorage(list, options);
  if (prepared.errors.length > 0) {
    const fields: Record<string, string[]> = {};
    for (const problem of prepared.errors) (fields[responseProblemPath(list, problem, fieldPrefix)] ??= []).push(problem.message);
    const info = [...new Set(prepared.errors.map((p) => p.message))];
    throw new HttpError(422, info[0], { info, fields, detail: { responseProblems: prepared.errors } });
  }
  return { responses: prepared.responses, warnings: prepared.warnings };
}
