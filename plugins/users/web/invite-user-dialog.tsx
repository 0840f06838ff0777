import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter } from '@civic/sdk/web/blueprint';
import { useState, type FormEvent } from '@civic/sdk/web/react';
import { Messages } from '@civic/sdk/common/messages';
import { FormField, isApiError, ToastService, useService } from '@civic/sdk/web';
import { serverFieldErrors, useDtoForm } from '@civic/sdk/web/forms';
import { InviteUserDto } from '../common/user-edit.dto';
import { UsersStore } from './users-store';

const FIELDS = ['name', 'email'] as const;

/** Create user: an invitation mail with a link to set a password and activate the account. */
export function InviteUserDialog(props: { isOpen: boolean; onClose: () => void }) {
  const store = useService<UsersStore>(UsersStore);
  const toasts = useService<ToastService>(ToastService);
  const form = useDtoForm('invite', InviteUserDto, { name: '', email: '' }, (v) => ({ name: v.name.trim(), email: v.email.trim() }));
  const [isPlatformAdmin, setPlatformAdmin] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function close() {
    form.reset();
    setPlatformAdmin(false);
    setFailure(null);
    props.onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setSaving(true);
    setFailure(null);
    try {
      const user = await store.invite({ name: form.values.name.trim(), email: form.values.email.trim(), isPlatformAdmin });
      toasts.notify(`Invitation sent to ${user.email}`);
      close();
    } catch (error) {
      if (isApiError(error) && error.status === 409) form.showErrors({ email: Messages.emailExists });
      else if (isApiError(error) && Object.keys(serverFieldErrors(error.fields, FIELDS)).length > 0) form.showErrors(serverFieldErrors(error.fields, FIELDS));
      else setFailure(isApiError(error) ? error.message : Messages.errorEncountered);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog isOpen={props.isOpen} onClose={close} title="Create user">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create user">
        <DialogBody>
          <p>The user gets an email with a link to set their password and activate the account.</p>
          {failure && (
            <Callout intent="danger" role="alert" className="civic-form-notice">
              {failure}
            </Callout>
          )}
          <FormField form={form} field="name" label="Name" autoComplete="off" />
          <FormField form={form} field="email" label="Email" type="email" autoComplete="off" />
          <Checkbox label="Platform admin" checked={isPlatformAdmin} onChange={(e) => setPlatformAdmin(e.currentTarget.checked)} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} />
              <Button type="submit" intent="primary" text="Send invitation" loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
