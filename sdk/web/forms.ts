/**
 * Forms checked by the same class-validator DTO as the server. A subpath of its own, not part of
 * `@civic/sdk/web`: class-validator then loads only with the screens that have a form.
 */
export { serverFieldErrors, useDtoForm, type DtoForm } from '@civic/core/web/forms/use-dto-form';
export { useFormSubmit, type FormSubmit, type FormSubmitOptions } from '@civic/core/web/forms/use-form-submit';
export { FormDialog, type FormDialogProps } from '@civic/core/web/forms/form-dialog';
/** A dialog (and its form's DTO and class-validator) fetched when first shown, not with its page. */
export { lazyDialog } from '@civic/core/web/forms/lazy-dialog';
