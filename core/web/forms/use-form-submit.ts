import type { FormEvent } from 'react';
import { errorMessage } from '../api/error-message';
import { isApiError, type ApiError } from '../api/api-error';
import { useService } from '../di/container-context';
import { ToastService } from '../toasts/toast-service';
import { serverFieldErrors, type DtoForm } from './use-dto-form';
import { useSubmission } from './use-submission';

export interface FormSubmitOptions<F extends string, R> {
  /** The call that saves; runs only when the form's DTO check passes. */
  action: () => Promise<R>;
  /** The "Saved" toast (UX.md): a text, or one made from the answer. */
  toast?: string | ((result: R) => string);
  /** After the toast: close the dialog, navigate … */
  onSuccess?: (result: R) => void;
  /**
   * Field messages for refusals the DTO cannot foresee (a 409 on an email that is taken); nothing
   * returned falls through to the 422 field mapping, then to the message above the form.
   */
  fieldErrors?: (error: ApiError) => Partial<Record<F, string>> | undefined;
}

export interface FormSubmit {
  submitting: boolean;
  /** The message above the form when a submit failed for a reason no field explains. */
  failure: string | null;
  /** The form's `onSubmit`: check, call, toast — or show why not. */
  onSubmit(event?: FormEvent): Promise<void>;
  /** Forgets the failure message (the dialog closed). */
  clear(): void;
}

/**
 * The one submit of a DTO form (STYLE rule 13; UX.md "Forms"): validate with the DTO (first invalid
 * field focused), `submitting` while the call runs, a server 422's `fields` (or `fieldErrors`)
 * under their fields, any other failure as one message above the form, a toast on success.
 */
export function useFormSubmit<F extends string, R>(form: DtoForm<F>, options: FormSubmitOptions<F, R>): FormSubmit {
  const toasts = useService<ToastService>(ToastService);
  const { submitting, failure, run, clear } = useSubmission();
  return {
    submitting,
    failure,
    clear,
    async onSubmit(event) {
      event?.preventDefault();
      if (!form.check()) return;
      await run(
        async () => {
          const result = await options.action();
          const toast = typeof options.toast === 'function' ? options.toast(result) : options.toast;
          if (toast) toasts.notify(toast);
          options.onSuccess?.(result);
        },
        (error) => {
          if (isApiError(error)) {
            const shown = options.fieldErrors?.(error) ?? serverFieldErrors(error.fields, Object.keys(form.values) as F[]);
            if (Object.keys(shown).length > 0) {
              form.showErrors(shown);
              return null;
            }
          }
          return errorMessage(error);
        },
      );
    },
  };
}
