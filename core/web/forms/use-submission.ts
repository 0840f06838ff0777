import { useState } from 'react';
import { errorMessage } from '../api/error-message';

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
  /** Forgets the failure (a dialog closed). */
  clear(): void;
}

/**
 * The busy flag and failure message around one async action: the base of `useFormSubmit`, used
 * directly only where a submit is more than a DTO form (the sign-in screens and their captcha).
 */
export function useSubmission(): Submission {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return {
    submitting,
    failure,
    clear: () => setFailure(null),
    async run(action, onError = (error) => errorMessage(error)) {
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
