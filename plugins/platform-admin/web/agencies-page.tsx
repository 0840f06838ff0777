import { Button, Callout, Card, Dialog, DialogBody, DialogFooter, HTMLTable } from '@civic/sdk/web/blueprint';
import { AddIcon, OfficeIcon } from '@civic/sdk/web/icons';
import { useState, type FormEvent } from '@civic/sdk/web/react';
import { ApiClient, EmptyState, FormField, Page, PageSkeleton, ToastService, isApiError, useService } from '@civic/sdk/web';
import { serverFieldErrors, useDtoForm } from '@civic/sdk/web/forms';
import { AdminApi, type AgencyItem } from '../common/api';
import { AgencyDto } from '../common/agency.dto';
import { errorText, useResource } from './use-resource';

function AgencyDialog(props: { agency: AgencyItem | null; isOpen: boolean; onClose: () => void; onSaved: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const form = useDtoForm('agency', AgencyDto, { name: props.agency?.name ?? '' }, (v) => ({ name: v.name.trim() }));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const title = props.agency ? `Rename ${props.agency.name}` : 'New agency';

  function close() {
    form.reset();
    setFailure(null);
    props.onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setSaving(true);
    setFailure(null);
    try {
      const body = { name: form.values.name.trim() };
      if (props.agency) await api.patch(AdminApi.agency(props.agency.id), body);
      else await api.post(AdminApi.agencies, body);
      toasts.notify(props.agency ? 'Agency renamed' : 'Agency created');
      props.onSaved();
      close();
    } catch (error) {
      if (isApiError(error) && error.status === 409) form.showErrors({ name: error.message });
      else if (isApiError(error) && serverFieldErrors(error.fields, ['name'] as const).name) form.showErrors(serverFieldErrors(error.fields, ['name'] as const));
      else setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog isOpen={props.isOpen} onClose={close} title={title}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <DialogBody>
          {failure && (
            <Callout intent="danger" role="alert" className="civic-form-notice">
              {failure}
            </Callout>
          )}
          <FormField form={form} field="name" label="Agency name" autoComplete="off" />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} />
              <Button type="submit" intent="primary" text="Save" loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

/** /agency: agencies with their apps and users; create and rename (platform admins). */
export function AgenciesPage() {
  const api = useService<ApiClient>(ApiClient);
  const list = useResource(() => api.get<{ agencies: AgencyItem[] }>(AdminApi.agencies));
  const [editing, setEditing] = useState<AgencyItem | null | 'new'>(null);
  const agencies = list.data?.agencies ?? [];

  return (
    <Page
      title="Agencies"
      description="The government agencies on the platform, with their chat apps and people."
      actions={<Button intent="primary" icon={<AddIcon />} text="New agency" onClick={() => setEditing('new')} />}
    >
      {list.error && (
        <Callout intent="danger" role="alert" title="The agencies could not be loaded" className="civic-form-notice">
          <p>{list.error}</p>
          <Button text="Try again" onClick={() => void list.reload()} />
        </Callout>
      )}
      {list.loading && !list.data && <PageSkeleton />}
      {list.data && agencies.length === 0 && <EmptyState icon={<OfficeIcon />} title="No agencies yet" action={<Button intent="primary" text="New agency" onClick={() => setEditing('new')} />} />}
      <div className="civic-card-list">
        {agencies.map((agency) => (
          <Card key={agency.id} className="civic-agency-card" aria-label={agency.name} role="region">
            <h2 className="bp6-heading">{agency.name}</h2>
            <Button size="small" text="Rename" aria-label={`Rename ${agency.name}`} onClick={() => setEditing(agency)} />
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
      {editing !== null && (
        <AgencyDialog key={editing === 'new' ? 'new' : editing.id} agency={editing === 'new' ? null : editing} isOpen onClose={() => setEditing(null)} onSaved={() => void list.reload()} />
      )}
    </Page>
  );
}
