import { Alert, Button, Callout, HTMLSelect, HTMLTable, Tag } from '@civic/sdk/web/blueprint';
import { AddIcon, PeopleIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { RoleName, ROLE_CODES, type RoleCode } from '@civic/sdk/common/model';
import { AppContextService, EmptyState, errorMessage, Page, PageSkeleton, ToastService, useAccess, useService, LoadError } from '@civic/sdk/web';
import { lazyDialog } from '@civic/sdk/web/forms';
import type { TeamMember } from '../common/api';
import { TeamMessages } from '../common/messages';
import { canManageTeam } from '../common/permissions';
import { TeamStore } from './team-store';

// Its form (and class-validator) comes with the first Invite, not with the team list.
const InviteMemberDialog = lazyDialog(() => import('./invite-member-dialog').then((m) => m.InviteMemberDialog));

const INVITE_REASON_ID = 'team-invite-reason';

/** /team/{appId}: the app's members; admins invite, change roles and remove (§2, §6). */
export const TeamPage = observer(function TeamPage() {
  const { appId = '' } = useParams();
  const store = useService<TeamStore>(TeamStore);
  const toasts = useService<ToastService>(ToastService);
  const apps = useService<AppContextService>(AppContextService);
  const manage = useAccess(canManageTeam).allowed;
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => void store.load(appId), [store, appId]);

  async function run(action: () => Promise<unknown>, done: string) {
    setFailure(null);
    try {
      await action();
      toasts.notify(done);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  const full = store.maxMembers !== null && store.members.length >= store.maxMembers;
  const tier = apps.currentApp?.subscriptionTier;
  // A disabled button says why, in words on the page (a title on a disabled button never shows).
  const fullReason = full ? `${store.members.length} of ${store.maxMembers} members${tier ? ` on the ${tier} tier` : ''}` : null;
  const count = `${store.members.length}${store.maxMembers !== null ? ` of ${store.maxMembers}` : ''} members`;

  return (
    <Page
      title="Team"
      description="The people who work on this app and what each may do: viewers read, editors build, admins also manage the team."
      actions={
        manage && (
          <>
            {fullReason && (
              <span id={INVITE_REASON_ID} className="civic-muted">
                {fullReason}
              </span>
            )}
            <Button intent="primary" icon={<AddIcon />} text="Invite member" disabled={full} aria-describedby={fullReason ? INVITE_REASON_ID : undefined} onClick={() => setInviting(true)} />
          </>
        )
      }
      toolbar={<span role="status">{store.status === 'ready' ? count : ''}</span>}
    >
      {failure && (
        <Callout intent="danger" role="alert" className="civic-form-notice">
          {failure}
        </Callout>
      )}
      {store.status === 'error' && (
        <LoadError title="The team could not be loaded" error={store.error} onRetry={() => void store.load(appId)} />
      )}
      {store.status === 'loading' && store.members.length === 0 && <PageSkeleton />}
      {store.status === 'ready' && store.members.length === 0 && (
        <EmptyState icon={<PeopleIcon />} title="No members yet" description="Invite the first member of this app's team." action={manage ? <Button intent="primary" text="Invite member" onClick={() => setInviting(true)} /> : undefined} />
      )}
      {store.members.length > 0 && (
        <HTMLTable className="civic-team-table" striped aria-label="Team members">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              {manage && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {store.members.map((member) => (
              <tr key={member.userId}>
                <td>{member.name}</td>
                <td>{member.email}</td>
                <td>
                  {manage ? (
                    <HTMLSelect
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      options={ROLE_CODES.map((code) => ({ value: code, label: RoleName[code] }))}
                      onChange={(e) => {
                        const role = e.currentTarget.value as RoleCode;
                        void run(() => store.changeRole(member.userId, role), `${TeamMessages.roleChanged}: ${member.email} is now ${RoleName[role]}`);
                      }}
                    />
                  ) : (
                    RoleName[member.role]
                  )}
                </td>
                <td>{member.isActive ? <Tag minimal intent="success">Active</Tag> : <Tag minimal intent="warning">Invited</Tag>}</td>
                {manage && (
                  <td>
                    <Button variant="minimal" intent="danger" size="small" text="Remove" aria-label={`Remove ${member.email}`} onClick={() => setRemoving(member)} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <InviteMemberDialog isOpen={inviting} onClose={() => setInviting(false)} />
      <Alert
        isOpen={removing !== null}
        intent="danger"
        confirmButtonText="Remove"
        cancelButtonText="Cancel"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const member = removing;
          setRemoving(null);
          if (member) void run(() => store.remove(member.userId), `${TeamMessages.removed}: ${member.email}`);
        }}
      >
        <p>{TeamMessages.confirmRemove}</p>
        {removing && <p>{removing.email}</p>}
      </Alert>
    </Page>
  );
});
