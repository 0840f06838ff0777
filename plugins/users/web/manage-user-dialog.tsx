import { Alert, Button, Callout, Dialog, DialogBody, DialogFooter, H3, HTMLSelect, Switch } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useState, type FormEvent } from '@civic/sdk/web/react';
import { Messages } from '@civic/sdk/common/messages';
import { isRoleCode, RoleName, ROLE_CODES, type RoleCode } from '@civic/sdk/common/model';
import { AppContextService, errorMessage, FormField, isApiError, ToastService, useService } from '@civic/sdk/web';
import { serverFieldErrors, useDtoForm } from '@civic/sdk/web/forms';
import type { UserListItem } from '../common/api';
import { UpdateUserDto } from '../common/user-edit.dto';
import { UsersStore } from './users-store';

const NO_ROLE = 'none';

/** A change of who may do what, held until the admin confirms it for this named user. */
type PendingChange = { kind: 'admin'; isPlatformAdmin: boolean } | { kind: 'lock' };

/** One account: name, platform admin, lock, password reset and the per-app roles. Each change saves on its own. */
export const ManageUserDialog = observer(function ManageUserDialog(props: { user: UserListItem; onClose: () => void }) {
  const { user } = props;
  const store = useService<UsersStore>(UsersStore);
  const apps = useService<AppContextService>(AppContextService);
  const toasts = useService<ToastService>(ToastService);
  const form = useDtoForm('manage-user', UpdateUserDto, { name: user.name }, (v) => ({ name: v.name.trim() }));
  const [roles, setRoles] = useState<Record<string, RoleCode | null>>({ ...user.roles });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const who = `${user.name} (${user.email})`;

  async function run(kind: string, work: () => Promise<unknown>, done: string) {
    setBusy(kind);
    setFailure(null);
    try {
      await work();
      toasts.notify(done);
    } catch (error) {
      const fields = isApiError(error) ? serverFieldErrors(error.fields, ['name'] as const) : {};
      if (fields.name) form.showErrors(fields);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  function saveName(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    void run('name', () => store.update(user.id, { name: form.values.name.trim() }), Messages.saved);
  }

  const changedRoles = Object.fromEntries(
    Object.entries(roles).filter(([appId, role]) => (user.roles[appId] ?? null) !== role),
  ) as Record<string, RoleCode | null>;

  return (
    <Dialog isOpen onClose={props.onClose} title={`Manage ${user.name}`} className="civic-manage-user">
      <DialogBody>
        <p className="civic-muted">{user.email}</p>
        {failure && (
          <Callout intent="danger" role="alert" className="civic-form-notice">
            {failure}
          </Callout>
        )}
        <form onSubmit={saveName} noValidate aria-label="Name" className="civic-inline-form">
          <FormField form={form} field="name" label="Name" />
          <Button type="submit" text="Save name" loading={busy === 'name'} />
        </form>

        <H3 className="civic-section-title">Access</H3>
        <Switch
          label="Platform admin"
          checked={user.isPlatformAdmin}
          disabled={busy !== null}
          onChange={(e) => setPending({ kind: 'admin', isPlatformAdmin: e.currentTarget.checked })}
        />
        <Switch
          label="Locked (cannot sign in)"
          checked={user.isLocked}
          disabled={busy !== null}
          onChange={(e) => {
            // Locking shuts someone out: it is confirmed. Unlocking only lets them back in.
            if (e.currentTarget.checked) setPending({ kind: 'lock' });
            else void run('lock', () => store.update(user.id, { locked: false }), 'Account unlocked');
          }}
        />
        <Button text="Reset password" loading={busy === 'reset'} onClick={() => setConfirmReset(true)} />

        <H3 className="civic-section-title">Roles per app</H3>
        {user.isPlatformAdmin && <p className="civic-muted">A platform admin is an admin on every app.</p>}
        <table className="civic-roles-table">
          <caption className="civic-visually-hidden">Role of {user.name} on each app</caption>
          <thead>
            <tr>
              <th scope="col">App</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {apps.apps.map((app) => (
              <tr key={app.appId}>
                <th scope="row">{app.appName}</th>
                <td>
                  <HTMLSelect
                    aria-label={`Role on ${app.appName}`}
                    value={roles[app.appId] ?? NO_ROLE}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setRoles({ ...roles, [app.appId]: isRoleCode(value) ? value : null });
                    }}
                    options={[{ value: NO_ROLE, label: 'No access' }, ...ROLE_CODES.map((code) => ({ value: code, label: RoleName[code] }))]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={props.onClose} />
            <Button
              intent="primary"
              text="Save roles"
              disabled={Object.keys(changedRoles).length === 0}
              loading={busy === 'roles'}
              onClick={() => void run('roles', () => store.setRoles(user.id, changedRoles), Messages.saved)}
            />
          </>
        }
      />
      <Alert
        isOpen={confirmReset}
        intent="danger"
        icon={undefined}
        cancelButtonText="Cancel"
        confirmButtonText="Reset password"
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          void run('reset', () => store.resetPassword(user.id), `A password reset link was sent to ${user.email}`);
        }}
      >
        <p>{Messages.confirmResetPassword}</p>
        <p>{user.name} will be signed out everywhere and must choose a new password from the link sent to {user.email}.</p>
      </Alert>
      <Alert
        isOpen={pending !== null}
        intent="danger"
        icon={undefined}
        cancelButtonText="Cancel"
        confirmButtonText={pending?.kind === 'lock' ? 'Lock account' : pending?.isPlatformAdmin ? 'Make platform admin' : 'Remove platform admin'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const change = pending;
          setPending(null);
          if (change?.kind === 'lock') void run('lock', () => store.update(user.id, { locked: true }), `${user.name} is locked`);
          else if (change) {
            const { isPlatformAdmin } = change;
            void run('admin', () => store.update(user.id, { isPlatformAdmin }), isPlatformAdmin ? `${user.name} is a platform admin` : `${user.name} is no longer a platform admin`);
          }
        }}
      >
        {pending?.kind === 'lock' && (
          <p>Lock the account of {who}? They cannot sign in until an admin unlocks the account.</p>
        )}
        {pending?.kind === 'admin' && pending.isPlatformAdmin && (
          <p>Make {who} a platform admin? They become an admin on every app and can manage every user.</p>
        )}
        {pending?.kind === 'admin' && !pending.isPlatformAdmin && (
          <p>Remove platform admin from {who}? They keep only the roles they have on each app.</p>
        )}
      </Alert>
    </Dialog>
  );
});
