import { useState } from 'react';
import { Messages } from '@civic/core/common/messages';
import { isApiError } from '../api/api-error';

export interface Submission {
  submitting: boolean;
  /** The message shown above a form when a submit failed for a reason no field explains. */
  failure: string | null;
  /**
   * Runs one submit: `submitting` while it runs, the last failure cleared first. A thrown error goes
   * to `onError`; the text it returns becomes the failure (nothing returned: it handled the error,
   * e.g. by showing field messages). Without `onError` every error is a failure.
   */
  run(action: () => Promise<void>, onError?: (error: unknown) => string | null | void): Promise<void>;
}

/** The server's message for an API error, else the fallback (§8: "Error encountered"). */
export function failureText(error: unknown, fallback: string = Messages.errorEncountered): string {
  return isApiError(error) ? error.message : fallback;
}

/** The submit state every form page shares: busy flag and failure message around one async action. */
export function useSubmission(): Submission {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return {
    submitting,
    failure,
    async run(action, onError = (error) => failureText(error)) {
      setSubmitting(true);
      setFailure(null);
      try {
        await action();
      } catch (error) {
        const text = onError(error);
        if (text) setFailure(text);
      } finally {
        setSubmitting(false);
      }
    },
  };
}
