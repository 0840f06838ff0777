import { Button, Callout, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../blueprint/lazy-overlays';
import type { ReactNode } from 'react';
import type { FormSubmit } from './use-form-submit';

export interface FormDialogProps {
  isOpen: boolean;
  /** The dialog's title, also the form's accessible name. */
  title: string;
  /** One line above the fields: what happens on submit. */
  description?: ReactNode;
  /** The primary button's text ("Invite", "Send invitation"). */
  submitText: string;
  submit: FormSubmit;
  /** Cancel, Escape and the close button; reset the form here. */
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog around one DTO form (UX.md "Forms"): the failure above the fields, Cancel and the
 * primary submit (busy while `submit` runs) in the footer. Invite and create dialogs use it.
 */
export function FormDialog({ isOpen, title, description, submitText, submit, onClose, children }: FormDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      <form onSubmit={(e) => void submit.onSubmit(e)} noValidate aria-label={title}>
        <DialogBody>
          {description && <p>{description}</p>}
          {submit.failure && (
            <Callout intent="danger" role="alert" className="civic-form-notice">
              {submit.failure}
            </Callout>
          )}
          {children}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text={submitText} loading={submit.submitting} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
