import { Button, Card, HTMLTable } from '@civic/sdk/web/blueprint';
import { AddIcon, OfficeIcon } from '@civic/sdk/web/icons';
import { useState } from '@civic/sdk/web/react';
import { ApiClient, EmptyState, FormField, Page, PageSkeleton, useService, LoadError } from '@civic/sdk/web';
import { FormDialog, useDtoForm, useFormSubmit } from '@civic/sdk/web/forms';
import { AdminApi, type AgencyItem } from '../common/api';
import { AgencyDto } from '../common/agency.dto';
import { useResource } from './use-resource';

function AgencyDialog(props: { agency: AgencyItem | null; isOpen: boolean; onClose: () => void; onSaved: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const form = useDtoForm('agency', AgencyDto, { name: props.agency?.name ?? '' }, (v) => ({ name: v.name.trim() }));
  const submit = useFormSubmit(form, {
    action: async () => {
      const body = { name: form.values.name.trim() };
      if (props.agency) await api.patch(AdminApi.agency(props.agency.id), body);
      else await api.post(AdminApi.agencies, body);
    },
    toast: props.agency ? 'Agency renamed' : 'Agency created',
    onSuccess: () => {
      props.onSaved();
      close();
    },
    fieldErrors: (error) => (error.status === 409 ? { name: error.message } : undefined),
  });
  const title = props.agency ? `Rename ${props.agency.name}` : 'New agency';

  function close() {
    form.reset();
    submit.clear();
    props.onClose();
  }

  return (
    <FormDialog isOpen={props.isOpen} title={title} submitText="Save" submit={submit} onClose={close}>
      <FormField form={form} field="name" label="Agency name" autoComplete="off" />
    </FormDialog>
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
        <LoadError title="The agencies could not be loaded" error={list.error} onRetry={() => void list.reload()} />
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
