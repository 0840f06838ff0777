import type { ResponseProblem } from '../../common/responses/index';

/**
 * The responses problems of a failed save (`detail.responseProblems` of the server's 422, see
 * `prepareResponsesOrThrow`), for `ChannelResponsesEditor`'s `problems`; undefined otherwise.
 */
export function responseProblemsOf(error: unknown): ResponseProblem[] | undefined {
  const detail = (error as { detail?: unknown } | null)?.detail;
  const problems = (detail as { responseProblems?: unknown } | null | undefined)?.responseProblems;
  if (!Array.isArray(problems)) return undefined;
  return problems.filter(
    (p): p is ResponseProblem =>
      !!p && typeof p === 'object' && typeof (p as ResponseProblem).platform === 'string' && typeof (p as ResponseProblem).message === 'string',
  );
}
