import { FormGroup, HTMLSelect } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';
import { RoleName, ROLE_CODES, type RoleCode } from '@civic/sdk/common/model';
import { FormField, useService } from '@civic/sdk/web';
import { FormDialog, useDtoForm, useFormSubmit } from '@civic/sdk/web/forms';
import { TeamMessages } from '../common/messages';
import { InviteMemberDto } from '../common/team.dto';
import { TeamStore } from './team-store';

/** Invite by email: a known account gets the role; an unknown one an account and an activation mail. */
export function InviteMemberDialog(props: { isOpen: boolean; onClose: () => void }) {
  const store = useService<TeamStore>(TeamStore);
  const [role, setRole] = useState<RoleCode>('1');
  const form = useDtoForm('team-invite', InviteMemberDto, { email: '', name: '' }, (v) => ({ email: v.email.trim(), role, ...(v.name.trim() ? { name: v.name.trim() } : {}) }));
  const submit = useFormSubmit(form, {
    action: () => {
      const name = form.values.name.trim();
      return store.invite({ email: form.values.email.trim(), role, ...(name ? { name } : {}) });
    },
    // The truth about what happened: a new account was invited, or an existing one was added.
    toast: (member) => (member.outcome === 'added' ? TeamMessages.addedExisting(member.email, RoleName[member.role]) : TeamMessages.invitedNew(member.email)),
    onSuccess: close,
    fieldErrors: (error) => (error.status === 409 ? { email: error.message } : undefined),
  });

  function close() {
    form.reset();
    submit.clear();
    setRole('1');
    props.onClose();
  }

  return (
    <FormDialog
      isOpen={props.isOpen}
      title="Invite member"
      description="People without an account get an email with a link to set their password."
      submitText="Invite"
      submit={submit}
      onClose={close}
    >
      <FormField form={form} field="email" label="Email" type="email" autoComplete="off" />
      <FormField form={form} field="name" label="Name (for a new account)" autoComplete="off" />
      <FormGroup label="Role" labelFor="team-invite-role">
        <HTMLSelect id="team-invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value as RoleCode)} options={ROLE_CODES.map((code) => ({ value: code, label: RoleName[code] }))} />
      </FormGroup>
    </FormDialog>
  );
}
