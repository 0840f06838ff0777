import { Messages } from '@civic/core/common/messages';
import { isApiError } from './api-error';

/**
 * The one text to show for a failed call: the server's message for an API error (the ApiClient has
 * already picked the 422's first message), else `fallback` — §8 "Error encountered" by default.
 * Errors that are not ours (a bug, a lost network) never show their own text to the user.
 */
export function errorMessage(error: unknown, fallback: string = Messages.errorEncountered): string {
  return isApiError(error) ? error.message : fallback;
}
