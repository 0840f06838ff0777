import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@civic/sdk/web/blueprint';
import { useState, type FormEvent } from '@civic/sdk/web/react';
import { Messages } from '@civic/sdk/common/messages';
import { RoleName, ROLE_CODES, type RoleCode } from '@civic/sdk/common/model';
import { FormField, isApiError, ToastService, useService } from '@civic/sdk/web';
import { serverFieldErrors, useDtoForm } from '@civic/sdk/web/forms';
import { TeamMessages } from '../common/messages';
import { InviteMemberDto } from '../common/team.dto';
import { TeamStore } from './team-store';

const FIELDS = ['email', 'name'] as const;

/** Invite by email: a known account gets the role; an unknown one an account and an activation mail. */
export function InviteMemberDialog(props: { isOpen: boolean; onClose: () => void }) {
  const store = useService<TeamStore>(TeamStore);
  const toasts = useService<ToastService>(ToastService);
  const [role, setRole] = useState<RoleCode>('1');
  const form = useDtoForm('team-invite', InviteMemberDto, { email: '', name: '' }, (v) => ({ email: v.email.trim(), role, ...(v.name.trim() ? { name: v.name.trim() } : {}) }));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function close() {
    form.reset();
    setRole('1');
    setFailure(null);
    props.onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setSaving(true);
    setFailure(null);
    try {
      const name = form.values.name.trim();
      const member = await store.invite({ email: form.values.email.trim(), role, ...(name ? { name } : {}) });
      toasts.notify(`${TeamMessages.invited}: ${member.email}`);
      close();
    } catch (error) {
      if (isApiError(error) && error.status === 409) form.showErrors({ email: error.message });
      else if (isApiError(error) && Object.keys(serverFieldErrors(error.fields, FIELDS)).length > 0) form.showErrors(serverFieldErrors(error.fields, FIELDS));
      else setFailure(isApiError(error) ? error.message : Messages.errorEncountered);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog isOpen={props.isOpen} onClose={close} title="Invite member">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Invite member">
        <DialogBody>
          <p>People without an account get an email with a link to set their password.</p>
          {failure && (
            <Callout intent="danger" role="alert" className="civic-form-notice">
              {failure}
            </Callout>
          )}
          <FormField form={form} field="email" label="Email" type="email" autoComplete="off" />
          <FormField form={form} field="name" label="Name (for a new account)" autoComplete="off" />
          <FormGroup label="Role" labelFor="team-invite-role">
            <HTMLSelect id="team-invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value as RoleCode)} options={ROLE_CODES.map((code) => ({ value: code, label: RoleName[code] }))} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} />
              <Button type="submit" intent="primary" text="Invite" loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
