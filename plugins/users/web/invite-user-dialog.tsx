import { Checkbox } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';
import { Messages } from '@civic/sdk/common/messages';
import { FormField, useService } from '@civic/sdk/web';
import { FormDialog, useDtoForm, useFormSubmit } from '@civic/sdk/web/forms';
import { InviteUserDto } from '../common/user-edit.dto';
import { UsersStore } from './users-store';

/** Create user: an invitation mail with a link to set a password and activate the account. */
export function InviteUserDialog(props: { isOpen: boolean; onClose: () => void }) {
  const store = useService<UsersStore>(UsersStore);
  const form = useDtoForm('invite', InviteUserDto, { name: '', email: '' }, (v) => ({ name: v.name.trim(), email: v.email.trim() }));
  const [isPlatformAdmin, setPlatformAdmin] = useState(false);
  const submit = useFormSubmit(form, {
    action: () => store.invite({ name: form.values.name.trim(), email: form.values.email.trim(), isPlatformAdmin }),
    toast: (user) => `Invitation sent to ${user.email}`,
    onSuccess: close,
    fieldErrors: (error) => (error.status === 409 ? { email: Messages.emailExists } : undefined),
  });

  function close() {
    form.reset();
    submit.clear();
    setPlatformAdmin(false);
    props.onClose();
  }

  return (
    <FormDialog
      isOpen={props.isOpen}
      title="Create user"
      description="The user gets an email with a link to set their password and activate the account."
      submitText="Send invitation"
      submit={submit}
      onClose={close}
    >
      <FormField form={form} field="name" label="Name" autoComplete="off" />
      <FormField form={form} field="email" label="Email" type="email" autoComplete="off" />
      <Checkbox label="Platform admin" checked={isPlatformAdmin} onChange={(e) => setPlatformAdmin(e.currentTarget.checked)} />
    </FormDialog>
  );
}
