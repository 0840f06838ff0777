import { Alert, Button, ButtonGroup, Card, FormGroup, HTMLSelect, HTMLTable } from '@civic/sdk/web/blueprint';
import { AddIcon, OfficeIcon } from '@civic/sdk/web/icons';
import { useState } from '@civic/sdk/web/react';
import { ApiClient, EmptyState, errorMessage, Page, PageSkeleton, ToastService, useService, LoadError } from '@civic/sdk/web';
import { lazyDialog } from '@civic/sdk/web/forms';
import { AdminApi, type AgencyItem } from '../common/api';
import { AdminMessages } from '../common/messages';
import { useResource } from './use-resource';

// The agency form (and class-validator) comes with the first New or Rename, not with the list.
const AgencyDialog = lazyDialog(() => import('./agency-dialog').then((m) => m.AgencyDialog));

/** Moves an agency's apps and people into another agency, then deletes it. */
function MergeDialog(props: { agency: AgencyItem; others: AgencyItem[]; onClose: () => void; onMerged: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const [into, setInto] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = props.others.find((a) => a.id === into);

  async function merge() {
    if (!target) {
      setFailure(AdminMessages.agencyMergeTarget);
      return;
    }
    setBusy(true);
    try {
      await api.post(AdminApi.agencyMerge(props.agency.id), { intoAgencyId: target.id });
      toasts.notify(`Merged ${props.agency.name} into ${target.name}`);
      props.onMerged();
      props.onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert
      isOpen
      intent="danger"
      loading={busy}
      confirmButtonText="Merge"
      cancelButtonText="Cancel"
      onCancel={props.onClose}
      onConfirm={() => void merge()}
      canEscapeKeyCancel
    >
      <h2 className="bp6-heading">Merge {props.agency.name}</h2>
      <p>
        Its {props.agency.apps.length} {props.agency.apps.length === 1 ? 'app' : 'apps'} and {props.agency.users.length} {props.agency.users.length === 1 ? 'user' : 'users'} move to the agency you choose, and {props.agency.name} is deleted.
      </p>
      <FormGroup label="Merge into" labelFor="agency-merge-into" intent={failure ? 'danger' : 'none'} helperText={failure ?? undefined}>
        <HTMLSelect id="agency-merge-into" fill value={into} onChange={(e) => { setInto(e.currentTarget.value); setFailure(null); }}>
          <option value="">Choose an agency…</option>
          {props.others.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </Alert>
  );
}

/** Deletes an agency nobody uses, after the admin confirms it by name. */
function DeleteAlert(props: { agency: AgencyItem; onClose: () => void; onDeleted: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const [busy, setBusy] = useState(false);
  return (
    <Alert
      isOpen
      intent="danger"
      loading={busy}
      confirmButtonText="Delete agency"
      cancelButtonText="Cancel"
      onCancel={props.onClose}
      canEscapeKeyCancel
      onConfirm={() => {
        setBusy(true);
        api
          .delete(AdminApi.agency(props.agency.id))
          .then(() => {
            toasts.notify(`Deleted ${props.agency.name}`);
            props.onDeleted();
          })
          .catch((error: unknown) => toasts.error(errorMessage(error)))
          .finally(() => {
            setBusy(false);
            props.onClose();
          });
      }}
    >
      <p>Delete the agency {props.agency.name}? It has no apps and no users.</p>
    </Alert>
  );
}

/** /agency: agencies with their apps and users; create, rename, delete when unused, merge (platform admins). */
export function AgenciesPage() {
  const api = useService<ApiClient>(ApiClient);
  const list = useResource(() => api.get<{ agencies: AgencyItem[] }>(AdminApi.agencies));
  const [editing, setEditing] = useState<AgencyItem | null | 'new'>(null);
  const [merging, setMerging] = useState<AgencyItem | null>(null);
  const [deleting, setDeleting] = useState<AgencyItem | null>(null);
  const agencies = list.data?.agencies ?? [];

  return (
    <Page
      title="Agencies"
      description="The government agencies on the platform, with their chat apps and people."
      actions={<Button intent="primary" icon={<AddIcon />} text="New agency" onClick={() => setEditing('new')} />}
    >
      {list.error && (
        <LoadError title="The agencies could not be loaded" error={list.error} onRetry={() => void list.reload()} />
      )}
      {list.loading && !list.data && <PageSkeleton />}
      {list.data && agencies.length === 0 && <EmptyState icon={<OfficeIcon />} title="No agencies yet" action={<Button intent="primary" text="New agency" onClick={() => setEditing('new')} />} />}
      <div className="civic-card-list">
        {agencies.map((agency) => (
          <Card key={agency.id} className="civic-agency-card" aria-label={agency.name} role="region">
            <h2 className="bp6-heading">{agency.name}</h2>
            <ButtonGroup className="civic-agency-actions">
              <Button size="small" text="Rename" aria-label={`Rename ${agency.name}`} onClick={() => setEditing(agency)} />
              <Button size="small" text="Merge…" aria-label={`Merge ${agency.name} into another agency`} disabled={agencies.length < 2} onClick={() => setMerging(agency)} />
              <Button
                size="small"
                intent="danger"
                text="Delete"
                aria-label={`Delete ${agency.name}`}
                disabled={agency.apps.length + agency.users.length > 0}
                aria-describedby={agency.apps.length + agency.users.length > 0 ? `agency-in-use-${agency.id}` : undefined}
                onClick={() => setDeleting(agency)}
              />
            </ButtonGroup>
            {agency.apps.length + agency.users.length > 0 && (
              // A disabled button says why, in words on the page.
              <p id={`agency-in-use-${agency.id}`} className="civic-muted civic-agency-in-use">
                {AdminMessages.agencyInUse(agency.name, agency.apps.length, agency.users.length)}
              </p>
            )}
            <HTMLTable compact aria-label={`Apps and people of ${agency.name}`}>
              <tbody>
                <tr>
                  <th scope="row">Apps ({agency.apps.length})</th>
                  <td>{agency.apps.map((app) => `${app.appName} (${app.appId})`).join(', ') || '—'}</td>
                </tr>
                <tr>
                  <th scope="row">Users ({agency.users.length})</th>
                  <td>{agency.users.map((user) => user.email).join(', ') || '—'}</td>
                </tr>
              </tbody>
            </HTMLTable>
          </Card>
        ))}
      </div>
      {merging && <MergeDialog agency={merging} others={agencies.filter((a) => a.id !== merging.id)} onClose={() => setMerging(null)} onMerged={() => void list.reload()} />}
      {deleting && <DeleteAlert agency={deleting} onClose={() => setDeleting(null)} onDeleted={() => void list.reload()} />}
      {editing !== null && (
        <AgencyDialog key={editing === 'new' ? 'new' : editing.id} agency={editing === 'new' ? null : editing} isOpen onClose={() => setEditing(null)} onSaved={() => void list.reload()} />
      )}
    </Page>
  );
}
